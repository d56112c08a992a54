import type { StateCreator } from 'zustand';
import { errorFor, UPLOAD_MAX_BYTES, type KnownReferenceView, type StudioError, type UploadedImageView } from '../../../../../shared/contract';
import type { FormDescription } from '../../../../../shared/catalog';
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

function uploaded(item: ReferenceItem, view: UploadedImageView): ReferenceItem {
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
  };
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

/** Reference images per field, with their upload state. Uploads go through main as bytes. */
export const createReferencesSlice: StateCreator<ReferencesSlice> = (set, get) => {
  const update = (field: string, id: string, change: (item: ReferenceItem) => ReferenceItem): void =>
    set((state) => ({ trays: { ...state.trays, [field]: (state.trays[field] ?? []).map((item) => (item.id === id ? change(item) : item)) } }));
  const append = (field: string, items: ReferenceItem[]): void =>
    set((state) => ({ trays: { ...state.trays, [field]: [...(state.trays[field] ?? []), ...items] } }));
  const ids = (field: string): string[] => (get().trays[field] ?? []).map((item) => item.id);

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
          const answer = await studio().call('uploads.add', { fileName: file.name, bytes: await file.arrayBuffer() });
          update(field, item.id, (current) => (answer.ok ? uploaded(current, answer.value) : { ...current, state: 'failed', error: answer.error }));
        }),
      );
    },
    addAsset: async (field, assetId, name, libraryPath = null) => {
      // The library's own file shows at full size (the mask painter paints on it).
      const previewUrl = libraryPath === null ? null : studio().mediaUrl(libraryPath);
      const item: ReferenceItem = { id: newId(), name, state: 'uploading', previewUrl, width: null, height: null, mime: '', bytes: 0, url: null, error: null };
      append(field, [item]);
      const answer = await studio().call('uploads.add_asset', { assetId });
      update(field, item.id, (current) => (answer.ok ? uploaded(current, answer.value) : { ...current, state: 'failed', error: answer.error }));
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
