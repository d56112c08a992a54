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
  const tags = text.split(/[,，、]/).map((tag) => tag.trim()).filter((tag) => tag !== '');
  return (
    <Dialog open={open} title={t('gallery.addTags')} description={t('gallery.selected', { count })} onClose={onClose} closeLabel={t('gallery.close')}
      actions={
        <>
          <Button onClick={onClose}>{t('gallery.cancel')}</Button>
          <Button variant="primary" disabled={tags.length === 0} onClick={() => { onApply(tags); setText(''); }}>
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

/** Puts the selection on a board, or on a new one. */
export function BoardDialog({ open, count, boards, onChoose, onCreate, onClose }: BoardDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
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
