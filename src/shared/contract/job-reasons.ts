/**
 * Why a job ended the way it did (or waits), worded once for the window and the command line.
 * The engine records a code and an English account with the details (`errorCode`,
 * `errorMessage`), and the gateway's own words apart (`gatewayMessage`); `jobProblem` turns them
 * into a `StudioError` whose reason says what happened and what to do, in the locale files.
 */
import { gatewayCaseWords, isGatewayErrorCase } from '../gateway/error-cases';
import type { Words } from '../i18n/translate';
import type { ErrorCode, ErrorParams } from './errors';

/**
 * One reason an error can have: its code, and its words. Without `words` they are the reason's
 * own text (`reasons.errors.<reason>`) with the error's parameters.
 */
export interface ReasonEntry {
  code: ErrorCode;
  words?: (params: ErrorParams) => Words;
}

/** Reasons of jobs' problems, merged into `errorReasons` (keys start with `job_`). */
export const jobReasons = {
  job_task_failed: { code: 'gateway_error' },
  job_no_result_address: { code: 'gateway_error' },
  job_summary_only: { code: 'gateway_error' },
  job_outcome_unknown: { code: 'gateway_error' },
  job_server_error_unknown: { code: 'gateway_error' },
  job_interrupted: { code: 'gateway_error' },
  job_task_id_clash: { code: 'gateway_error' },
  job_not_received: { code: 'gateway_error' },
  job_resubmitted: { code: 'conflict' },
  job_discarded: { code: 'conflict' },
  job_canceled: { code: 'conflict' },
  job_deadline: { code: 'gateway_error' },
  job_poll_refused: { code: 'gateway_error' },
  job_no_result: { code: 'gateway_error' },
  job_no_character: { code: 'gateway_error' },
  job_character_missing: { code: 'gateway_error' },
  job_download_failed: { code: 'storage_error' },
  job_result_expired: { code: 'gateway_error' },
  job_partial: { code: 'gateway_error' },
  job_write_failed: { code: 'storage_error' },
  job_invalid_request: { code: 'invalid_input' },
  job_batch_stopped: { code: 'insufficient_quota' },
  job_budget_unchecked: { code: 'gateway_error' },
  job_out_of_credits: { code: 'insufficient_quota' },
  job_rate_limited: { code: 'rate_limited' },
  job_unreachable: { code: 'gateway_unreachable' },
  job_gateway_refused: {
    code: 'gateway_error',
    words: (params) => (isGatewayErrorCase(params.case) ? gatewayCaseWords(params.case) : 'reasons.errors.job_gateway_refused'),
  },
  job_failed: { code: 'gateway_error' },
} satisfies Record<string, ReasonEntry>;

export type JobReason = keyof typeof jobReasons;

/** The engine's codes, by the reason that words them; codes not listed are a gateway's own. */
const reasonOfCode: Readonly<Record<string, JobReason>> = {
  task_failed: 'job_task_failed',
  no_result_address: 'job_no_result_address',
  summary_only: 'job_summary_only',
  outcome_unknown: 'job_outcome_unknown',
  server_error_unknown: 'job_server_error_unknown',
  unexpected: 'job_outcome_unknown',
  interrupted: 'job_interrupted',
  task_id_clash: 'job_task_id_clash',
  not_received: 'job_not_received',
  resubmitted: 'job_resubmitted',
  discarded: 'job_discarded',
  canceled: 'job_canceled',
  deadline: 'job_deadline',
  poll_refused: 'job_poll_refused',
  no_result: 'job_no_result',
  no_character: 'job_no_character',
  character_missing: 'job_character_missing',
  download_failed: 'job_download_failed',
  result_expired: 'job_result_expired',
  partial: 'job_partial',
  write_failed: 'job_write_failed',
  invalid_request: 'job_invalid_request',
  batch_stopped: 'job_batch_stopped',
  budget_unchecked: 'job_budget_unchecked',
  insufficient_quota: 'job_out_of_credits',
  rate_limited: 'job_rate_limited',
  unreachable: 'job_unreachable',
};

/** The reason that words a job's code: the engine's own, a recognised gateway case, or a plain failure. */
export function jobReasonOf(code: string | null): { reason: JobReason; params: ErrorParams } {
  if (code === null) return { reason: 'job_failed', params: {} };
  const own = Object.hasOwn(reasonOfCode, code) ? reasonOfCode[code] : undefined;
  if (own !== undefined) return { reason: own, params: {} };
  if (isGatewayErrorCase(code)) return { reason: 'job_gateway_refused', params: { case: code } };
  return { reason: 'job_failed', params: { code } };
}
