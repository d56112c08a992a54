import { gatewayOriginOf, type AccountBalance, type BalanceView, type CreateTokenInput, type CreatedTokenView } from '../../../../shared/contract';
import type { NewCreatedKey } from '../../library';
import type { EventBus } from '../../events/event-bus';
import type { RouteHandlers } from '../../router/router';
import type { Balance, CreatedToken } from '../account';
import { GatewayError } from '../gateway-error';
import type { GatewayService } from '../gateway-service';
import { withGatewayFailures } from './failures';

/** The contract's view of a balance read from the gateway. */
export function balanceView(balance: Balance): BalanceView {
  return {
    unlimited: balance.unlimited,
    remainCredits: balance.remainCredits,
    usedCredits: balance.usedCredits,
    remainBalance: balance.remainBalance,
    usedBalance: balance.usedBalance,
    creditsPerUsd: balance.creditsPerUsd,
    dailyLimitCredits: balance.dailyLimitCredits,
    monthlyLimitCredits: balance.monthlyLimitCredits,
  };
}

function tokenView({ key, token }: CreatedToken, input: CreateTokenInput): CreatedTokenView {
  const limits = token.model_limits ?? input.modelLimits?.join(',') ?? '';
  return {
    key,
    id: token.id ?? null,
    name: token.name ?? input.name,
    remainCredits: token.remain_credits ?? null,
    unlimited: token.unlimited_quota ?? input.unlimited ?? false,
    expiredTime: token.expired_time ?? null,
    modelLimits: limits
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
    group: token.group ?? null,
  };
}

/**
 * The account routes. `recordKey` keeps a listing (never the secret) of every key created here,
 * since the interface has no way to list keys afterwards.
 */
export function accountHandlers(
  gateway: GatewayService,
  bus: EventBus,
  recordKey: (key: NewCreatedKey) => void = () => undefined,
): Pick<RouteHandlers, 'account.get_balance' | 'account.create_token'> {
  return {
    'account.get_balance': () =>
      withGatewayFailures(async () => {
        const { client, demoMode } = await gateway.active();
        const token = await client.account.tokenBalance();
        let user: BalanceView | null = null;
        let userError: string | null = null;
        try {
          user = balanceView(await client.account.userBalance());
        } catch (error) {
          // Some deployments refuse the user level to a token; the token level still answers.
          if (!(error instanceof GatewayError)) throw error;
          userError = error.gatewayMessage ? `${error.summary} (${error.gatewayMessage})` : error.summary;
        }
        const balance: AccountBalance = { token: balanceView(token), user, userError, demoMode };
        bus.emit('account.balance', balance);
        return balance;
      }),

    // The one place a key crosses to the renderer: the artist asked for a new key and sees it once.
    'account.create_token': (input) =>
      withGatewayFailures(async () => {
        const { client } = await gateway.active();
        const limits = input.modelLimits ?? [];
        const created = await client.account.createToken({
          name: input.name,
          expired_time: input.expiresAt ?? -1,
          ...(input.remainCredits === undefined ? {} : { remain_credits: input.remainCredits }),
          ...(input.unlimited === undefined ? {} : { unlimited_quota: input.unlimited }),
          ...(input.dailyCredits === undefined ? {} : { daily_credits: input.dailyCredits }),
          ...(input.monthlyCredits === undefined ? {} : { monthly_credits: input.monthlyCredits }),
          ...(limits.length === 0 ? {} : { model_limits_enabled: true, model_limits: limits.join(',') }),
          ...(input.group === undefined ? {} : { group: input.group }),
        });
        const view = tokenView(created, input);
        recordKey({
          gateway: gatewayOriginOf(client.baseUrl),
          tokenId: view.id ?? view.name,
          name: view.name,
          purpose: 'account',
          batchId: null,
          remainCredits: view.remainCredits ?? input.remainCredits ?? null,
          unlimited: view.unlimited,
          dailyCredits: input.dailyCredits ?? null,
          monthlyCredits: input.monthlyCredits ?? null,
          modelLimits: view.modelLimits,
          expiresAt: view.expiredTime !== null && view.expiredTime > 0 ? view.expiredTime * 1000 : null,
        });
        return view;
      }),
  };
}
