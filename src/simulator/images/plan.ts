import type { ServedFile } from '../media/file-store';
import type { ImageEncoding } from '../media/recipes';
import type { CheckedReference } from '../requests/references';

/**
 * What an accepted image request turns into. Validators produce a plan; the route renders
 * it (direct and summary answers) or schedules it as a task.
 */

/** One picture to render. */
export interface ImageSpec {
  width: number;
  height: number;
  encoding: ImageEncoding;
  /** Encoder quality 1-100 (JPEG/WebP). */
  quality?: number;
}

/** The pictures a request starts from: its references in order, and the inpainting mask. */
interface ImageSources {
  references: CheckedReference[];
  /** The mask, when it is one of the simulator's files (it applies to the first reference). */
  mask?: ServedFile | undefined;
}

/** Answer in the request: `data[]` with Base64 (or served URLs when `response_format` is url). */
export interface DirectImagePlan {
  style: 'direct';
  model: string;
  /** `model` field of the answer (an internal label). */
  resultLabel: string;
  prompt: string;
  images: ImageSpec[];
  sources: ImageSources;
  responseFormat: 'b64_json' | 'url';
  /** What the request "should" have done differently (sent as `Warning` headers). */
  warnings?: string[];
}

/** Variant A edit mode: the summary object. */
export interface SummaryImagePlan {
  style: 'summary';
  model: string;
  resultLabel: string;
  prompt: string;
  /** `case` field: which edit mode ran. */
  editCase: 'multi_reference_edit' | 'inpainting';
  images: ImageSpec[];
  sources: ImageSources;
  /** What the request "should" have done differently (sent as `Warning` headers). */
  warnings?: string[];
}

/** Asynchronous variants: a task whose result lists served URLs. */
export interface TaskImagePlan {
  style: 'task';
  model: string;
  prompt: string;
  images: ImageSpec[];
  sources: ImageSources;
  /** `metadata` of the task record. */
  metadata: Record<string, unknown>;
  /** What the request "should" have done differently (sent as `Warning` headers). */
  warnings?: string[];
}

export type ImagePlan = DirectImagePlan | SummaryImagePlan | TaskImagePlan;

/** `model` label the direct answers report for each requested model id. */
const RESULT_LABELS: Readonly<Record<string, string>> = {
  'gen-image-2': 'gen-image-2-2026-01-20',
  'nova-3.1-flash-image': 'nova-3.1-flash-image-preview',
  'nova-3.1-flash-image-preview': 'nova-3.1-flash-image-preview',
  'nova-3-pro-image': 'nova-3-pro-image-preview',
  'nova-3-pro-image-preview': 'nova-3-pro-image-preview',
};

/** Internal label of a model's direct results. */
export function resultLabel(model: string): string {
  return RESULT_LABELS[model] ?? model;
}

/** JPEG quality for `output_compression` (0 = least compression, 100 = most, per the interface). */
export function qualityFromCompression(compression: number): number {
  return Math.max(1, Math.round(100 - 0.9 * compression));
}
