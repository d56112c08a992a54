import { GripVertical, Plus, Sparkles } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../../shared/contract';
import { carriesAsset, readAssetDrag } from '../../../entities/asset-drag';
import { Button, TextField } from '../../../ui';
import { BOARD_DRAG_TYPE, boardOrderAfterDrop, readSelectionDrag, SELECTION_DRAG_TYPE } from '../model/selection-drag';

export interface BoardListProps {
  /** Every board in the artist's order. */
  boards: readonly BoardView[];
  /** Each board's count under the rest of the filter (the panel's facet). */
  counts: ReadonlyMap<string, number>;
  chosen: string | undefined;
  onChoose: (boardId: string) => void;
  onCreate: (name: string) => Promise<boolean>;
  /** Results dropped on a board (a board results are put on; a smart board fills itself). */
  onDropResults: (boardId: string, ids: string[]) => void;
  onReorder: (ids: string[]) => void;
}

const hasChinese = (text: string): string | undefined => (/[\u3400-\u9fff]/.test(text) ? 'zh' : undefined);

/**
 * The boards in the filter panel: a board is a place to go (click), to drop results on (dragged
 * from the grid or the selection bar, with a highlight), and can be dragged to another place in
 * the list. A smart board is marked with sparkles and takes no drops.
 */
export function BoardList({ boards, counts, chosen, onChoose, onCreate, onDropResults, onReorder }: BoardListProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [over, setOver] = useState<string | null>(null);

  const takes = (board: BoardView, event: DragEvent): boolean => {
    const types = event.dataTransfer.types;
    if (types.includes(BOARD_DRAG_TYPE)) return true;
    return board.filter === null && (types.includes(SELECTION_DRAG_TYPE) || carriesAsset(event.dataTransfer));
  };
  // Entering lights the board at once; every move over it keeps it lit and says what a drop does.
  const hover = (board: BoardView, event: DragEvent): void => {
    if (!takes(board, event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = event.dataTransfer.types.includes(BOARD_DRAG_TYPE) ? 'move' : 'copy';
    setOver(board.id);
  };
  const drop = (board: BoardView, event: DragEvent): void => {
    event.preventDefault();
    setOver(null);
    const moved = event.dataTransfer.getData(BOARD_DRAG_TYPE);
    if (moved !== '') {
      onReorder(
        boardOrderAfterDrop(
          boards.map((b) => b.id),
          moved,
          board.id,
        ),
      );
      return;
    }
    if (board.filter !== null) return;
    const ids = readSelectionDrag(event.dataTransfer) ?? [readAssetDrag(event.dataTransfer)?.id].filter((id): id is string => id !== undefined);
    if (ids.length > 0) onDropResults(board.id, ids);
  };

  return (
    <section className="facet-section" aria-label={t('gallery.boards')}>
      <h2 className="facet-title">{t('gallery.boards')}</h2>
      <ul className="facet-list">
        {boards.map((board) => {
          const count = counts.get(board.id);
          return (
            <li
              key={board.id}
              className={over === board.id ? 'board-item is-drop-target' : 'board-item'}
              onDragEnter={(event) => hover(board, event)}
              onDragOver={(event) => hover(board, event)}
              onDragLeave={() => setOver((current) => (current === board.id ? null : current))}
              onDrop={(event) => drop(board, event)}
            >
              <span
                className="board-grip"
                draggable
                title={t('gallery.board.drag')}
                aria-hidden="true"
                onDragStart={(event) => {
                  event.dataTransfer.setData(BOARD_DRAG_TYPE, board.id);
                  event.dataTransfer.effectAllowed = 'move';
                }}
              >
                <GripVertical size={14} />
              </span>
              <button
                type="button"
                className="facet-choice"
                aria-pressed={chosen === board.id}
                aria-label={count === undefined ? board.name : t('gallery.facetItem', { name: board.name, count })}
                onClick={() => onChoose(board.id)}
              >
                {board.filter !== null && <Sparkles size={14} aria-hidden="true" />}
                <span className="facet-name" lang={hasChinese(board.name)}>
                  {board.name}
                </span>
                {count !== undefined && <span className="facet-count">{count.toLocaleString()}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {adding ? (
        <form
          className="facet-new-board"
          onSubmit={(event) => {
            event.preventDefault();
            void onCreate(name).then((made) => {
              if (!made) return;
              setName('');
              setAdding(false);
            });
          }}
        >
          <TextField label={t('gallery.boardName')} value={name} onChange={setName} maxLength={80} autoFocus />
          <Button type="submit" size="sm" variant="primary" disabled={name.trim() === ''}>
            {t('gallery.createBoard')}
          </Button>
        </form>
      ) : (
        <Button size="sm" variant="quiet" icon={Plus} onClick={() => setAdding(true)}>
          {t('gallery.newBoard')}
        </Button>
      )}
    </section>
  );
}
