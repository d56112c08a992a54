import type { FieldSpec, ImageField, MaskField, MediaListField, SizeField, VariantEntry } from './types';
import { problem, type RequestNotice, type RequestProblem } from './request-problems';
import type { FormValues } from './request-body';
import { UPLOAD_LIMITS } from './limits';
import { sizeChoiceOf } from './request-body';

/** What main knows about a local file after reading it (sharp metadata and the byte count). */
export interface ReferenceFile {
  /** Key of the field the file is for (`image_urls`, `mask_url`, `metadata.image_list`, ...). */
  field: string;
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
  /** Whether the image has an alpha channel (needed for masks). */
  hasAlpha?: boolean;
}

export interface ReferenceCheckOptions {
  /** The files go through `POST /v1/uploads/images` first, so its limits apply too (default true). */
  viaUpload?: boolean;
  /** Form values, to compare image sizes with a chosen size (`input_reference` vs `size`). */
  values?: FormValues;
}

type FileField = MediaListField | ImageField | MaskField;

function isFileField(field: FieldSpec): field is FileField {
  return field.type === 'image-list' || field.type === 'video-list' || field.type === 'image' || field.type === 'mask';
}

/** Megabytes as a parameter: whole, or to one decimal. */
function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

function mimeName(mime: string): string {
  return mime.replace(/^\w+\//, '').toUpperCase();
}

/** Effective limits of a field: its own, narrowed by the upload endpoint's when uploading. */
export function effectiveFileLimits(field: FileField, viaUpload: boolean): { maxBytes: number | undefined; mimeTypes: readonly string[] } {
  const uploadable = viaUpload && field.type !== 'video-list';
  const ownMax = field.maxBytes;
  const maxBytes = uploadable ? Math.min(ownMax ?? UPLOAD_LIMITS.maxBytes, UPLOAD_LIMITS.maxBytes) : ownMax;
  const uploadMimes: readonly string[] = UPLOAD_LIMITS.mimeTypes;
  const mimeTypes = uploadable ? field.mimeTypes.filter((mime) => uploadMimes.includes(mime)) : field.mimeTypes;
  return { maxBytes, mimeTypes };
}

function targetPixels(entry: VariantEntry, sizeKey: string, values: FormValues): { width: number; height: number } | undefined {
  const sizeField = entry.fields.find((field): field is SizeField => field.type === 'size' && field.key === sizeKey);
  if (!sizeField) return undefined;
  const choice = sizeChoiceOf(sizeField, values[sizeKey] ?? sizeField.default, values);
  if (choice === undefined || typeof choice === 'string') return undefined;
  const option = sizeField.tiers.find((tier) => tier.tier === choice.tier)?.options.find((o) => o.ratio === choice.ratio);
  return option?.width !== undefined && option.height !== undefined ? { width: option.width, height: option.height } : undefined;
}

/**
 * Checks local reference files before upload: count per field, type, byte size, and the mask
 * rules (PNG with alpha, exactly the pixel size of the first reference image). Pure: main reads
 * the files and passes what it learned.
 */
export function validateReferences(
  entry: VariantEntry,
  files: readonly ReferenceFile[],
  options: ReferenceCheckOptions = {},
): { issues: RequestProblem[]; warnings: RequestNotice[] } {
  const viaUpload = options.viaUpload ?? true;
  const issues: RequestProblem[] = [];
  const warnings: RequestNotice[] = [];
  const fileFields = entry.fields.filter(isFileField);
  for (const file of files) {
    if (!fileFields.some((field) => field.key === file.field)) {
      issues.push(problem(file.field, 'file_not_taken'));
    }
  }
  for (const field of fileFields) {
    const own = files.filter((file) => file.field === field.key);
    const { maxBytes, mimeTypes } = effectiveFileLimits(field, viaUpload);
    const single = field.type === 'image' || field.type === 'mask';
    const maxCount = single ? 1 : field.maxCount;
    if (maxCount !== undefined && own.length > maxCount) {
      issues.push(problem(field.key, 'too_many', { limit: maxCount, value: own.length, kind: 'file' }));
    }
    own.forEach((file, index) => {
      if (!mimeTypes.includes(file.mime)) {
        issues.push(problem(field.key, 'file_type', { index: index + 1, value: file.mime, allowed: mimeTypes.map(mimeName).join(', ') }));
      }
      if (maxBytes !== undefined && file.bytes > maxBytes) {
        issues.push(problem(field.key, 'file_too_big', { index: index + 1, value: megabytes(file.bytes), limit: megabytes(maxBytes) }));
      }
    });
    if (field.type === 'mask') issues.push(...maskIssues(field, own[0], files));
    if (field.type === 'image' && field.matchesSizeOf !== undefined && own[0]?.width !== undefined) {
      const target = targetPixels(entry, field.matchesSizeOf, options.values ?? {});
      const file = own[0];
      if (target && (file.width !== target.width || file.height !== target.height)) {
        warnings.push({
          code: 'image_size_mismatch',
          field: field.key,
          params: { value: `${file.width}x${file.height ?? '?'}`, limit: `${target.width}x${target.height}` },
        });
      }
    }
    if (field.type === 'image-list' && field.usesOnlyFirst && own.length > 1) {
      warnings.push({ code: 'only_first_used', field: field.key, params: {} });
    }
  }
  return { issues, warnings };
}

function maskIssues(field: MaskField, mask: ReferenceFile | undefined, files: readonly ReferenceFile[]): RequestProblem[] {
  if (!mask) return [];
  const issues: RequestProblem[] = [];
  const first = files.find((file) => file.field === field.referenceField);
  if (mask.mime === 'image/png' && mask.hasAlpha === false) {
    issues.push(problem(field.key, 'mask_no_alpha'));
  }
  // Without the first image's metadata (already an uploaded address) the size cannot be checked here.
  if (first !== undefined && mask.width !== undefined && first.width !== undefined && (mask.width !== first.width || mask.height !== first.height)) {
    issues.push(
      problem(field.key, 'mask_size', {
        value: `${mask.width}x${mask.height ?? '?'}`,
        limit: `${first.width}x${first.height ?? '?'}`,
        other: field.referenceField,
      }),
    );
  }
  return issues;
}
