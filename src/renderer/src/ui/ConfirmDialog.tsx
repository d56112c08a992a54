import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button is red: for what cannot be undone. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question before something that cannot be undone; Cancel is first and focused, the safe answer. */
export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, danger = true, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      description={body}
      onClose={onCancel}
      closeLabel={cancelLabel}
      actions={
        <>
          <Button onClick={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
