import { ListChecks } from 'lucide-react';
import { batchNotice } from '../../entities/batch-notices';
import { useDesktopStore } from '../../entities/desktop-store';
import { jobSelectors, useJobsStore } from '../../entities/jobs-store';
import { paths, patterns } from '../../routing/paths';
import { childPath, type FeatureModule } from '../../studio/feature-module';
import { showBatchNotice } from './browser-notices';

const page = () => import('./TimelinePage').then((module) => ({ Component: module.TimelinePage }));

/** Timeline: batches and jobs with live progress; web mode's notifications of finished batches. */
export const timelineModule: FeatureModule = {
  name: 'timeline',
  routes: [
    { path: childPath(patterns.timeline), lazy: page },
    { path: childPath(patterns.batch), lazy: page },
  ],
  nav: {
    to: paths.timeline(),
    label: 'nav.timeline',
    icon: ListChecks,
    badge: { useCount: () => useJobsStore(jobSelectors.activeCount), label: 'nav.activeJobs' },
  },
  events: {
    'jobs.batch_changed': (batch, { navigate }) => {
      // The shell notifies by itself in the desktop app; web mode uses the browser's notifications.
      if (useDesktopStore.getState().info?.systemNotifications === true) return;
      const notice = batchNotice(useJobsStore.getState().batches[batch.id], batch, Date.now());
      if (notice !== null) showBatchNotice(notice, (id) => navigate(paths.batch(id)));
    },
  },
};
