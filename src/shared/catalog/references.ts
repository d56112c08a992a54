import type { FieldSpec, ImageField, MaskField, MediaListField, SizeField, VariantEntry } from './types';
import { inBothLanguages } from '../i18n/locales';
import { message } from '../i18n/translate';
import type { RequestIssue, RequestWarning } from './rules';
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

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
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
): { issues: RequestIssue[]; warnings: RequestWarning[] } {
  const viaUpload = options.viaUpload ?? true;
  const issues: RequestIssue[] = [];
  const warnings: RequestWarning[] = [];
  const fileFields = entry.fields.filter(isFileField);
  for (const file of files) {
    if (!fileFields.some((field) => field.key === file.field)) {
      issues.push({ path: file.field, message: `${file.field}: ${entry.id} takes no files there` });
    }
  }
  for (const field of fileFields) {
    const own = files.filter((file) => file.field === field.key);
    const { maxBytes, mimeTypes } = effectiveFileLimits(field, viaUpload);
    const single = field.type === 'image' || field.type === 'mask';
    const maxCount = single ? 1 : field.maxCount;
    if (maxCount !== undefined && own.length > maxCount) {
      issues.push({ path: field.key, message: `${field.key}: at most ${maxCount} file${maxCount === 1 ? '' : 's'} (got ${own.length})` });
    }
    own.forEach((file, index) => {
      const name = single ? field.key : `${field.key}[${index}]`;
      if (!mimeTypes.includes(file.mime)) {
        issues.push({ path: field.key, message: `${name}: ${file.mime} is not accepted; use ${mimeTypes.map(mimeName).join(', ')}` });
      }
      if (maxBytes !== undefined && file.bytes > maxBytes) {
        issues.push({ path: field.key, message: `${name}: ${megabytes(file.bytes)} exceeds the ${megabytes(maxBytes)} limit per file` });
      }
    });
    if (field.type === 'mask') issues.push(...maskIssues(field, own[0], files));
    if (field.type === 'image' && field.matchesSizeOf !== undefined && own[0]?.width !== undefined) {
      const target = targetPixels(entry, field.matchesSizeOf, options.values ?? {});
      const file = own[0];
      if (target && (file.width !== target.width || file.height !== target.height)) {
        warnings.push({
          path: field.key,
          message: inBothLanguages(
            message('catalog.checks.imageSizeMismatch', { image: `${file.width}x${file.height ?? '?'}`, video: `${target.width}x${target.height}` }),
          ),
        });
      }
    }
    if (field.type === 'image-list' && field.usesOnlyFirst && own.length > 1) {
      warnings.push({
        path: field.key,
        message: inBothLanguages('catalog.checks.onlyFirstImage'),
      });
    }
  }
  return { issues, warnings };
}

function maskIssues(field: MaskField, mask: ReferenceFile | undefined, files: readonly ReferenceFile[]): RequestIssue[] {
  if (!mask) return [];
  const issues: RequestIssue[] = [];
  const first = files.find((file) => file.field === field.referenceField);
  if (mask.mime === 'image/png' && mask.hasAlpha === false) {
    issues.push({ path: field.key, message: `${field.key}: the mask must be a PNG with an alpha channel (transparent = repaint)` });
  }
  // Without the first image's metadata (already an uploaded address) the size cannot be checked here.
  if (first !== undefined && mask.width !== undefined && first.width !== undefined && (mask.width !== first.width || mask.height !== first.height)) {
    issues.push({
      path: field.key,
      message: `${field.key}: the mask is ${mask.width}x${mask.height ?? '?'} but the first image of ${field.referenceField} is ${first.width}x${first.height ?? '?'}; they must be the same size`,
    });
  }
  return issues;
}
