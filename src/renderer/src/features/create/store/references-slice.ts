import type { StateCreator } from 'zustand';
import type { FittedFromView, KnownReferenceView, StudioError, UploadedImageView } from '../../../../../shared/contract';
import { errorFor } from '../../../../../shared/contract/error-summary';
import { UPLOAD_MAX_BYTES } from '../../../../../shared/contract/uploads';
import type { FormDescription, FormFieldDescription } from '../../../../../shared/catalog';
import { studio } from '../../../studio/studio-client';
import { imageFields } from '../model/form-values';

/** One reference image of the tray, from a dropped file, the library or a reused recipe. */
export interface ReferenceItem {
  id: string;
  name: string;
  state: 'uploading' | 'ready' | 'failed';
  /** What to show: the file itself while it is here, else main's small preview; null when unknown. */
  previewUrl: string | null;
  /** Pixel size, once main has read the file (null for an address it never uploaded). */
  width: number | null;
  height: number | null;
  mime: string;
  bytes: number;
  /** The gateway's address once uploaded. */
  url: string | null;
  /** Why main refused it (the tile says so and nothing else in the form changes). */
  error: StudioError | null;
  /** Set when main fitted the picture to a model's limits: the original's facts, and the variant it was fitted for. */
  fitted: { from: FittedFromView; variantId: string } | null;
  /** Where the picture came from, to fit it again for another model (null for an address of a reused recipe). */
  source: { file: File } | { assetId: string } | null;
}

/** The ids of a tray before and after a change, for renumbering the prompt's placeholders. */
export interface TrayChange {
  field: string;
  before: string[];
  after: string[];
}

export interface ReferencesSlice {
  /** Items per file field of the form, in order. */
  trays: Record<string, ReferenceItem[]>;
  addFiles: (field: string, files: readonly File[]) => Promise<void>;
  /** An image of the library (a result dragged in, or `?reference=`), uploaded by main from its file. */
  addAsset: (field: string, assetId: string, name: string, libraryPath?: string | null) => Promise<void>;
  /** Addresses of a reused recipe, shown from what main kept of its uploads. */
  addKnown: (field: string, urls: readonly string[]) => Promise<void>;
  /** Fits again, for the model now chosen, the items over its limits that the studio still has the source of. */
  refitReferences: (fields: readonly FormFieldDescription[]) => Promise<void>;
  removeReference: (field: string, id: string) => TrayChange;
  moveReference: (field: string, id: string, toIndex: number) => TrayChange;
  clearReferences: () => void;
}

/** Where references wait while the chosen model takes none. */
export const PARKED = '';

let nextId = 1;
const newId = (): string => `ref-${nextId++}`;

function objectUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function release(item: ReferenceItem): void {
  if (item.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(item.previewUrl);
}

function uploaded(item: ReferenceItem, view: UploadedImageView, variantId: string | null): ReferenceItem {
  return {
    ...item,
    state: 'ready',
    url: view.url,
    width: view.width,
    height: view.height,
    mime: view.mimeType,
    bytes: view.size,
    previewUrl: item.previewUrl ?? view.previewDataUrl,
    error: null,
    fitted: view.fittedFrom !== null && variantId !== null ? { from: view.fittedFrom, variantId } : null,
  };
}

/** Whether an uploaded item is over the limits of a file field (then it is fitted again from its source). */
function overLimits(item: ReferenceItem, field: FormFieldDescription): boolean {
  const limits = field.files;
  if (!limits?.takesUpload || item.state !== 'ready' || item.bytes === 0) return false;
  return (limits.maxBytes !== undefined && item.bytes > limits.maxBytes) || (item.mime !== '' && !limits.mimeTypes.includes(item.mime));
}

/** The last part of an address, for a reference whose file name main does not know. */
function addressName(url: string): string {
  const last = url.split('/').pop() || url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const megabytes = (bytes: number): number => Number((bytes / (1024 * 1024)).toFixed(1));

/** The state the trays read beside their own: the variant chosen, whose limits a picture is fitted to. */
type ReferencesState = ReferencesSlice & { variantId: string | null };

/**
 * Reference images per field, with their upload state. Uploads go through main as bytes, with
 * the variant and field they are for, so a picture over its limits is fitted there.
 */
export const createReferencesSlice: StateCreator<ReferencesState, [], [], ReferencesSlice> = (set, get) => {
  const update = (field: string, id: string, change: (item: ReferenceItem) => ReferenceItem): void =>
    set((state) => ({ trays: { ...state.trays, [field]: (state.trays[field] ?? []).map((item) => (item.id === id ? change(item) : item)) } }));
  const append = (field: string, items: ReferenceItem[]): void =>
    set((state) => ({ trays: { ...state.trays, [field]: [...(state.trays[field] ?? []), ...items] } }));
  const ids = (field: string): string[] => (get().trays[field] ?? []).map((item) => item.id);
  const fitFor = (field: string): { variantId: string; field: string } | undefined => {
    const { variantId } = get();
    return variantId === null || field === PARKED ? undefined : { variantId, field };
  };
  const sendFile = async (field: string, id: string, file: File): Promise<void> => {
    const target = fitFor(field);
    const answer = await studio().call('uploads.add', { fileName: file.name, bytes: await file.arrayBuffer(), ...(target ? { fitFor: target } : {}) });
    update(field, id, (current) =>
      answer.ok ? uploaded(current, answer.value, target?.variantId ?? null) : { ...current, state: 'failed', error: answer.error },
    );
  };
  const sendAsset = async (field: string, id: string, assetId: string): Promise<void> => {
    const target = fitFor(field);
    const answer = await studio().call('uploads.add_asset', { assetId, ...(target ? { fitFor: target } : {}) });
    update(field, id, (current) =>
      answer.ok ? uploaded(current, answer.value, target?.variantId ?? null) : { ...current, state: 'failed', error: answer.error },
    );
  };

  return {
    trays: {},
    addFiles: async (field, files) => {
      const items = files.map((file): ReferenceItem => ({
        id: newId(),
        name: file.name,
        state: 'uploading',
        previewUrl: objectUrl(file),
        width: null,
        height: null,
        mime: file.type,
        bytes: file.size,
        url: null,
        error: null,
        fitted: null,
        source: { file },
      }));
      append(field, items);
      await Promise.all(
        files.map(async (file, index) => {
          const item = items[index];
          if (!item) return;
          if (file.size > UPLOAD_MAX_BYTES) {
            // Not read at all: main would refuse it with these same words.
            const error = errorFor('upload_too_large', { file: file.name, megabytes: megabytes(file.size), limitMegabytes: megabytes(UPLOAD_MAX_BYTES) });
            update(field, item.id, (current) => ({ ...current, state: 'failed', error }));
            return;
          }
          await sendFile(field, item.id, file);
        }),
      );
    },
    addAsset: async (field, assetId, name, libraryPath = null) => {
      // The library's own file shows at full size (the mask painter paints on it).
      const previewUrl = libraryPath === null ? null : studio().mediaUrl(libraryPath);
      const item: ReferenceItem = {
        id: newId(),
        name,
        state: 'uploading',
        previewUrl,
        width: null,
        height: null,
        mime: '',
        bytes: 0,
        url: null,
        error: null,
        fitted: null,
        source: { assetId },
      };
      append(field, [item]);
      await sendAsset(field, item.id, assetId);
    },
    refitReferences: async (fields) => {
      const work = fields.flatMap((field) =>
        (get().trays[field.key] ?? []).flatMap((item) =>
          item.source !== null && overLimits(item, field) ? [{ field: field.key, item, source: item.source }] : [],
        ),
      );
      for (const { field, item } of work) update(field, item.id, (current) => ({ ...current, state: 'uploading', url: null }));
      await Promise.all(
        work.map(({ field, item, source }) => ('file' in source ? sendFile(field, item.id, source.file) : sendAsset(field, item.id, source.assetId))),
      );
    },
    addKnown: async (field, urls) => {
      if (urls.length === 0) return;
      const answer = await studio().call('uploads.describe', { urls: [...urls] });
      const known = new Map<string, KnownReferenceView>(answer.ok ? answer.value.map((view) => [view.url, view]) : []);
      append(
        field,
        urls.map((url): ReferenceItem => {
          const view = known.get(url);
          return {
            id: newId(),
            name: view?.fileName ?? addressName(url),
            state: 'ready',
            previewUrl: view?.previewDataUrl ?? null,
            width: view?.width ?? null,
            height: view?.height ?? null,
            mime: view?.mimeType ?? '',
            bytes: view?.size ?? 0,
            url,
            error: null,
            fitted: null,
            source: null,
          };
        }),
      );
    },
    removeReference: (field, id) => {
      const before = ids(field);
      const removed = (get().trays[field] ?? []).find((item) => item.id === id);
      if (removed) release(removed);
      set((state) => ({ trays: { ...state.trays, [field]: (state.trays[field] ?? []).filter((item) => item.id !== id) } }));
      return { field, before, after: ids(field) };
    },
    moveReference: (field, id, toIndex) => {
      const before = ids(field);
      const list = [...(get().trays[field] ?? [])];
      const from = list.findIndex((item) => item.id === id);
      const [moved] = from < 0 ? [] : list.splice(from, 1);
      if (moved) list.splice(Math.max(0, Math.min(toIndex, list.length)), 0, moved);
      set((state) => ({ trays: { ...state.trays, [field]: list } }));
      return { field, before, after: ids(field) };
    },
    clearReferences: () => {
      for (const items of Object.values(get().trays)) items.forEach(release);
      set({ trays: {} });
    },
  };
};

/** After a switch of model: items of a field the new form lacks move to its first image field. */
export function adaptTrays(trays: Readonly<Record<string, ReferenceItem[]>>, description: FormDescription): Record<string, ReferenceItem[]> {
  const fields = imageFields(description).map((field) => field.key);
  const target = fields[0];
  const next: Record<string, ReferenceItem[]> = {};
  for (const [field, items] of Object.entries(trays)) {
    // A model without reference images keeps them aside for the next one that takes them.
    const to = fields.includes(field) ? field : (target ?? PARKED);
    next[to] = [...(next[to] ?? []), ...items];
  }
  return next;
}

/** Items that count for the form (refused files are shown but never sent). */
export function liveItems(items: readonly ReferenceItem[] | undefined): ReferenceItem[] {
  return (items ?? []).filter((item) => item.state !== 'failed');
}
