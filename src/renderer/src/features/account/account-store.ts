import { create } from 'zustand';
import type { CreatedKeyView, CreatedTokenView, CreateTokenInput, DaySpendView, Envelope } from '../../../../shared/contract';
import { studio } from '../../studio/studio-client';
import { lastDays } from './account-model';

interface AccountState {
  /** Credits spent per day over the last weeks, from the studio's own records; null until loaded. */
  spend: DaySpendView[] | null;
  /** Model ids the key in use can reach, for a restricted key's model limits; null until loaded. */
  models: string[] | null;
  /** The keys this studio created (never the secret); null until loaded. */
  studioKeys: CreatedKeyView[] | null;
  loadSpend: (now?: Date) => Promise<Envelope<DaySpendView[]>>;
  loadModels: () => Promise<Envelope<unknown>>;
  loadStudioKeys: () => Promise<Envelope<CreatedKeyView[]>>;
  /**
   * Creates a restricted key on the gateway. The secret is in the answer only: it is not kept
   * here (or anywhere) unless the person saves it into a profile.
   */
  createToken: (input: CreateTokenInput) => Promise<Envelope<CreatedTokenView>>;
}

/** What the studio spent per day, the models a restricted key may reach, and creating such keys (the balance is `entities/balance-store`). */
export const useAccountStore = create<AccountState>()((set) => ({
  spend: null,
  models: null,
  studioKeys: null,
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
