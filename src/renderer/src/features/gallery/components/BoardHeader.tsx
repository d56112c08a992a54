import { ArrowDown, ArrowUp, FolderHeart, Pencil, Sparkles, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BoardView } from '../../../../../shared/contract';
import { Badge, IconButton } from '../../../ui';
import './BoardHeader.css';

export interface BoardHeaderProps {
  board: BoardView;
  /** Words for a smart board's saved search ("“fox” · Images"). */
  searchSummary: string | null;
  coverUrl: string | null;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onRename: () => void;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}

const isChinese = (text: string): string | undefined => (/[\u3400-\u9fff]/.test(text) ? 'zh' : undefined);

/** The top of a board's page: its cover, name and count, and what can be done to the board itself. */
export function BoardHeader({ board, searchSummary, coverUrl, canMoveUp, canMoveDown, onRename, onMove, onDelete }: BoardHeaderProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className="board-header" aria-label={t('gallery.board.region', { name: board.name })}>
      <div className="board-cover" aria-hidden="true">
        {coverUrl ? <img src={coverUrl} alt="" /> : board.filter ? <Sparkles size={22} /> : <FolderHeart size={22} />}
      </div>
      <div className="board-titles">
        <h2 className="board-name" lang={isChinese(board.name)}>
          {board.name}
        </h2>
        <p className="board-meta">
          {board.filter && <Badge tone="accent">{t('gallery.board.smart')}</Badge>}
          <span>{t('gallery.count', { count: board.count, shown: board.count.toLocaleString(i18n.language) })}</span>
          {searchSummary && <span className="board-search">{searchSummary}</span>}
        </p>
      </div>
      <div className="board-tools">
        <IconButton size="sm" label={t('gallery.board.moveUp')} icon={ArrowUp} disabled={!canMoveUp} onClick={() => onMove(-1)} />
        <IconButton size="sm" label={t('gallery.board.moveDown')} icon={ArrowDown} disabled={!canMoveDown} onClick={() => onMove(1)} />
        <IconButton size="sm" label={t('gallery.board.rename')} icon={Pencil} onClick={onRename} />
        <IconButton size="sm" variant="danger" label={t('gallery.board.delete')} icon={Trash2} onClick={onDelete} />
      </div>
    </section>
  );
}
