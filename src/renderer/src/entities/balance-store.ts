import { create } from 'zustand';
import type { AccountBalance, Envelope } from '../../../shared/contract';
import { studio } from '../studio/studio-client';

interface BalanceState {
  /** The last balance main read (from any view: main pushes `account.balance` every time). */
  balance: AccountBalance | null;
  /** When the balance was last received (ms), for "updated at". */
  balanceAt: number | null;
  balanceReceived: (balance: AccountBalance) => void;
  /** Asks the gateway; the answer also arrives as an event for every other view. */
  refresh: () => Promise<Envelope<AccountBalance>>;
}

/** The balance of the key and of the account, as the gateway last reported it (the account page, the timeline's budgets). */
export const useBalanceStore = create<BalanceState>()((set) => ({
  balance: null,
  balanceAt: null,
  // The engine's own readings (before budgeted submissions) carry the key's level only: keep the account's.
  balanceReceived: (balance) =>
    set((state) => ({
      balance:
        balance.user === null && balance.userError === null && state.balance
          ? { ...balance, user: state.balance.user, userError: state.balance.userError }
          : balance,
      balanceAt: Date.now(),
    })),
  refresh: async () => {
    const answer = await studio().call('account.get_balance', {});
    if (answer.ok) set({ balance: answer.value, balanceAt: Date.now() });
    return answer;
  },
}));
