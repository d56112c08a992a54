import { useTranslation } from 'react-i18next';
import type { CostEstimate, StudioError } from '../../../../../shared/contract';
import { ErrorMessage } from '../../../errors/ErrorMessage';

export interface EstimateLineProps {
  status: 'idle' | 'loading' | 'ready' | 'error';
  estimate: CostEstimate | null;
  error: StudioError | null;
  /** Model names by variant id, to name the unpriced ones. */
  nameOf: (variantId: string) => string;
  /** Requests per prompt. */
  count: number;
  /** The models every prompt runs on, the chosen one first. */
  models: readonly string[];
  /** The prompt of the video being remixed, while remixing. */
  remixOf: string | null;
  creditBudget: number | undefined;
  keyCredits: number | undefined;
}

function credits(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/**
 * Beside Generate, what will run: "2 prompts × 2 models = 4 requests · about 32 credits", on which
 * models, and whatever else applies (a remix, a credit floor, a capped key), so nothing carried
 * over from an earlier request is hidden. Costs come from what the same model and options cost
 * in earlier jobs ("unknown" where there is no such job).
 */
export function EstimateLine({ status, estimate, error, nameOf, count, models, remixOf, creditBudget, keyCredits }: EstimateLineProps) {
  const { t } = useTranslation();
  if (status === 'error' && error) {
    return (
      <div className="estimate estimate-error" role="status">
        <ErrorMessage error={error} />
      </div>
    );
  }
  if (!estimate)
    return (
      <p className="estimate estimate-pending" role="status">
        {status === 'loading' ? t('create.estimate.loading') : ''}
      </p>
    );
  const modelCount = Math.max(1, models.length);
  const prompts = Math.max(1, Math.round(estimate.requests / (modelCount * Math.max(1, count))));
  const factors = [
    prompts > 1 ? t('create.plan.prompts', { count: prompts }) : null,
    modelCount > 1 ? t('create.plan.models', { count: modelCount }) : null,
    count > 1 ? t('create.plan.each', { count }) : null,
  ].filter((part): part is string => part !== null);
  const requests = t('create.plan.requests', { count: estimate.requests });
  // One factor alone says nothing the count does not ("2 prompts = 2 requests"): the sum is shown from two on.
  const size = factors.length > 1 ? t('create.plan.equation', { factors: factors.join(' × '), requests }) : requests;

  const unpriced = estimate.kinds.filter((kind) => kind.creditsEach === null).map((kind) => nameOf(kind.variantId));
  const names = [...new Set(unpriced)].join(t('create.plan.and'));
  let cost: string;
  if (estimate.credits === null) cost = t('create.plan.unknown', { models: names });
  else if (estimate.unpricedRequests === 0) cost = t('create.plan.credits', { credits: credits(estimate.credits) });
  else cost = t('create.plan.partly', { credits: credits(estimate.credits), priced: estimate.requests - estimate.unpricedRequests, models: names });

  const context = [
    t('create.plan.on', { models: models.join(t('create.plan.and')) }),
    remixOf === null ? null : t('create.plan.remix', { prompt: remixOf.length > 40 ? `${remixOf.slice(0, 39)}…` : remixOf }),
    creditBudget === undefined ? null : t('create.plan.budget', { credits: credits(creditBudget) }),
    keyCredits === undefined ? null : t('create.plan.keyCap', { credits: credits(keyCredits) }),
  ].filter((part): part is string => part !== null);
  return (
    <div className={`estimate${status === 'loading' ? ' estimate-stale' : ''}`} role="status" aria-busy={status === 'loading' || undefined}>
      <p className="estimate-plan">{[size, cost].join(t('create.plan.join'))}</p>
      <p className="estimate-context">{context.join(t('create.plan.join'))}</p>
    </div>
  );
}
