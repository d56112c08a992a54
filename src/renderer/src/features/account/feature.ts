import { CircleUserRound } from 'lucide-react';
import { useBalanceStore } from '../../entities/balance-store';
import { batchNotice } from '../../entities/batch-notices';
import { useJobsStore } from '../../entities/jobs-store';
import { paths, patterns } from '../../routing/paths';
import { childPath, type FeatureModule } from '../../studio/feature-module';
import { useAccountStore } from './account-store';

/** Account: balances, credits spent per day, restricted keys. */
export const accountModule: FeatureModule = {
  name: 'account',
  routes: [{ path: childPath(patterns.account), lazy: () => import('./AccountPage').then((page) => ({ Component: page.AccountPage })) }],
  nav: { to: paths.account(), label: 'nav.account', icon: CircleUserRound },
  events: {
    'jobs.batch_changed': (batch) => {
      // What a finished or stopped batch spent shows on the account page, if anyone looked at it.
      if (batchNotice(useJobsStore.getState().batches[batch.id], batch, Date.now()) === null) return;
      if (useBalanceStore.getState().balance !== null) void useBalanceStore.getState().refresh();
      if (useAccountStore.getState().spend !== null) void useAccountStore.getState().loadSpend();
    },
  },
};
