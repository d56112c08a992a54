import { create } from 'zustand';
import type { AccountBalance, Envelope } from '../../../../shared/contract';
import { studio } from '../../studio/studio-client';

interface AccountState {
  /** The last balance main read (from any view: main pushes `account.balance` every time). */
  balance: AccountBalance | null;
  balanceReceived: (balance: AccountBalance) => void;
  /** Asks the gateway; the answer also arrives as an event for every other view. */
  refresh: () => Promise<Envelope<AccountBalance>>;
}

/** The account's balance as the gateway last reported it. */
export const useAccountStore = create<AccountState>()((set) => ({
  balance: null,
  balanceReceived: (balance) => set({ balance }),
  refresh: async () => {
    const answer = await studio().call('account.get_balance', {});
    if (answer.ok) set({ balance: answer.value });
    return answer;
  },
}));
