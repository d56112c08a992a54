import { useTranslation } from 'react-i18next';
import type { CostEstimate, StudioError } from '../../../../../shared/contract';
import { ErrorMessage } from '../../../errors/ErrorMessage';

export interface EstimateLineProps {
  status: 'idle' | 'loading' | 'ready' | 'error';
  estimate: CostEstimate | null;
  error: StudioError | null;
  /** Model labels by variant id, to name the unpriced ones. */
  nameOf: (variantId: string) => string;
}

function credits(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/**
 * Before submitting: how many requests the batch makes and what it should cost, from what the
 * same model and options cost in earlier jobs ("unknown" where there is no such job).
 */
export function EstimateLine({ status, estimate, error, nameOf }: EstimateLineProps) {
  const { t } = useTranslation();
  if (status === 'error' && error) {
    return (
      <div className="estimate estimate-error" role="status">
        <ErrorMessage error={error} />
      </div>
    );
  }
  if (!estimate) return <p className="estimate estimate-pending" role="status">{status === 'loading' ? t('create.estimate.loading') : ''}</p>;
  const unpriced = estimate.kinds.filter((kind) => kind.creditsEach === null).map((kind) => nameOf(kind.variantId));
  let text: string;
  if (estimate.credits === null) text = t('create.estimate.unknown', { count: estimate.requests, models: unpriced.join(', ') });
  else if (estimate.unpricedRequests === 0) text = t('create.estimate.known', { credits: credits(estimate.credits), count: estimate.requests });
  else text = t('create.estimate.partly', { credits: credits(estimate.credits), count: estimate.requests, priced: estimate.requests - estimate.unpricedRequests, models: unpriced.join(', ') });
  return (
    <p className={`estimate${status === 'loading' ? ' estimate-stale' : ''}`} role="status" aria-busy={status === 'loading' || undefined}>
      {text}
    </p>
  );
}
