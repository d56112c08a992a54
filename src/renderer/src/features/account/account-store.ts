import { create } from 'zustand';
import type { AccountBalance, CreatedKeyView, CreatedTokenView, CreateTokenInput, DaySpendView, Envelope } from '../../../../shared/contract';
import { studio } from '../../studio/studio-client';
import { lastDays } from './account-model';

interface AccountState {
  /** The last balance main read (from any view: main pushes `account.balance` every time). */
  balance: AccountBalance | null;
  /** When the balance was last received (ms), for "updated at". */
  balanceAt: number | null;
  /** Credits spent per day over the last weeks, from the studio's own records; null until loaded. */
  spend: DaySpendView[] | null;
  /** Model ids the key in use can reach, for a restricted key's model limits; null until loaded. */
  models: string[] | null;
  /** The keys this studio created (never the secret); null until loaded. */
  studioKeys: CreatedKeyView[] | null;
  balanceReceived: (balance: AccountBalance) => void;
  /** Asks the gateway; the answer also arrives as an event for every other view. */
  refresh: () => Promise<Envelope<AccountBalance>>;
  loadSpend: (now?: Date) => Promise<Envelope<DaySpendView[]>>;
  loadModels: () => Promise<Envelope<unknown>>;
  loadStudioKeys: () => Promise<Envelope<CreatedKeyView[]>>;
  /**
   * Creates a restricted key on the gateway. The secret is in the answer only: it is not kept
   * here (or anywhere) unless the person saves it into a profile.
   */
  createToken: (input: CreateTokenInput) => Promise<Envelope<CreatedTokenView>>;
}

/** The account's balance as the gateway last reported it, and what the studio spent per day. */
export const useAccountStore = create<AccountState>()((set) => ({
  balance: null,
  balanceAt: null,
  spend: null,
  models: null,
  studioKeys: null,
  // The engine's own readings (before budgeted submissions) carry the key's level only: keep the account's.
  balanceReceived: (balance) =>
    set((state) => ({
      balance: balance.user === null && balance.userError === null && state.balance ? { ...balance, user: state.balance.user, userError: state.balance.userError } : balance,
      balanceAt: Date.now(),
    })),
  refresh: async () => {
    const answer = await studio().call('account.get_balance', {});
    if (answer.ok) set({ balance: answer.value, balanceAt: Date.now() });
    return answer;
  },
  loadSpend: async (now = new Date()) => {
    const answer = await studio().call('jobs.sum_daily_credits', lastDays(now));
    if (answer.ok) set({ spend: answer.value });
    return answer;
  },
  loadModels: async () => {
    const answer = await studio().call('models.list', {});
    if (answer.ok) set({ models: answer.value.models.map((model) => model.id).sort((a, b) => a.localeCompare(b)) });
    return answer;
  },
  loadStudioKeys: async () => {
    const answer = await studio().call('jobs.list_created_keys', {});
    if (answer.ok) set({ studioKeys: answer.value });
    return answer;
  },
  createToken: (input) => studio().call('account.create_token', input),
}));

/** Selectors other features use to read the account (stores never reach into each other). */
export const accountSelectors = {
  balance: (state: Pick<AccountState, 'balance'>): AccountBalance | null => state.balance,
};
