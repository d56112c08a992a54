import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetView } from '../../../../shared/contract';
import type { TileWords } from './components/AssetTile';

/** The grid's words in the UI language, one object (tiles compare it by identity). */
export function useTileWords(): TileWords {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      tile: (asset: AssetView) => t('gallery.tileLabel', { prompt: asset.prompt || t('gallery.untitled'), model: asset.model }),
      video: t('gallery.video'),
      noPoster: t('gallery.noPoster'),
      noPicture: t('gallery.noPicture'),
      favourite: t('gallery.favourite'),
      select: t('gallery.select'),
      sound: t('gallery.sound'),
      silent: t('gallery.silent'),
      actions: {
        reroll: t('resultActions.reroll'),
        vary: t('resultActions.vary'),
        reference: t('resultActions.useAsReference'),
        favourite: t('gallery.favourite'),
        unfavourite: t('gallery.unfavourite'),
        board: t('gallery.addToBoard'),
        open: t('gallery.open'),
      },
    }),
    [t],
  );
}
