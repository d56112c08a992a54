import { Settings } from 'lucide-react';
import { paths, patterns } from '../../routing/paths';
import { childPath, type FeatureModule } from '../../studio/feature-module';

/** Settings: gateway profiles and keys, the library folder, the desktop's choices, language and theme. */
export const settingsModule: FeatureModule = {
  name: 'settings',
  routes: [{ path: childPath(patterns.settings), lazy: () => import('./SettingsPage').then((page) => ({ Component: page.SettingsPage })) }],
  nav: { to: paths.settings(), label: 'nav.settings', icon: Settings },
};
