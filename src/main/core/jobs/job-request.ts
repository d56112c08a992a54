/**
 * What a job stores as its request: the wire body (without secrets) and, apart, the variant's
 * path parameters (`video_id` of a remix), the shape in which it is checked and sent.
 */
import { variantById, type VariantEntry, type WireBody, type WireRequest } from '../../../shared/catalog';
import { isRecord } from '../../../shared/gateway/lenient';
import type { Job } from './store';

/** The catalog field through which omni submissions can be found again. */
export const BUSINESS_ID_FIELD = 'client_business_id';

/** Longest `client_business_id` the interface's deployments accept. */
const BUSINESS_ID_MAX = 128;

/** True when submissions of this variant carry a `client_business_id` and can be reconciled. */
export function supportsBusinessId(entry: VariantEntry): boolean {
  return entry.fields.some((field) => field.key === BUSINESS_ID_FIELD);
}

/** What a job keeps of its request (a stored job, or one about to be stored). */
type StoredRequest = { readonly request: unknown; readonly pathParams: Readonly<Record<string, string>> };

/** A job's request as it is checked and sent: its stored body and path parameters, as they are. */
export function wireRequestOf(job: StoredRequest): WireRequest {
  return { pathParams: { ...job.pathParams }, body: isRecord(job.request) ? { ...job.request } : {} };
}

/**
 * The recipe of a job (what a result keeps and a rerun reads): the body with the path parameters
 * beside it, the flat shape recipes have always had.
 */
export function recipeOf(job: StoredRequest): WireBody {
  return { ...(isRecord(job.request) ? job.request : {}), ...job.pathParams };
}

/**
 * The business id of the next submission of a job: the caller's own on the first attempt, a new
 * one on every later attempt (the gateway refuses a business id it has already seen).
 */
export function businessIdFor(job: Job, requested: unknown): string {
  if (job.attempts === 0 && typeof requested === 'string' && requested.trim() !== '') return requested.trim().slice(0, BUSINESS_ID_MAX);
  return `atelier-${job.id}-${job.attempts + 1}`.slice(0, BUSINESS_ID_MAX);
}

/** The variant of a job, or undefined when the catalog no longer knows it. */
export function entryOf(job: Pick<Job, 'variantId'>): VariantEntry | undefined {
  return variantById(job.variantId);
}
