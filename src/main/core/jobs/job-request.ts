/**
 * What a job stores as its request and how it becomes a wire request again. The stored request
 * is the wire body (without secrets) plus the variant's path parameters under their field key
 * (`video_id` of a remix), so one JSON value says everything that was sent.
 */
import { buildRequestPath, variantById, type VariantEntry, type WireBody } from '../../../shared/catalog';
import { isRecord } from '../../../shared/gateway/lenient';
import type { Job } from './store';

/** The catalog field through which omni submissions can be found again. */
export const BUSINESS_ID_FIELD = 'client_business_id';

/** Longest `client_business_id` the interface's deployments accept. */
const BUSINESS_ID_MAX = 128;

function pathFieldKeys(entry: VariantEntry): string[] {
  return entry.fields.filter((field) => field.in === 'path').map((field) => field.key);
}

/** True when submissions of this variant carry a `client_business_id` and can be reconciled. */
export function supportsBusinessId(entry: VariantEntry): boolean {
  return entry.fields.some((field) => field.key === BUSINESS_ID_FIELD);
}

/** The request to store for a new job: body plus path parameters (given separately or in the body). */
export function storedRequestOf(entry: VariantEntry, body: WireBody, pathParams: Readonly<Record<string, string>> = {}): WireBody {
  const stored: WireBody = { ...body };
  for (const key of pathFieldKeys(entry)) {
    const value = pathParams[key];
    if (value !== undefined) stored[key] = value;
  }
  if (typeof stored.model !== 'string' || stored.model.trim() === '') stored.model = entry.modelIds[0];
  return stored;
}

/** The endpoint path and wire body of a stored request. */
export function wireRequestOf(entry: VariantEntry, stored: unknown): { path: string; body: WireBody } {
  const request: WireBody = isRecord(stored) ? { ...stored } : {};
  const path = buildRequestPath(entry, request);
  for (const key of pathFieldKeys(entry)) Reflect.deleteProperty(request, key);
  return { path, body: request };
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
