import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_MASK_NAME_MAX, type StudioError } from '../../../../../shared/contract';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { Button, IconButton, TextField } from '../../../ui';
import type { SavedMaskChoice } from './saved-mask-choices';

export interface SavedMasksProps {
  /** From `savedMaskChoices`: those that fit the image first. */
  choices: readonly SavedMaskChoice[];
  /** The image's size, said beside a mask that does not fit it. */
  image: { width: number; height: number };
  defaultName: string;
  /** Something is painted: there is a mask to save. */
  canSave: boolean;
  busy: boolean;
  saved: boolean;
  error: StudioError | null;
  onSave: (name: string) => void;
  onUse: (id: string) => void;
  onDelete: (id: string) => void;
}

/** "Save mask" under a name, and "Use a saved mask": the masks of the image's size can be chosen, the others are listed with their size. */
export function SavedMasks({ choices, image, defaultName, canSave, busy, saved, error, onSave, onUse, onDelete }: SavedMasksProps) {
  const { t } = useTranslation();
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
        {saved && <span role="status">{t('savedMasks.saved')}</span>}
      </form>
      <h3 className="saved-masks-title">{t('savedMasks.use')}</h3>
      {choices.length === 0 ? (
        <p className="saved-masks-empty">{t('savedMasks.none')}</p>
      ) : (
        <ul className="saved-masks-list">
          {choices.map((choice) => (
            <li key={choice.id}>
              <Button size="sm" disabled={!choice.fits || busy} onClick={() => onUse(choice.id)}>
                {t('savedMasks.choice', { name: choice.name, width: choice.width, height: choice.height })}
              </Button>
              {!choice.fits && <span className="saved-masks-misfit">{t('savedMasks.otherSize', { width: image.width, height: image.height })}</span>}
              <IconButton size="sm" label={t('savedMasks.delete', { name: choice.name })} icon={Trash2} onClick={() => onDelete(choice.id)} />
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorMessage error={error} />}
    </section>
  );
}
