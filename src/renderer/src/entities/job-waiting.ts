/**
 * What a job in flight waits for, as the timeline and Create's cards show it: a usable key (its
 * paid task is still followed while the gateway refuses the key) or the next try of a download
 * ("downloading, trying again at 14:32"), with the gateway's or result host's own words.
 */
import type { JobView } from '../../../shared/contract';
import { isActive } from '../../../shared/jobs/job-states';

export type JobWait = { kind: 'key'; message: string | null; retryAt: number | null } | { kind: 'download'; message: string | null; retryAt: number };

/** The wait a job shows, or null when nothing holds it up. */
export function jobWait(job: Pick<JobView, 'state' | 'waitingFor' | 'waitingMessage' | 'retryAt'>): JobWait | null {
  if (!isActive(job.state)) return null;
  if (job.waitingFor === 'key') return { kind: 'key', message: job.waitingMessage, retryAt: job.retryAt };
  if (job.waitingFor === 'download' && job.retryAt !== null) return { kind: 'download', message: job.waitingMessage, retryAt: job.retryAt };
  return null;
}

/** A time of day as hours and minutes in the UI language ("14:32"). */
export function clockTime(at: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'zh-CN' ? 'zh-CN' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(at);
}
