import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { idSchema } from './ids';
import { presetRefSchema } from './assistant';
import { costEstimateSchema, createBatchInputSchema, estimateCostInputSchema } from './batch-input';
import { batchStatuses, jobStates } from '../jobs/job-states';

const jobStateSchema = z.enum(jobStates);
export type JobStateView = z.infer<typeof jobStateSchema>;

/** One generation request and where it stands. `unknown` means it may have been paid for: the user decides. */
export const jobViewSchema = z.object({
  id: z.string(),
  batchId: z.string().nullable(),
  position: z.number(),
  variantId: z.string(),
  model: z.string(),
  prompt: z.string(),
  /** The request as sent, without secrets: the recipe to reuse. */
  request: z.unknown(),
  state: jobStateSchema,
  attempts: z.number().int(),
  /** The studio's account of what went wrong (English, with the details); word it with `jobProblem`. */
  errorMessage: z.string().nullable(),
  /** What went wrong, as a code (`task_failed`, `outcome_unknown`, a gateway code ...); see `jobProblem`. */
  errorCode: z.string().nullable(),
  /** The gateway's own words on the failure, as they came (often Chinese). */
  gatewayMessage: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  submittedAt: z.number().nullable(),
  /** When the latest submission began; elapsed times count from here. Null before the first. */
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  taskId: z.string().nullable(),
  progress: z.number().nullable(),
  assetIds: z.array(z.string()),
  /** Thumbnail of the first result (a poster frame for videos), inside the library folder; `mediaUrl` shows it. */
  thumbPath: z.string().nullable(),
  /**
   * How the gateway answered the latest submission (direct images, an edit summary, or a task),
   * whatever the variant usually gets. Null before an answer was read.
   */
  answerStyle: z.enum(['direct', 'summary', 'task']).nullable(),
  /** What came back when the studio could not read a 200 answer (bounded, without secrets). */
  rawAnswer: z.string().nullable(),
  /** The prompt as the gateway rewrote it, from an answer without images (an edit summary); null otherwise. */
  revisedPrompt: z.string().nullable(),
  /** Credits this job cost where known: measured from the balance, or estimated (`creditsMeasured` false). */
  creditsSpent: z.number().nullable(),
  /** True when `creditsSpent` was measured around this job's own submission. */
  creditsMeasured: z.boolean(),
  /** The style preset it was made with (its recipe names it), or null. */
  preset: presetRefSchema.nullable(),
  /**
   * When its task passed the time the gateway usually needs (its deadline). The job is then "still
   * running on the gateway": followed ever more slowly, never given up; "check now" asks at once.
   */
  overdueSince: z.number().nullable(),
  /**
   * What it waits for while in flight: `key` (its task's polls are refused because of the key: the
   * task is paid for and still followed, asked again slowly, at once when the key changes or on
   * "check now"), `download` (the result host failed: tried again at `retryAt`); null otherwise.
   */
  waitingFor: z.enum(['key', 'download']).nullable(),
  /** The gateway's or result host's own words on why it waits. */
  waitingMessage: z.string().nullable(),
  /** When the studio asks or tries again. */
  retryAt: z.number().nullable(),
  /** Until when its result can still be downloaded (the address's expiry, else 24 hours after the task finished); null without one. */
  resultValidUntil: z.number().nullable(),
  /** `@username`s of the characters its task yielded (a character job, or a video that made one). */
  characters: z.array(z.string()),
});
export type JobView = z.infer<typeof jobViewSchema>;

export const batchViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(batchStatuses),
  createdAt: z.number(),
  updatedAt: z.number(),
  counts: z.record(z.string(), z.number().int()),
  /** Why the studio stopped the batch by itself (budget reached, out of credits), if it did. */
  note: z.string().nullable(),
  /** The credit floor: submitting stops when the balance would fall below it. */
  creditBudget: z.number().nullable(),
  /** The cap of the key minted for this batch alone, when it has one. */
  dedicatedKeyCredits: z.number().nullable(),
  /** Credits the batch's jobs cost so far (measured or estimated); null while none is known. */
  creditsSpent: z.number().nullable(),
});
export type BatchView = z.infer<typeof batchViewSchema>;

const id = z.object({ id: idSchema }).strict();
const cursor = z.string().max(200).nullable().optional();

/** Where the queue stands: paused or not (and why, when the studio paused it), what is in progress, and its caps. */
const queueViewSchema = z.object({
  paused: z.boolean(),
  reason: z.string().nullable(),
  /** Jobs waiting, being sent, running or saving: the Timeline badge. */
  activeJobs: z.number().int(),
  /** Jobs sent at once, in all and per model (the concurrency setting, or the studio's defaults). */
  limits: z.object({ maxActive: z.number().int(), maxActivePerModel: z.number().int() }),
});
export type QueueView = z.infer<typeof queueViewSchema>;
const queueState = queueViewSchema;

/** A page of a long list: pass `nextCursor` back as `cursor` for the next one; null on the last. */
const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** How long jobs of a variant took lately: the median of its newest finished jobs. */
const typicalDurationSchema = z.object({ variantId: z.string(), medianMs: z.number(), samples: z.number().int() });
export type TypicalDurationView = z.infer<typeof typicalDurationSchema>;

/** Credits spent on one day, from the studio's own records (measured or estimated job costs). */
const daySpendSchema = z.object({
  start: z.number(),
  credits: z.number(),
  /** The part of `credits` measured from the balance; the rest is estimated from measured jobs. */
  measuredCredits: z.number(),
  jobs: z.number().int(),
});
export type DaySpendView = z.infer<typeof daySpendSchema>;
const cancelReport = z.object({ jobId: z.string(), outcome: z.enum(['canceled', 'pending', 'not-cancelable']), message: z.string() });

/** What "Look up on the gateway" found for a job of unknown outcome (see the engine's reconciler). */
const lookUpResultSchema = z.object({
  /**
   * `found`: the gateway has the task, now followed; `not_found`: not (yet) there, the job stays
   * unknown for the artist's decision (never resent without it); `unavailable`: the gateway could
   * not be asked.
   */
  outcome: z.enum(['found', 'not_found', 'unavailable']),
  job: jobViewSchema,
});
export type LookUpResult = z.infer<typeof lookUpResultSchema>;

/** A key this studio created on a gateway (for a batch's budget, or on the Account page); never the secret. */
const createdKeyViewSchema = z.object({
  /** The gateway's address (origin), where its management page can revoke the key; '' when not known. */
  gateway: z.string(),
  tokenId: z.union([z.string(), z.number()]),
  name: z.string(),
  purpose: z.enum(['batch', 'account']),
  batchId: z.string().nullable(),
  remainCredits: z.number().nullable(),
  unlimited: z.boolean(),
  dailyCredits: z.number().nullable(),
  monthlyCredits: z.number().nullable(),
  modelLimits: z.array(z.string()),
  /** Unix ms; null: never expires. */
  expiresAt: z.number().nullable(),
  createdAt: z.number(),
  /** When the studio dropped its own sealed copy (a batch's key, when the batch ended); null while it holds one, or never did. */
  forgottenAt: z.number().nullable(),
});
export type CreatedKeyView = z.infer<typeof createdKeyViewSchema>;

/**
 * The next step from a result: its recipe again, with the result as the reference (`vary`, a
 * subtle change; `vary_strong`, the prompt also asking for a bolder one), or at a larger tier.
 */
const rerunModeSchema = z.enum(['again', 'vary', 'vary_strong', 'larger']);
export type RerunMode = z.infer<typeof rerunModeSchema>;

export const jobsRoutes = {
  'jobs.create_batch': defineRoute({
    input: createBatchInputSchema,
    output: z.object({
      batch: batchViewSchema,
      jobCount: z.number().int(),
      /** Set when the template's CSV was too large to keep for the history: it ran, but reusing the template will need it chosen again. */
      csvNotKept: z.object({ bytes: z.number().int(), limit: z.number().int() }).optional(),
    }),
  }),
  'jobs.rerun_asset': defineRoute({
    input: z.object({ assetId: idSchema, mode: rerunModeSchema, tier: z.string().min(1).max(20).optional() }).strict(),
    output: z.object({ batch: batchViewSchema, jobCount: z.number().int() }),
  }),
  /**
   * A job's request again on another variant of the same model, with the same prompt, images and
   * mask (an edit answered with a summary only, run where it returns images): a one-job batch.
   */
  'jobs.rerun_job': defineRoute({
    input: z.object({ jobId: idSchema, variantId: z.string().min(1).max(200) }).strict(),
    output: z.object({ batch: batchViewSchema, jobCount: z.number().int() }),
  }),
  'jobs.estimate_cost': defineRoute({ input: estimateCostInputSchema, output: costEstimateSchema }),
  'jobs.start_batch': defineRoute({ input: id, output: batchViewSchema }),
  /** One batch with its counts and cost (a batch's page opened from its address). */
  'jobs.get_batch': defineRoute({ input: id, output: batchViewSchema }),
  /** Batches newest first, a page at a time. */
  'jobs.list_batches': defineRoute({
    input: z
      .object({
        statuses: z.array(batchViewSchema.shape.status).min(1).optional(),
        limit: z.number().int().min(1).max(200).optional(),
        cursor,
      })
      .strict(),
    output: pageOf(batchViewSchema),
  }),
  /** Jobs a page at a time: one batch's in queue order; otherwise newest first (`outsideBatches`: single jobs only). */
  'jobs.list_jobs': defineRoute({
    input: z
      .object({
        batchId: idSchema.optional(),
        outsideBatches: z.boolean().optional(),
        states: z.array(jobStateSchema).min(1).optional(),
        limit: z.number().int().min(1).max(200).optional(),
        cursor,
      })
      .strict(),
    output: pageOf(jobViewSchema),
  }),
  /** Jobs by id, in the order asked; ids the studio does not know are left out (a strip of recent jobs after a reload). */
  'jobs.get_jobs': defineRoute({
    input: z.object({ ids: z.array(idSchema).min(1).max(100) }).strict(),
    output: z.array(jobViewSchema),
  }),
  /** How long jobs of these variants took lately (variants without a finished job are left out). */
  'jobs.list_durations': defineRoute({
    input: z.object({ variantIds: z.array(z.string().min(1).max(200)).max(100) }).strict(),
    output: z.array(typicalDurationSchema),
  }),
  /**
   * Credits spent per day from the studio's own records. `dayStarts` are the window's local
   * midnights, ascending; the last day ends at `end`.
   */
  'jobs.sum_daily_credits': defineRoute({
    input: z
      .object({
        dayStarts: z
          .array(z.number().int().nonnegative())
          .min(1)
          .max(120)
          .refine((days) => days.every((day, index) => index === 0 || day > (days[index - 1] ?? 0)), 'dayStarts must ascend'),
        end: z.number().int().nonnegative(),
      })
      .strict()
      .refine((input) => input.end > (input.dayStarts.at(-1) ?? 0), { message: 'end must follow the last day', path: ['end'] }),
    output: z.array(daySpendSchema),
  }),
  'jobs.get_queue': defineRoute({ input: z.object({}).strict(), output: queueState }),
  'jobs.pause_queue': defineRoute({ input: z.object({}).strict(), output: queueState }),
  'jobs.resume_queue': defineRoute({ input: z.object({}).strict(), output: queueState }),
  'jobs.pause_batch': defineRoute({ input: id, output: batchViewSchema }),
  'jobs.resume_batch': defineRoute({ input: id, output: batchViewSchema }),
  'jobs.cancel_batch': defineRoute({ input: id, output: z.array(cancelReport) }),
  'jobs.cancel_job': defineRoute({ input: id, output: cancelReport }),
  'jobs.retry_job': defineRoute({ input: id, output: jobViewSchema }),
  'jobs.reorder_jobs': defineRoute({
    input: z.object({ batchId: idSchema, jobIds: z.array(idSchema).min(1).max(5000) }).strict(),
    output: z.array(jobViewSchema),
  }),
  /** Polls a job's task on the gateway at once (one still running past its usual time, or waiting for a usable key). */
  'jobs.check_now': defineRoute({ input: id, output: jobViewSchema }),
  /** Fetches a job's result again, free, while it is valid on the gateway: a waiting download at once, a failed one again. */
  'jobs.download_again': defineRoute({ input: id, output: jobViewSchema }),
  /** Asks the gateway whether a job of unknown outcome arrived (jobs with a business id: omni). */
  'jobs.look_up': defineRoute({ input: id, output: lookUpResultSchema }),
  /** Sends a running job's request again as a new job: charged again; the first keeps being followed. Answers the new job. */
  'jobs.submit_again': defineRoute({ input: id, output: jobViewSchema }),
  /** The keys this studio created on gateways, newest first; never the secret. */
  'jobs.list_created_keys': defineRoute({ input: z.object({}).strict(), output: z.array(createdKeyViewSchema) }),
  /** The user's answer for a job that may have been paid for: send it again, or let it go. */
  'jobs.resolve_unknown': defineRoute({
    input: z.object({ id: idSchema, choice: z.enum(['resubmit', 'discard']) }).strict(),
    output: jobViewSchema,
  }),
};

export const jobsEvents = {
  /** Jobs whose state, progress or results changed (coalesced). */
  'jobs.changed': defineEvent(z.array(jobViewSchema)),
  'jobs.batch_changed': defineEvent(batchViewSchema),
  /** A new batch (its jobs follow in `jobs.changed`): it belongs at the top of the timeline. */
  'jobs.batch_added': defineEvent(batchViewSchema),
  /** A new job outside any batch (a character creation, say). */
  'jobs.job_added': defineEvent(jobViewSchema),
  'jobs.queue_changed': defineEvent(queueState),
};
