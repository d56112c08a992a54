/**
 * What jobs cost. The interface publishes no prices, so the first job of each price key (model and
 * billed options, `priceKeyOf`) on a gateway is measured: the key's balance is read just before
 * and just after its submission while no other submission is out, and the difference is its
 * cost. Later jobs of the same key are priced from those measurements. A gateway that charges
 * later than the submission (or not at all) shows no difference; such a key is not measured again
 * in this run, and its jobs stay unpriced.
 */
import { priceKeyOf } from '../../../shared/catalog';
import { isAccepted } from '../../../shared/jobs/job-states';
import type { Balance } from '../gateway/account';
import type { GatewayClient } from '../gateway/client';
import { createLogger } from '../log';
import type { LibraryDatabase } from '../library';
import { estimatedCost, getJob, setJobCost, type Job } from './store';
import type { EngineEvents } from './events';
import type { GroupedWrites } from './grouped-writes';
import { entryOf, wireRequestOf } from './job-request';

const log = createLogger('cost-meter');

/** The price key of a job's stored request, or null when the catalog no longer knows its variant. */
function priceKeyOfJob(job: Pick<Job, 'variantId' | 'request' | 'pathParams'>): string | null {
  const entry = entryOf(job);
  return entry ? priceKeyOf(entry, wireRequestOf(job).body) : null;
}

/** Credits spent so far by the key: `used_credits` where reported (unlimited keys too), else what `remain` lost. */
function spentBetween(before: Balance, after: Balance): number | null {
  if (before.usedCredits !== null && after.usedCredits !== null) return after.usedCredits - before.usedCredits;
  if (before.remainCredits !== null && after.remainCredits !== null) return before.remainCredits - after.remainCredits;
  return null;
}

export class CostMeter {
  /** Price keys (per profile) whose measurement showed no charge at submission: not measured again this run. */
  private readonly unmeasurable = new Set<string>();
  /** The job being measured; nothing else is submitted meanwhile. */
  private measuring: string | null = null;
  /**
   * Estimates per price key (per profile), read once: only this engine records measurements, and
   * `record` forgets the key's. The queue asks for every job it looks at, a thousand in a batch.
   */
  private readonly estimates = new Map<string, ReturnType<typeof estimatedCost>>();

  constructor(
    private readonly db: LibraryDatabase,
    private readonly events: EngineEvents,
    /** Where estimates are written: with what polls learned, one commit for the writes of a turn. */
    private readonly writes: GroupedWrites,
  ) {}

  /** True while a measured submission is out (the queue holds every other submission back). */
  get busy(): boolean {
    return this.measuring !== null;
  }

  /** Whether this job's submission should be measured (no measured job of its price key on its profile yet). */
  wantsMeasurement(job: Job): boolean {
    const key = priceKeyOfJob(job);
    if (key === null || this.unmeasurable.has(scoped(job.profileId, key))) return false;
    return this.estimateOf(key, job.profileId) === null;
  }

  /**
   * Submits a job with `submit` between two balance readings and records the difference as its
   * cost. A reading that fails leaves the job unmeasured; the submission happens regardless.
   */
  async measure(job: Job, client: GatewayClient, signal: AbortSignal, submit: () => Promise<void>): Promise<void> {
    this.measuring = job.id;
    try {
      const before = await this.read(client, signal);
      await submit();
      if (before === null) return;
      const after = await this.read(client, signal);
      this.record(job, before, after);
    } finally {
      this.measuring = null;
    }
  }

  /**
   * Prices a job the gateway accepted without measuring it, from its key's measured jobs. A power
   * cut that takes the estimate back leaves the job unpriced, nothing worse: it shares a commit
   * with other writes of the turn and does not wait for the disk.
   */
  async price(jobId: string): Promise<void> {
    const priced = await this.writes.run(() => {
      const job = getJob(this.db, jobId);
      if (!job || !isAccepted(job.state) || job.creditsMeasured) return false;
      const key = priceKeyOfJob(job);
      if (key === null) return false;
      const estimate = this.estimateOf(key, job.profileId);
      setJobCost(this.db, job.id, { priceKey: key, credits: estimate?.credits ?? null, measured: false });
      return estimate !== null;
    });
    if (priced) this.events.jobsChanged(jobId);
  }

  private record(job: Job, before: Balance, after: Balance | null): void {
    const key = priceKeyOfJob(job);
    const now = getJob(this.db, job.id);
    if (key === null || after === null || !now || !isAccepted(now.state)) return;
    const spent = spentBetween(before, after);
    if (spent === null || !(spent > 0)) {
      this.unmeasurable.add(scoped(job.profileId, key));
      log.info(`no charge seen at the submission of job ${job.id}; jobs of its kind stay unpriced this run`);
      return;
    }
    setJobCost(this.db, job.id, { priceKey: key, credits: Math.round(spent * 1e6) / 1e6, measured: true });
    this.estimates.delete(scoped(job.profileId, key));
    this.events.jobsChanged(job.id);
  }

  private estimateOf(key: string, profileId: string | null): ReturnType<typeof estimatedCost> {
    const scope = scoped(profileId, key);
    if (!this.estimates.has(scope)) this.estimates.set(scope, estimatedCost(this.db, key, profileId));
    return this.estimates.get(scope) ?? null;
  }

  private async read(client: GatewayClient, signal: AbortSignal): Promise<Balance | null> {
    try {
      return await client.account.tokenBalance({ signal });
    } catch (error) {
      log.warn(`balance not read for a cost measurement: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}

function scoped(profileId: string | null, key: string): string {
  return `${profileId ?? ''}\n${key}`;
}
