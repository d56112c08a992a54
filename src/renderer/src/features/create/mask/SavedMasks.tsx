import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioError } from '../../../../../shared/contract';
import { SAVED_MASK_NAME_MAX } from '../../../../../shared/contract/masks';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { Button, IconButton, TextField } from '../../../ui';
import type { SavedMaskWork } from '../store/mask-slice';
import type { SavedMaskChoice } from './saved-mask-choices';

export interface SavedMasksProps {
  /** From `savedMaskChoices`: those that fit the image first. */
  choices: readonly SavedMaskChoice[];
  /** The image's size, said beside a mask that does not fit it. */
  image: { width: number; height: number };
  defaultName: string;
  /** Something is painted: there is a mask to save. */
  canSave: boolean;
  /** The last save, load or delete, and its outcome. */
  work: SavedMaskWork;
  onSave: (name: string) => void;
  onLoad: (id: string) => void;
  onDelete: (id: string) => void;
}

/** What became of the last saved mask chosen: loaded (perhaps scaled), or refused and why. */
function LoadOutcome({ work, image }: { work: SavedMaskWork; image: { width: number; height: number } }) {
  const { t } = useTranslation();
  const mask = work.mask;
  if (!mask) return null;
  const sizes = { name: mask.name, mw: mask.width, mh: mask.height, w: image.width, h: image.height };
  if (work.state === 'loaded') {
    const scaled = mask.width !== image.width || mask.height !== image.height;
    return <p role="status">{scaled ? t('savedMasks.loadedScaled', sizes) : t('savedMasks.loaded', sizes)}</p>;
  }
  if (work.state !== 'refused') return null;
  return (
    <p className="field-error" role="alert">
      {mask.refused === 'unreadable' ? t('savedMasks.unreadable', sizes) : t('savedMasks.otherShape', sizes)}
    </p>
  );
}

/**
 * "Save mask" under a name, and "Load a saved mask" into the painter: one of the image's shape is
 * loaded (scaled to it); one of another shape is refused, and says so beside it before it is chosen.
 */
export function SavedMasks({ choices, image, defaultName, canSave, work, onSave, onLoad, onDelete }: SavedMasksProps) {
  const { t } = useTranslation();
  const busy = work.state === 'busy';
  const error: StudioError | null = work.error;
  const [name, setName] = useState(defaultName);
  const trimmed = name.trim();
  return (
    <section className="saved-masks" aria-label={t('savedMasks.title')}>
      <form
        className="saved-masks-save"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed !== '') onSave(trimmed);
        }}
      >
        <TextField label={t('savedMasks.name')} value={name} maxLength={SAVED_MASK_NAME_MAX} onChange={setName} />
        <Button type="submit" busy={busy} disabled={!canSave || trimmed === ''}>
          {t('savedMasks.save')}
        </Button>
        {work.state === 'saved' && <span role="status">{t('savedMasks.saved')}</span>}
      </form>
      <h3 className="saved-masks-title">{t('savedMasks.use')}</h3>
      {choices.length === 0 ? (
        <p className="saved-masks-empty">{t('savedMasks.none')}</p>
      ) : (
        <ul className="saved-masks-list">
          {choices.map((choice) => (
            <li key={choice.id}>
              <Button size="sm" disabled={busy} onClick={() => onLoad(choice.id)}>
                {t('savedMasks.choice', { name: choice.name, width: choice.width, height: choice.height })}
              </Button>
              {!choice.fits && <span className="saved-masks-misfit">{t('savedMasks.otherSize', { width: image.width, height: image.height })}</span>}
              {choice.scaled && <span className="saved-masks-misfit">{t('savedMasks.willScale', { width: image.width, height: image.height })}</span>}
              <IconButton size="sm" label={t('savedMasks.delete', { name: choice.name })} icon={Trash2} onClick={() => onDelete(choice.id)} />
            </li>
          ))}
        </ul>
      )}
      <LoadOutcome work={work} image={image} />
      {error && <ErrorMessage error={error} />}
    </section>
  );
}
