import { create } from 'zustand';
import type { Envelope, StudioError, UploadedImageView } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';
import { exportMaskPng } from '../mask/mask-export';
import { applyEdit, emptyMask, fittedView, redo, undo, type MaskDocument, type MaskEdit, type MaskTool, type MaskView } from '../mask/mask-model';

/** The painter's brush. */
export interface Brush {
  tool: MaskTool;
  /** Diameter in image pixels. */
  size: number;
  hardness: number;
}

interface MaskState {
  /** The painter is open over the page. */
  editing: boolean;
  /** The mask being painted, in the pixels of `referenceId`'s image. */
  doc: MaskDocument | null;
  /** The reference (the first image) the mask belongs to. */
  referenceId: string | null;
  brush: Brush;
  view: MaskView;
  /** The uploaded mask, reused by every request until the mask or its image changes. */
  upload: { state: 'idle' | 'uploading' | 'ready' | 'failed'; url: string | null; error: StudioError | null };
  /** A mask address from a reused recipe, used as it is until the artist paints a new one. */
  recipeUrl: string | null;
  /** Opens the painter on the first reference (keeping the mask when it is the same image). */
  open: (reference: { id: string; width: number; height: number }) => void;
  close: () => void;
  edit: (edit: MaskEdit) => void;
  undo: () => void;
  redo: () => void;
  setBrush: (brush: Partial<Brush>) => void;
  setView: (view: MaskView) => void;
  /** Exports the mask (PNG with alpha at the image's size) and uploads it; the form then sends its address. */
  apply: () => Promise<Envelope<UploadedImageView> | null>;
  /** Forgets the mask (painted or from a recipe). */
  discard: () => void;
  setRecipeUrl: (url: string | null) => void;
}

const idle = { state: 'idle' as const, url: null, error: null };

/** The inpainting mask of the first reference image, with its painter's tools and undo history. */
export const useMaskStore = create<MaskState>()((set, get) => ({
  editing: false,
  doc: null,
  referenceId: null,
  brush: { tool: 'brush', size: 80, hardness: 0.7 },
  view: fittedView,
  upload: idle,
  recipeUrl: null,
  open: ({ id, width, height }) => {
    const { doc, referenceId } = get();
    const same = doc !== null && referenceId === id && doc.width === width && doc.height === height;
    set({
      editing: true,
      referenceId: id,
      doc: same ? doc : emptyMask(width, height),
      view: fittedView,
      brush: same ? get().brush : { ...get().brush, size: Math.round(Math.max(8, Math.min(width, height) / 12)) },
      upload: same ? get().upload : idle,
    });
  },
  close: () => set({ editing: false }),
  edit: (edit) => {
    const doc = get().doc;
    if (doc) set({ doc: applyEdit(doc, edit), upload: idle });
  },
  undo: () => {
    const doc = get().doc;
    if (doc) set({ doc: undo(doc), upload: idle });
  },
  redo: () => {
    const doc = get().doc;
    if (doc) set({ doc: redo(doc), upload: idle });
  },
  setBrush: (brush) => set({ brush: { ...get().brush, ...brush } }),
  setView: (view) => set({ view }),
  apply: async () => {
    const doc = get().doc;
    if (!doc) return null;
    set({ upload: { state: 'uploading', url: null, error: null } });
    const png = await exportMaskPng(doc);
    const answer = await studio().call('uploads.add', { fileName: 'mask.png', bytes: png.slice().buffer });
    // The mask may have changed while it uploaded: only the current one's answer counts.
    if (get().doc !== doc) return answer;
    set({ upload: answer.ok ? { state: 'ready', url: answer.value.url, error: null } : { state: 'failed', url: null, error: answer.error }, recipeUrl: null });
    return answer;
  },
  discard: () => set({ doc: null, referenceId: null, upload: idle, recipeUrl: null, editing: false }),
  setRecipeUrl: (recipeUrl) => set({ recipeUrl }),
}));

/** The mask address a request sends: the uploaded painted mask, else the recipe's; null when none. */
export function maskUrlOf(state: Pick<MaskState, 'upload' | 'recipeUrl' | 'doc'>): string | null {
  if (state.upload.state === 'ready') return state.upload.url;
  return state.doc === null ? state.recipeUrl : null;
}
