import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../ui';

/** What became of a request for another folder. */
type FolderAnswer = 'chosen' | 'declined' | 'failed';

interface LibraryFolderFormProps {
  /** The folder in use this run. */
  inUse: string;
  /** The folder chosen in settings (null: the default), which applies at the next start. */
  chosen: string | null;
  /**
   * Who picks another folder: the desktop's folder dialog, or the terminal web mode runs in,
   * which confirms the path typed here. The window alone never sets it (`/media` serves it all).
   */
  asks: 'dialog' | 'console';
  /** Asks for another folder (`proposed` in web mode) and resolves once the person has answered. */
  onChoose: (proposed: string | undefined) => Promise<FolderAnswer>;
  onUseDefault: () => Promise<boolean>;
}

/** Where results are saved. A change applies at the next start, so running batches never switch folders. */
export function LibraryFolderForm({ inUse, chosen, asks, onChoose, onUseDefault }: LibraryFolderFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(chosen ?? '');
  const [asking, setAsking] = useState<'waiting' | 'declined' | null>(null);
  const pending = chosen !== null && chosen !== inUse;
  const choose = (proposed: string | undefined): void => {
    setAsking(asks === 'console' ? 'waiting' : null);
    void onChoose(proposed).then((answer) => setAsking(answer === 'declined' ? 'declined' : null));
  };
  const useDefault = (): void => {
    setAsking(null);
    void onUseDefault().then((ok) => {
      if (ok) setDraft('');
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
          choose(asks === 'console' ? draft.trim() : undefined);
        }}
      >
        {asks === 'console' && (
          <TextField label={t('libraryFolder.label')} value={draft} onChange={setDraft} help={t('libraryFolder.hintConsole')} spellCheck={false} />
        )}
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={asking === 'waiting'} disabled={asks === 'console' && draft.trim() === ''}>
            {asks === 'console' ? t('libraryFolder.save') : t('libraryFolder.chooseFolder')}
          </Button>
          <Button disabled={chosen === null} onClick={useDefault}>
            {t('libraryFolder.useDefault')}
          </Button>
        </div>
      </form>
      {asking === 'waiting' && (
        <p role="status" className="notice">
          {t('libraryFolder.confirmInTerminal')}
        </p>
      )}
      {asking === 'declined' && (
        <p role="status" className="notice">
          {t(asks === 'console' ? 'libraryFolder.declinedConsole' : 'libraryFolder.declinedDialog')}
        </p>
      )}
      {asking === null && pending && (
        <p role="status" className="notice">
          {t('libraryFolder.restart', { folder: chosen })}
        </p>
      )}
    </section>
  );
}
