import { directImageResultSchema, imageEditSummarySchema, type DirectImageResult, type ImageEditSummary } from './images';
import { isRecord } from './lenient';
import { findTaskRecord, taskIdOf } from './task-record';

/** The three response styles of the generation endpoints. */
export type GenerationStyle = 'direct' | 'summary' | 'task';

/** What a 200 answer to a generation POST is, read from the answer alone. */
export type GenerationAnswer =
  | { style: 'direct'; result: DirectImageResult }
  | { style: 'summary'; summary: ImageEditSummary }
  | { style: 'task'; taskId: string }
  | { style: 'unreadable' };

const SUMMARY_KEYS = ['b64_prefix', 'b64_length', 'data_count'];

function carriesResults(data: unknown): boolean {
  return Array.isArray(data) && data.some((item) => isRecord(item) && ['b64_json', 'url'].some((key) => typeof item[key] === 'string' && item[key] !== ''));
}

/**
 * Reads the style of a generation answer from its shape, never from what the request expected
 * (the gateway routes a model to a channel by its own configuration): `data[]` with images is a
 * direct result, the edit summary a summary, a record with a task id (wrapped or not, with or
 * without a status) a task to poll. A `data` list without images is a direct result with none.
 * Anything else is unreadable.
 */
export function classifyGenerationAnswer(body: unknown): GenerationAnswer {
  if (!isRecord(body)) return { style: 'unreadable' };
  if (carriesResults(body.data)) {
    const direct = directImageResultSchema.safeParse(body);
    if (direct.success) return { style: 'direct', result: direct.data };
  }
  if (SUMMARY_KEYS.some((key) => key in body)) {
    const summary = imageEditSummarySchema.safeParse(body);
    if (summary.success) return { style: 'summary', summary: summary.data };
  }
  const task = findTaskRecord(body);
  const taskId = task ? taskIdOf(task.record) : undefined;
  if (taskId !== undefined) return { style: 'task', taskId };
  if (Array.isArray(body.data)) {
    const direct = directImageResultSchema.safeParse(body);
    if (direct.success) return { style: 'direct', result: direct.data };
  }
  return { style: 'unreadable' };
}

/** The images a direct answer carries (Base64 or addresses). */
