/**
 * Where a variant takes uploaded files: the field for reference images and the field for an
 * inpainting mask (as the catalog's form description says), and how their addresses are placed
 * in a wire body (a string, or an object such as `{"image_url": ...}`).
 */
import { describeForm, type PendingReference, type VariantEntry, type WireBody, type WireItem } from '../shared/catalog';
import { getPath, setPath } from '../shared/catalog/wire-path';

interface ReferenceTarget {
  key: string;
  /** A list field, or a single address (`input_reference`). */
  single: boolean;
  item: WireItem;
}

export interface FileTargets {
  references: ReferenceTarget | undefined;
  /** Key of the mask field, and the list field whose first image the mask must match. */
  mask: { key: string; referenceField: string } | undefined;
}

/** The fields of a variant that take local files. */
export function fileTargets(entry: VariantEntry): FileTargets {
  const form = describeForm(entry);
  const uploadable = form.fields.find((field) => (field.control === 'images' || field.control === 'image') && field.files?.takesUpload === true);
  const spec = uploadable && entry.fields.find((field) => field.key === uploadable.key);
  const references: ReferenceTarget | undefined =
    spec?.type === 'image-list'
      ? { key: spec.key, single: false, item: spec.item }
      : spec?.type === 'image'
        ? { key: spec.key, single: true, item: { shape: 'string' } }
        : undefined;
  const maskField = form.fields.find((field) => field.control === 'mask');
  const mask = maskField?.mask ? { key: maskField.key, referenceField: maskField.mask.referenceField } : undefined;
  return { references, mask };
}

/** How many addresses the body already has in a field (a list's length, or 1 for a set single field). */
export function existingCount(body: WireBody, key: string): number {
  const value = getPath(body, key);
  if (Array.isArray(value)) return value.length;
  return value === undefined || value === null || value === '' ? 0 : 1;
}

/**
 * A copy of `body` with uploaded addresses placed: references appended to the variant's list
 * (after any addresses the line already has) or set as its single image, and the mask set.
 * Files not uploaded yet are placed as `PendingReference`s, for the check.
 */
export function placeFileUrls(
  entry: VariantEntry,
  body: WireBody,
  referenceUrls: readonly (string | PendingReference)[],
  maskUrl: string | PendingReference | undefined,
): WireBody {
  const next = structuredClone(body);
  const targets = fileTargets(entry);
  if (referenceUrls.length > 0) {
    const target = targets.references;
    if (!target) throw new Error(`${entry.id} takes no reference images`);
    if (target.single) {
      setPath(next, target.key, referenceUrls[0]);
    } else {
      const current = getPath(next, target.key);
      const items = referenceUrls.map((url) => (target.item.shape === 'string' ? url : { [target.item.urlKey]: url }));
      setPath(next, target.key, [...(Array.isArray(current) ? (current as unknown[]) : []), ...items]);
    }
  }
  if (maskUrl !== undefined) {
    if (!targets.mask) throw new Error(`${entry.id} takes no mask`);
    setPath(next, targets.mask.key, maskUrl);
  }
  return next;
}
