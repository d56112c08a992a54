/**
 * What a batch asks for, as the Create page describes it (prompts, template, CSV, options per
 * model, budget), and what such a batch would cost: the input of `jobs.create_batch` and
 * `jobs.estimate_cost`.
 */
import { z } from 'zod';
import {
  jsonBoundsProblem,
  MAX_BATCH_PROMPTS,
  MAX_BATCH_PROMPTS_CHARS,
  MAX_BATCH_VALUES_CHARS,
  MAX_CSV_BYTES,
  MAX_PROMPT_CHARS,
  MAX_TEMPLATE_CHARS,
  MAX_TEMPLATE_COLUMN_REFERENCES,
  utf8Length,
} from './limits';
import { inputMessages } from './input-messages';
import { presetRefSchema } from './assistant';

const valuesProblemMessages = {
  too_large: inputMessages.batchOptionsTooLarge,
  too_deep: inputMessages.batchOptionsTooDeep,
  not_json: inputMessages.batchOptionsNotJson,
} as const;

/** A batch as the Create page describes it; main plans, validates and stores every job before any is sent. */
export const createBatchInputSchema = z
  .object({
    name: z.string().trim().min(1, inputMessages.batchName.key).max(120),
    /** Catalog variant ids; several fan every prompt out for side-by-side comparison. */
    variantIds: z.array(z.string().min(1).max(200)).min(1, inputMessages.batchModels.key).max(12),
    prompts: z
      .array(z.string().max(MAX_PROMPT_CHARS, inputMessages.promptTooLong.key))
      .max(MAX_BATCH_PROMPTS, inputMessages.tooManyPrompts.key)
      .refine((list) => list.reduce((sum, p) => sum + p.length, 0) <= MAX_BATCH_PROMPTS_CHARS, inputMessages.promptsTooLong.key)
      .optional(),
    /** `{a|b}` alternatives and `{{column}}` values from `csv`. */
    template: z
      .string()
      .max(MAX_TEMPLATE_CHARS, inputMessages.templateTooLong.key)
      .refine((text) => (text.match(/\{\{/g)?.length ?? 0) <= MAX_TEMPLATE_COLUMN_REFERENCES, inputMessages.templateTooManyReferences.key)
      .optional(),
    /** CSV text with a header row, for `{{column}}` in the template. */
    csv: z
      .string()
      .max(MAX_CSV_BYTES, inputMessages.csvTooLarge.key)
      .refine((text) => utf8Length(text) <= MAX_CSV_BYTES, inputMessages.csvTooLarge.key)
      .optional(),
    /** The CSV's file name, kept with it for the history. */
    csvName: z.string().trim().min(1).max(255).optional(),
    countPerPrompt: z.number().int().min(1).max(100),
    /** Options applied to every job, keyed by wire path (`size`, `metadata.n`, `image_urls`, ...). */
    values: z
      .record(z.string().max(200), z.unknown())
      .default({})
      .superRefine((values, ctx) => {
        const problem = jsonBoundsProblem(values, MAX_BATCH_VALUES_CHARS);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: valuesProblemMessages[problem].key });
      }),
    /**
     * Options of each model of a fan-out, by variant id, where they differ (each model has its
     * own sizes and options); a variant not named here takes `values`.
     */
    valuesByVariant: z
      .record(z.string().max(200), z.record(z.string().max(200), z.unknown()))
      .optional()
      .superRefine((byVariant, ctx) => {
        if (byVariant === undefined) return;
        if (Object.keys(byVariant).length > 12) ctx.addIssue({ code: 'custom', message: inputMessages.fanOutModels.key });
        const problem = jsonBoundsProblem(byVariant, MAX_BATCH_VALUES_CHARS);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: valuesProblemMessages[problem].key });
      }),
    /** Stop submitting when the remaining credits would fall below this floor. */
    creditBudget: z.number().positive().optional(),
    /** Mint a key capped at this many credits for the batch, so the gateway enforces the budget. */
    dedicatedKeyCredits: z.number().positive().optional(),
    /** Keep the jobs as drafts until `jobs.start_batch`. */
    draft: z.boolean().optional(),
    /** The style preset applied to the form, recorded in every job's and result's recipe. */
    preset: presetRefSchema.optional(),
  })
  .strict();
export type CreateBatchInput = z.input<typeof createBatchInputSchema>;

/** The requests a batch would make, without storing anything: what `jobs.estimate_cost` prices. */
export const estimateCostInputSchema = createBatchInputSchema.pick({
  variantIds: true,
  prompts: true,
  template: true,
  csv: true,
  countPerPrompt: true,
  values: true,
  valuesByVariant: true,
});
export type EstimateCostInput = z.input<typeof estimateCostInputSchema>;

/**
 * What a batch would cost, from jobs of the same model and options measured on the gateway in use
 * (the interface publishes no prices). Requests of a kind never measured are counted as unpriced.
 */
export const costEstimateSchema = z.object({
  requests: z.number().int(),
  /** Credits of the priced requests together; null when none is priced. */
  credits: z.number().nullable(),
  unpricedRequests: z.number().int(),
  /** One line per kind of request (model and billed options). */
  kinds: z.array(
    z.object({
      variantId: z.string(),
      model: z.string(),
      requests: z.number().int(),
      /** Credits per request, the median of the measured jobs; null when none was measured. */
      creditsEach: z.number().nullable(),
      /** How many measured jobs the price rests on. */
      samples: z.number().int(),
    }),
  ),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;
