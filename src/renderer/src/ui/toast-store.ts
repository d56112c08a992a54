import type { TFunction } from 'i18next';
import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error';

/** A toast's words, worded at each render with the window's `t`, so a toast follows the language the artist switches to. */
export type ToastWords = (t: TFunction) => string;

/** A button in a toast ("Undo"); pressing it runs `run` and closes the toast. */
interface ToastAction {
  label: ToastWords;
  run: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long it stays, when it must outlast the usual 5 s (an undo window). */
  durationMs?: number;
}

interface Toast {
  id: number;
  message: ToastWords;
  tone: ToastTone;
  action?: ToastAction | undefined;
}

interface ToastState {
  toasts: Toast[];
  show: (message: ToastWords, tone?: ToastTone, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** How long a toast stays; errors stay until dismissed (they may need reading twice). */
const VISIBLE_MS = 5000;

/** Short notes that something happened ("Saved", "Batch queued"). Not for errors a form must show. */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, tone = 'info', options = {}) => {
    const id = nextId++;
    set({ toasts: [...get().toasts.slice(-3), { id, message, tone, action: options.action }] });
    if (tone !== 'error') setTimeout(() => get().dismiss(id), options.durationMs ?? VISIBLE_MS);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((toast) => toast.id !== id) }),
}));

/** Shows a toast from anywhere (a container after an action). */
export function showToast(message: ToastWords, tone?: ToastTone, options?: ToastOptions): number {
  return useToastStore.getState().show(message, tone, options);
}
