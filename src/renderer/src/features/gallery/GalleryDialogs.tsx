import { useTranslation } from 'react-i18next';
import type { BoardView, SmartFilter } from '../../../../shared/contract';
import { ConfirmDialog } from '../../ui';
import { BoardDialog, NameDialog, TagDialog } from './components/SelectionDialogs';
import { useGalleryActions } from './use-gallery-actions';

/** The dialog the gallery has open: tags or a board for some results, a smart board to save, a board to rename or delete. */
export type GalleryDialog =
  | { kind: 'tag'; ids: string[] }
  | { kind: 'board'; ids: string[] }
  | { kind: 'smart' }
  | { kind: 'rename'; board: BoardView }
  | { kind: 'deleteBoard'; board: BoardView };

export interface GalleryDialogsProps {
  dialog: GalleryDialog | null;
  boards: BoardView[];
  /** The search a smart board would keep (the current filter), when there is one. */
  smartSearch: SmartFilter | null;
  onClose: () => void;
  onSmartSaved: (boardId: string) => void;
  onBoardDeleted: (board: BoardView) => void;
}

/** The gallery's dialogs, each carrying out its action when confirmed. */
export function GalleryDialogs({ dialog, boards, smartSearch, onClose, onSmartSaved, onBoardDeleted }: GalleryDialogsProps) {
  const { t } = useTranslation();
  const actions = useGalleryActions();
  const ids = dialog?.kind === 'tag' || dialog?.kind === 'board' ? dialog.ids : [];
  const board = dialog?.kind === 'rename' || dialog?.kind === 'deleteBoard' ? dialog.board : null;
  return (
    <>
      <TagDialog
        open={dialog?.kind === 'tag'}
        count={ids.length}
        onClose={onClose}
        onApply={(tags) => {
          onClose();
          void actions.tag(ids, tags);
        }}
      />
      <BoardDialog
        open={dialog?.kind === 'board'}
        count={ids.length}
        boards={boards}
        onClose={onClose}
        onChoose={(boardId) => {
          onClose();
          void actions.putOnBoard(boardId, ids);
        }}
        onCreate={(name) => {
          onClose();
          void actions.createBoard(name).then((boardId) => {
            if (boardId !== null) void actions.putOnBoard(boardId, ids);
          });
        }}
      />
      <NameDialog
        open={dialog?.kind === 'smart'}
        title={t('gallery.board.saveSmart')}
        description={t('gallery.board.saveSmartHelp')}
        initial=""
        confirmLabel={t('gallery.board.save')}
        onClose={onClose}
        onSubmit={(name) => {
          if (!smartSearch) return;
          void actions.createSmartBoard(name, smartSearch).then((boardId) => {
            if (boardId === null) return;
            onClose();
            onSmartSaved(boardId);
          });
        }}
      />
      <NameDialog
        open={dialog?.kind === 'rename'}
        title={t('gallery.board.rename')}
        initial={board?.name ?? ''}
        confirmLabel={t('gallery.board.renameConfirm')}
        onClose={onClose}
        onSubmit={(name) => {
          if (!board) return;
          void actions.renameBoard(board.id, name).then((renamed) => renamed && onClose());
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'deleteBoard'}
        title={t('gallery.board.deleteTitle', { name: board?.name ?? '' })}
        body={t(board?.filter ? 'gallery.board.deleteSmartBody' : 'gallery.board.deleteBody')}
        confirmLabel={t('gallery.board.delete')}
        cancelLabel={t('gallery.cancel')}
        onCancel={onClose}
        onConfirm={() => {
          if (!board) return;
          onClose();
          void actions.deleteBoard(board).then((deleted) => deleted && onBoardDeleted(board));
        }}
      />
    </>
  );
}
