import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../../shared/contract';
import { Button, Dialog, TextField } from '../../../ui';
import './FilterPanel.css';
import './SelectionDialogs.css';

export interface TagDialogProps {
  open: boolean;
  count: number;
  onApply: (tags: string[]) => void;
  onClose: () => void;
}

/** Adds tags to every selected item (comma-separated, English or Chinese commas). */
export function TagDialog({ open, count, onApply, onClose }: TagDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const tags = text
    .split(/[,，、]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return (
    <Dialog
      open={open}
      title={t('gallery.addTags')}
      description={t('gallery.selected', { count })}
      onClose={onClose}
      closeLabel={t('gallery.close')}
      actions={
        <>
          <Button onClick={onClose}>{t('gallery.cancel')}</Button>
          <Button
            variant="primary"
            disabled={tags.length === 0}
            onClick={() => {
              onApply(tags);
              setText('');
            }}
          >
            {t('gallery.apply')}
          </Button>
        </>
      }
    >
      <TextField label={t('gallery.tagsLabel')} help={t('gallery.tagsHelp')} value={text} onChange={setText} maxLength={400} />
    </Dialog>
  );
}

export interface BoardDialogProps {
  open: boolean;
  count: number;
  boards: BoardView[];
  onChoose: (boardId: string) => void;
  onCreate: (name: string) => void;
  onClose: () => void;
}

/** Puts the selection on a board, or on a new one (a smart board fills itself, so it is not offered). */
export function BoardDialog({ open, count, boards: all, onChoose, onCreate, onClose }: BoardDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const boards = all.filter((board) => board.filter === null);
  return (
    <Dialog open={open} title={t('gallery.addToBoard')} description={t('gallery.selected', { count })} onClose={onClose} closeLabel={t('gallery.close')}>
      {boards.length > 0 && (
        <ul className="board-choices" aria-label={t('gallery.chooseBoard')}>
          {boards.map((board) => (
            <li key={board.id}>
              <Button className="board-choice" onClick={() => onChoose(board.id)}>
                <span>{board.name}</span>
                <span className="facet-count">{board.count}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="board-new"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') return;
          onCreate(name.trim());
          setName('');
        }}
      >
        <TextField className="board-new-name" label={t('gallery.boardName')} value={name} onChange={setName} maxLength={80} />
        <Button type="submit" variant="primary" disabled={name.trim() === ''}>
          {t('gallery.createBoard')}
        </Button>
      </form>
    </Dialog>
  );
}

export interface NameDialogProps {
  open: boolean;
  title: string;
  /** What the name is for, under the title. */
  description?: string | undefined;
  initial: string;
  confirmLabel: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a board's name: a new smart board, or a new name for a board. */
export function NameDialog({ open, title, description, initial, confirmLabel, onSubmit, onClose }: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [shown, setShown] = useState(open);
  // Opened again: start from the name given now.
  if (open !== shown) {
    setShown(open);
    if (open) setName(initial);
  }
  return (
    <Dialog open={open} title={title} description={description} onClose={onClose} closeLabel={t('gallery.close')}>
      <form
        className="board-new"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() !== '') onSubmit(name.trim());
        }}
      >
        <TextField className="board-new-name" label={t('gallery.boardName')} value={name} onChange={setName} maxLength={80} autoFocus />
        <Button type="submit" variant="primary" disabled={name.trim() === ''}>
          {confirmLabel}
        </Button>
      </form>
    </Dialog>
  );
}
