/**
 * Local reference files of a generation request (reference images, masks, first frames): read,
 * checked against the variant's limits (count, type, size, mask alpha and pixel size) and
 * uploaded, giving the form values the request is built from.
 */
import { basename } from 'node:path';
import { validateReferences, type FormValues, type ReferenceFile, type VariantEntry } from '../../../shared/catalog';
import { InvalidRequestError, issuesOf, type RequestIssue } from './invalid-request';
import { checkImageFile, type ImageHeader, type UploadedImage, type UploadsApi } from './uploads';

/** A local file meant for one field of a variant (`image_urls`, `mask_url`, `metadata.image_list`...). */
export interface LocalReference {
  field: string;
  path: string;
}

export interface PreparedReferences {
  /** Form values with the uploaded addresses in place (lists appended to, single fields set). */
  values: FormValues;
  uploads: { field: string; path: string; image: UploadedImage }[];
}

/**
 * Checks every local reference before uploading any (so nothing is sent when one is wrong),
 * then uploads them (deduplicated by content) and fills their addresses into `values`.
 */
export async function uploadReferences(
  uploads: UploadsApi,
  entry: VariantEntry,
  files: readonly LocalReference[],
  values: FormValues,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<PreparedReferences> {
  const issues: RequestIssue[] = [];
  const inspected: { file: LocalReference; facts: ImageHeader }[] = [];
  for (const file of files) {
    const field = entry.fields.find((candidate) => candidate.key === file.field);
    if (field?.type === 'video-list') {
      issues.push({ path: file.field, message: `${file.field}: video references must be public http(s) addresses; local videos cannot be uploaded` });
      continue;
    }
    try {
      // The header alone: the upload hashes the bytes as it sends them.
      inspected.push({ file, facts: await checkImageFile(file.path) });
    } catch (error) {
      if (!(error instanceof InvalidRequestError)) throw error;
      issues.push(...error.issues.map((issue) => ({ path: file.field, message: `${file.field} (${basename(file.path)}): ${issue.message}` })));
    }
  }
  const references: ReferenceFile[] = inspected.map(({ file, facts }) => ({
    field: file.field,
    mime: facts.mimeType,
    bytes: facts.size,
    width: facts.width,
    height: facts.height,
    hasAlpha: facts.hasAlpha,
  }));
  issues.push(...issuesOf(validateReferences(entry, references, { values }).issues));
  if (issues.length > 0) throw new InvalidRequestError(entry.id, issues);

  const next: Record<string, unknown> = { ...values };
  const done: PreparedReferences['uploads'] = [];
  for (const { file } of inspected) {
    const image = await uploads.uploadFile(file.path, { signal: options.signal });
    done.push({ field: file.field, path: file.path, image });
    const field = entry.fields.find((candidate) => candidate.key === file.field);
    if (field?.type === 'image' || field?.type === 'mask') {
      next[file.field] = image.url;
    } else {
      const current = next[file.field];
      next[file.field] = [...(Array.isArray(current) ? (current as unknown[]) : []), image.url];
    }
  }
  return { values: next, uploads: done };
}
