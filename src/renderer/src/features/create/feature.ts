import { Sparkles } from 'lucide-react';
import { paths, patterns } from '../../routing/paths';
import { childPath, type FeatureModule } from '../../studio/feature-module';

/** Create: the form for one request or a batch, the mask painter and the strip of recent jobs. */
export const createModule: FeatureModule = {
  name: 'create',
  routes: [{ path: childPath(patterns.create), lazy: () => import('./CreatePage').then((page) => ({ Component: page.CreatePage })) }],
  nav: { to: paths.create(), label: 'nav.create', icon: Sparkles },
};
