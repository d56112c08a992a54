import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './IconButton';
import './Dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called for Escape and the close button; the owner sets `open` to false. */
  onClose: () => void;
  /** The label of the close button (in the UI language). */
  closeLabel: string;
  children: ReactNode;
  /** Buttons at the bottom, primary last. */
  actions?: ReactNode;
  /** Text read with the title when the dialog opens. */
  description?: string;
  /** `wide` for a dialog that holds a list or a preview (up to 720 px). */
  size?: 'normal' | 'wide';
}

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the rest of the page
 * inert, and returns focus where it was when it closes. `open` stays the owner's truth.
 */
export function Dialog({ open, title, onClose, closeLabel, children, actions, description, size = 'normal' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={size === 'wide' ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault(); // Escape: let the owner close it, so `open` stays the truth.
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <IconButton label={closeLabel} icon={X} size="sm" onClick={onClose} />
      </div>
      {description && (
        <p id={descriptionId} className="dialog-description">
          {description}
        </p>
      )}
      {children}
      {actions && <div className="dialog-actions">{actions}</div>}
    </dialog>
  );
}
