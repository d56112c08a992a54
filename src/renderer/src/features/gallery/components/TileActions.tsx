import { FolderPlus, ImagePlus, Maximize2, RefreshCw, Shuffle, Star } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { AssetView } from '../../../../../shared/contract';
import { nextSteps } from '../../../entities/result-actions';
import './TileActions.css';

/** What a tile's buttons do; the grid's owner carries them out. */
export type TileAction = 'reroll' | 'vary' | 'reference' | 'favourite' | 'board' | 'open';

export interface TileActionWords {
  reroll: string;
  vary: string;
  reference: string;
  favourite: string;
  unfavourite: string;
  board: string;
  open: string;
}

export interface TileActionsProps {
  asset: AssetView;
  words: TileActionWords;
  onAction: (action: TileAction, asset: AssetView) => void;
}

const icons = { reroll: RefreshCw, vary: Shuffle, reference: ImagePlus, favourite: Star, board: FolderPlus, open: Maximize2 } as const;

/**
 * The next steps from one result, over its tile while the pointer rests on it (or the keyboard is
 * on it): re-roll, vary, use as reference, favourite, add to board, open. Only those that apply.
 */
export function TileActions({ asset, words, onAction }: TileActionsProps) {
  const steps = nextSteps(asset);
  const shown: TileAction[] = [
    ...(steps.again ? (['reroll'] as const) : []),
    ...(steps.vary ? (['vary'] as const) : []),
    ...(steps.reference ? (['reference'] as const) : []),
    'favourite',
    'board',
    'open',
  ];
  const run = (event: MouseEvent, action: TileAction): void => {
    event.stopPropagation();
    onAction(action, asset);
  };
  return (
    <div className="tile-actions" onDoubleClick={(event) => event.stopPropagation()}>
      {shown.map((action) => {
        const Icon = icons[action];
        const label = action === 'favourite' && asset.favourite ? words.unfavourite : words[action];
        return (
          <button
            key={action}
            type="button"
            className={action === 'favourite' && asset.favourite ? 'tile-action is-on' : 'tile-action'}
            tabIndex={-1}
            aria-label={label}
            title={label}
            aria-pressed={action === 'favourite' ? asset.favourite : undefined}
            onClick={(event) => run(event, action)}
          >
            <Icon size={15} aria-hidden="true" fill={action === 'favourite' && asset.favourite ? 'currentColor' : 'none'} />
          </button>
        );
      })}
    </div>
  );
}
