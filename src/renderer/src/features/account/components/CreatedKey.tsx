import { Copy, TriangleAlert } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedTokenView } from '../../../../../shared/contract';
import type { FieldErrors } from '../../../errors/field-errors';
import { Button, TextField, showToast } from '../../../ui';

export interface CreatedKeyProps {
  created: CreatedTokenView;
  /** The active profile's gateway address, offered for the new profile (empty on the demo gateway). */
  baseUrl: string;
  /** Saves the key into a new profile; resolves to field errors, or null when saved. */
  onSave: (name: string, baseUrl: string) => Promise<FieldErrors | null>;
  /** Forgets the key (it is gone from the screen for good). */
  onDone: () => void;
}

/**
 * A key just created, shown this once: the gateway never returns it again and the studio keeps it
 * only if the person saves it into a profile.
 */
export function CreatedKey({ created, baseUrl, onSave, onDone }: CreatedKeyProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState(created.name);
  const [url, setUrl] = useState(baseUrl);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(created.key);
      showToast((t) => t('account.created.copied'), 'success');
    } catch {
      showToast((t) => t('account.created.copyFailed'), 'error');
    }
  };
  const save = async (event: SubmitEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    const found = await onSave(name, url);
    setErrors(found ?? {});
    setBusy(false);
  };

  return (
    <section className="created-key" aria-label={t('account.created.label', { name: created.name })}>
      <h3>{t('account.created.title', { name: created.name })}</h3>
      <p className="created-warning" role="note">
        <TriangleAlert aria-hidden="true" size={18} />
        {t('account.created.warning')}
      </p>
      <div className="created-secret">
        <code aria-label={t('account.created.secret')} translate="no">
          {created.key}
        </code>
        <Button icon={Copy} onClick={() => void copy()}>
          {t('account.created.copy')}
        </Button>
      </div>
      {saving ? (
        <form className="created-save" noValidate onSubmit={(event) => void save(event)} aria-label={t('account.created.saveLabel')}>
          <TextField
            label={t('account.created.profileName')}
            value={name}
            onChange={setName}
            error={errors.name}
            maxLength={120}
            autoComplete="off"
            autoFocus
          />
          <TextField
            label={t('account.created.baseUrl')}
            value={url}
            onChange={setUrl}
            error={errors.baseUrl}
            help={t('editor.baseUrlHint')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
          <div className="form-actions created-save-actions">
            <Button type="submit" variant="primary" disabled={busy}>
              {t('account.created.saveProfile')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <Button onClick={() => setSaving(true)}>{t('account.created.saveIntoProfile')}</Button>
          <Button variant="quiet" onClick={onDone}>
            {t('account.created.done')}
          </Button>
        </div>
      )}
    </section>
  );
}
