import { Maximize2, Trophy, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AssetView } from '../../../../../shared/contract';
import './CompareActions.css';

export interface CompareActionsProps {
  asset: AssetView;
  /** Names the result for the buttons ("gen-image-2 · a fox"). */
  name: string;
  onWinner: () => void;
  onDrop: () => void;
  onOpen: () => void;
}

/** Under each picture of a comparison: mark it the winner (a favourite), drop it (delete, with undo), open it. */
export function CompareActions({ asset, name, onWinner, onDrop, onOpen }: CompareActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="compare-actions">
      <button
        type="button"
        className={asset.favourite ? 'compare-action is-winner' : 'compare-action'}
        aria-pressed={asset.favourite}
        aria-label={t('gallery.compareView.winnerOf', { name })}
        onClick={onWinner}
      >
        <Trophy size={14} aria-hidden="true" />
        {asset.favourite ? t('gallery.compareView.isWinner') : t('gallery.compareView.winner')}
      </button>
      <button type="button" className="compare-action" aria-label={t('gallery.compareView.dropOf', { name })} onClick={onDrop}>
        <X size={14} aria-hidden="true" />
        {t('gallery.compareView.drop')}
      </button>
      <button type="button" className="compare-action" aria-label={`${t('gallery.open')}: ${name}`} onClick={onOpen}>
        <Maximize2 size={14} aria-hidden="true" />
        {t('gallery.open')}
      </button>
    </div>
  );
}
