import { useEffect } from 'react';
import { useCreateStore } from './store/create-store';

/** The attribute a reference tray carries, so a paste inside it goes to that tray. */
export const REFERENCE_FIELD_ATTRIBUTE = 'data-reference-field';

/**
 * Files pasted anywhere on Create (a screenshot, a copied picture) join a reference tray: the one
 * holding the focus, else the first. Text pastes are left to the field they land in; bad files
 * get main's refusal in the tray like a dropped one.
 */
export function usePasteReferences(fieldKeys: readonly string[]): void {
  const keys = fieldKeys.join('\n');
  useEffect(() => {
    const fields = keys === '' ? [] : keys.split('\n');
    const paste = (event: ClipboardEvent): void => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0 || fields.length === 0) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"], dialog')) return;
      const focused = target?.closest(`[${REFERENCE_FIELD_ATTRIBUTE}]`)?.getAttribute(REFERENCE_FIELD_ATTRIBUTE);
      const field = focused && fields.includes(focused) ? focused : fields[0];
      if (field === undefined) return;
      event.preventDefault();
      void useCreateStore.getState().addFiles(field, files);
    };
    window.addEventListener('paste', paste);
    return () => window.removeEventListener('paste', paste);
  }, [keys]);
}
