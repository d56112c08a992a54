import { inEnglish, translatorOf, type Reader } from '../i18n/locales';
import { say } from '../i18n/translate';
import type { StudioError } from './define';
import { errorReasons, reasonWords } from './error-reasons';
import { wordError } from './error-wording';
import type { JobView } from './jobs';
import { jobReasonOf } from './job-reasons';

/** What `jobProblem` reads of a job. */
export type JobProblemSource = Pick<JobView, 'state' | 'errorCode' | 'errorMessage' | 'gatewayMessage'>;

/**
 * A job's problem as an error to word (`wordError`, `<ErrorMessage>`, `useErrorWording`): the
 * reason of its code, the gateway's own text as it came, and the engine's account as its `message`.
 * Null when the job has nothing to report.
 */
export function jobProblem(job: JobProblemSource): StudioError | null {
  if (job.errorCode === null && job.errorMessage === null) return null;
  const { reason, params } = jobReasonOf(job.errorCode);
  const definition = errorReasons[reason];
  return {
    code: definition.code,
    message: job.errorMessage ?? say(reasonWords(reason, params), inEnglish),
    reason,
    params,
    ...(job.gatewayMessage?.trim() ? { gatewayMessage: job.gatewayMessage } : {}),
  };
}

/**
 * A job's problem as one line (the command line): the explanation, the gateway's own words, and
 * the engine's account when it adds something. Null when the job has nothing to report.
 */
export function jobProblemText(job: JobProblemSource, reader: Reader = 'en'): string | null {
  const translate = translatorOf(reader);
  const problem = jobProblem(job);
  if (problem === null) return null;
  const { summary, gatewayText } = wordError(problem, translate);
  const lines = [summary];
  if (gatewayText !== null) lines.push(translate('reasons.lines.gatewaySaid', { text: gatewayText }));
  const details = job.errorMessage?.trim();
  if (details && details !== summary && details !== gatewayText) lines.push(translate('reasons.lines.details', { text: details }));
  return lines.join(' ');
}
