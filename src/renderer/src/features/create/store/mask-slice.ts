import type { StateCreator } from 'zustand';
import type { Envelope, SavedMaskView, StudioError, UploadedImageView } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';
import { exportMaskPng } from '../mask/mask-export';
import { decodeMaskPng, MaskPngUnreadable } from '../mask/png-decode';
import { sameShape } from '../mask/saved-mask-choices';
import {
  applyEdit,
  emptyMask,
  fittedView,
  redo,
  undo,
  type Coverage,
  type MaskDocument,
  type MaskBrush,
  type MaskEdit,
  type MaskView,
} from '../mask/mask-model';

interface MaskUpload {
  state: 'idle' | 'uploading' | 'ready' | 'failed';
  url: string | null;
  error: StudioError | null;
}

/** Saving the painted mask, or loading or deleting a saved one: the last outcome, shown in the painter. */
export interface SavedMaskWork {
  state: 'idle' | 'busy' | 'saved' | 'loaded' | 'refused' | 'failed';
  error: StudioError | null;
  /** The saved mask last loaded or refused, at its own size, and why it was refused. */
  mask?: { name: string; width: number; height: number; refused?: 'otherShape' | 'unreadable' };
}

export interface MaskSlice {
  /** The painter is open over the page. */
  maskEditing: boolean;
  /** The mask being painted, in the pixels of `maskReferenceId`'s image. */
  maskDoc: MaskDocument | null;
  /** The reference (the first image) the mask belongs to. */
  maskReferenceId: string | null;
  brush: MaskBrush;
  maskView: MaskView;
  /** The uploaded mask, reused by every request until the mask or its image changes. */
  maskUpload: MaskUpload;
  /** A mask address from a reused recipe, used as it is until the artist paints a new one. */
  maskRecipeUrl: string | null;
  /** Opens the painter on the first reference (keeping the mask when it is the same image). */
  openMask: (reference: { id: string; width: number; height: number }) => void;
  closeMask: () => void;
  /** Keeps the painted mask for another first image of the same size (a replacement). */
  keepMaskFor: (referenceId: string) => void;
  editMask: (edit: MaskEdit) => void;
  undoMask: () => void;
  redoMask: () => void;
  setBrush: (brush: Partial<MaskBrush>) => void;
  setMaskView: (view: MaskView) => void;
  /** Exports the mask (PNG with alpha at the image's size) and uploads it; the form then sends its address. */
  applyMask: () => Promise<Envelope<UploadedImageView> | null>;
  /** Forgets the mask (painted or from a recipe). */
  discardMask: () => void;
  setMaskRecipeUrl: (url: string | null) => void;
  /** Masks saved in the library, newest first (loaded when the painter opens). */
  savedMasks: SavedMaskView[];
  savedMaskWork: SavedMaskWork;
  loadSavedMasks: () => Promise<void>;
  /** Keeps the painted mask in the library under `name`; the painting stays as it is. */
  saveMask: (name: string) => Promise<void>;
  /**
   * Loads a saved mask into the painter in place of what is painted, scaled to the image when it
   * has the image's shape (refused, saying so, when not), to be viewed, edited and then used.
   */
  loadSavedMask: (id: string) => Promise<void>;
  deleteSavedMask: (id: string) => Promise<void>;
}

const idle: MaskUpload = { state: 'idle', url: null, error: null };
const noWork: SavedMaskWork = { state: 'idle', error: null };

/** The inpainting mask of the first reference image, with its painter's tools and undo history. */
export const createMaskSlice: StateCreator<MaskSlice> = (set, get) => {
  const change = (next: (doc: MaskDocument) => MaskDocument): void => {
    const doc = get().maskDoc;
    // A changed mask is no longer the one just saved.
    if (doc) set({ maskDoc: next(doc), maskUpload: idle, savedMaskWork: noWork });
  };
  return {
    maskEditing: false,
    maskDoc: null,
    maskReferenceId: null,
    brush: { tool: 'brush', shape: 'freehand', size: 80, hardness: 0.7, feather: 0 },
    maskView: fittedView,
    maskUpload: idle,
    maskRecipeUrl: null,
    openMask: ({ id, width, height }) => {
      const { maskDoc: doc, maskReferenceId, brush, maskUpload } = get();
      const same = doc !== null && maskReferenceId === id && doc.width === width && doc.height === height;
      set({
        maskEditing: true,
        maskReferenceId: id,
        maskDoc: same ? doc : emptyMask(width, height),
        maskView: fittedView,
        brush: same ? brush : { ...brush, size: Math.round(Math.max(8, Math.min(width, height) / 12)) },
        maskUpload: same ? maskUpload : idle,
        savedMaskWork: noWork,
      });
    },
    closeMask: () => set({ maskEditing: false }),
    keepMaskFor: (maskReferenceId) => set({ maskReferenceId }),
    editMask: (edit) => change((doc) => applyEdit(doc, edit)),
    undoMask: () => change(undo),
    redoMask: () => change(redo),
    setBrush: (brush) => set({ brush: { ...get().brush, ...brush } }),
    setMaskView: (maskView) => set({ maskView }),
    applyMask: async () => {
      const doc = get().maskDoc;
      if (!doc) return null;
      set({ maskUpload: { state: 'uploading', url: null, error: null } });
      const png = await exportMaskPng(doc);
      const answer = await studio().call('uploads.add', { fileName: 'mask.png', bytes: png.slice().buffer });
      // The mask may have changed while it uploaded: only the current one's answer counts.
      if (get().maskDoc !== doc) return answer;
      set({
        maskUpload: answer.ok ? { state: 'ready', url: answer.value.url, error: null } : { state: 'failed', url: null, error: answer.error },
        maskRecipeUrl: null,
      });
      return answer;
    },
    discardMask: () => set({ maskDoc: null, maskReferenceId: null, maskUpload: idle, maskRecipeUrl: null, maskEditing: false }),
    setMaskRecipeUrl: (maskRecipeUrl) => set({ maskRecipeUrl }),
    savedMasks: [],
    savedMaskWork: noWork,
    loadSavedMasks: async () => {
      const answer = await studio().call('masks.list_masks', {});
      set(answer.ok ? { savedMasks: answer.value } : { savedMaskWork: { state: 'failed', error: answer.error } });
    },
    saveMask: async (name) => {
      const doc = get().maskDoc;
      if (!doc || doc.edits.length === 0) return;
      set({ savedMaskWork: { state: 'busy', error: null } });
      const png = await exportMaskPng(doc);
      const answer = await studio().call('masks.save_mask', { name, bytes: png.slice().buffer });
      if (!answer.ok) return set({ savedMaskWork: { state: 'failed', error: answer.error } });
      set({ savedMasks: [answer.value, ...get().savedMasks], savedMaskWork: { state: 'saved', error: null } });
    },
    loadSavedMask: async (id) => {
      set({ savedMaskWork: { state: 'busy', error: null } });
      const answer = await studio().call('masks.read_mask', { id });
      if (!answer.ok) return set({ savedMaskWork: { state: 'failed', error: answer.error } });
      const { name, width, height, pngBase64 } = answer.value;
      const refuse = (refused: 'otherShape' | 'unreadable') =>
        set({ savedMaskWork: { state: 'refused', error: null, mask: { name, width, height, refused } } });
      let mask: Coverage;
      try {
        mask = await decodeMaskPng(Uint8Array.from(atob(pngBase64), (char) => char.charCodeAt(0)));
      } catch (error) {
        if (error instanceof MaskPngUnreadable) return refuse('unreadable');
        throw error;
      }
      // Measured against the painting as it is now: it may have changed while the mask was read.
      const doc = get().maskDoc;
      if (!doc) return set({ savedMaskWork: noWork });
      if (!sameShape(mask, doc)) return refuse('otherShape');
      set({
        maskDoc: applyEdit(doc, { kind: 'load', name, mask }),
        maskUpload: idle,
        maskRecipeUrl: null,
        savedMaskWork: { state: 'loaded', error: null, mask: { name, width, height } },
      });
    },
    deleteSavedMask: async (id) => {
      const answer = await studio().call('masks.delete_mask', { id });
      if (!answer.ok) return set({ savedMaskWork: { state: 'failed', error: answer.error } });
      set({ savedMasks: get().savedMasks.filter((mask) => mask.id !== id), savedMaskWork: noWork });
    },
  };
};

/** The mask address a request sends: the uploaded painted mask, else the recipe's; null when none. */
export function maskUrlOf(state: Pick<MaskSlice, 'maskUpload' | 'maskRecipeUrl' | 'maskDoc'>): string | null {
  if (state.maskUpload.state === 'ready') return state.maskUpload.url;
  return state.maskDoc === null ? state.maskRecipeUrl : null;
}
