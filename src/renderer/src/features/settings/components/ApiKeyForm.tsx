import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../errors/field-errors';
import { Badge, Button, TextField } from '../../../ui';

interface ApiKeyFormProps {
  hasApiKey: boolean;
  /** Stores the key; resolves to the errors to show, or null when stored. */
  onSave: (apiKey: string) => Promise<FieldErrors | null>;
  onClear: () => Promise<void>;
}

/**
 * Sets or clears a profile's key. The key only ever travels towards main: the field starts
 * empty, is emptied once the key is stored, and nothing fills it again.
 */
export function ApiKeyForm({ hasApiKey, onSave, onClear }: ApiKeyFormProps) {
  const { t } = useTranslation();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    const found = await onSave(apiKey);
    if (found) setError(found.apiKey ?? found.id);
    else {
      setApiKey('');
      setError(undefined);
    }
    setBusy(false);
  };

  const clear = async (): Promise<void> => {
    setBusy(true);
    await onClear();
    setBusy(false);
  };

  return (
    <form className="api-key-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="key-status">
        <Badge tone={hasApiKey ? 'ok' : 'neutral'}>{hasApiKey ? t('profiles.keyStored') : t('profiles.noKey')}</Badge>
      </div>
      <TextField
        label={t('apiKey.label')}
        value={apiKey}
        onChange={setApiKey}
        error={error}
        help={t('apiKey.hint')}
        type="password"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy || apiKey.trim() === ''} variant="primary">
          {t('apiKey.save')}
        </Button>
        <Button disabled={busy || !hasApiKey} onClick={() => void clear()}>
          {t('apiKey.clear')}
        </Button>
      </div>
    </form>
  );
}
