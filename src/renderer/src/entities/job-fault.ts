/**
 * Whether a failed job failed because of what it asked for: the same request sent again would be
 * refused again (and may be charged again), so the way forward is to change it first ("Edit and
 * retry"), never a plain Retry. Create's results and the timeline both offer their buttons by it.
 */
import type { JobView } from '../../../shared/contract';

/** Codes that say the request itself was refused: a rule it breaks, or words the gateway will not take. */
const REQUEST_FAULTS: ReadonlySet<string> = new Set(['invalid_request', 'bad_request', 'prompt_blocked', 'model_not_found']);

export function isRequestFault(job: Pick<JobView, 'state' | 'errorCode'>): boolean {
  return job.state === 'failed' && job.errorCode !== null && REQUEST_FAULTS.has(job.errorCode);
}
