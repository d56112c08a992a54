import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { modelNameOf } from '../../../../shared/catalog';
import type { AssetView } from '../../../../shared/contract';
import { useLocale } from '../../errors/use-error-wording';
import type { TileWords } from './components/AssetTile';
import { useTranslate } from '../../i18n/use-words';
import { formatDuration } from './model/recipe';

/** The grid's words in the UI language, one object (tiles compare it by identity). */
export function useTileWords(): TileWords {
  const { t } = useTranslation();
  const locale = useLocale();
  const translate = useTranslate();
  return useMemo(
    () => ({
      tile: (asset: AssetView) => {
        const name = t('gallery.tileLabel', { prompt: asset.prompt || t('gallery.untitled'), model: modelNameOf(asset.model, locale, asset.variantId) });
        if (asset.kind !== 'video') return name;
        // A video's length and sound, which its badge shows, are read out with its name.
        const sound = asset.hasAudio === null ? [] : [t(asset.hasAudio ? 'gallery.sound' : 'gallery.silent')];
        return [name, t('gallery.video'), ...(asset.durationMs === null ? [] : [formatDuration(asset.durationMs, translate)]), ...sound].join(' · ');
      },
      duration: (ms: number) => formatDuration(ms, translate),
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
    [t, locale, translate],
  );
}
