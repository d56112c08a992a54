import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../ui';

interface LibraryFolderFormProps {
  /** The folder in use this run. */
  inUse: string;
  /** The folder chosen in settings (null: the default), which applies at the next start. */
  chosen: string | null;
  onChoose: (folder: string | null) => Promise<boolean>;
}

/** Where results are saved. A change applies at the next start, so running batches never switch folders. */
export function LibraryFolderForm({ inUse, chosen, onChoose }: LibraryFolderFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(chosen ?? '');
  const pending = chosen !== null && chosen !== inUse;
  const save = (folder: string | null): void => {
    void onChoose(folder).then((ok) => {
      if (ok && folder === null) setDraft('');
    });
  };
  return (
    <section className="settings-section" aria-labelledby="library-folder-heading">
      <h2 id="library-folder-heading">{t('libraryFolder.heading')}</h2>
      <p className="section-lead">{t('libraryFolder.inUse', { folder: inUse })}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(draft.trim() === '' ? null : draft.trim());
        }}
      >
        <TextField label={t('libraryFolder.label')} value={draft} onChange={setDraft} help={t('libraryFolder.hint')} spellCheck={false} />
        <div className="form-actions">
          <Button type="submit" variant="primary">
            {t('libraryFolder.save')}
          </Button>
          <Button disabled={chosen === null} onClick={() => save(null)}>
            {t('libraryFolder.useDefault')}
          </Button>
        </div>
      </form>
      {pending && (
        <p role="status" className="notice">
          {t('libraryFolder.restart', { folder: chosen })}
        </p>
      )}
    </section>
  );
}
