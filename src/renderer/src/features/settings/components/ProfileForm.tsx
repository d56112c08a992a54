import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileDraft } from '../../../../../shared/contract';
import type { FieldErrors } from '../../../errors/field-errors';
import { Button, TextField } from '../../../ui';

interface ProfileFormProps {
  /** The profile being edited, or null for a new one. */
  profile: Profile | null;
  /** Saves the draft; resolves to the errors to show beside each field, or null when saved. */
  onSave: (draft: ProfileDraft) => Promise<FieldErrors | null>;
}

/** Name and base URL of a gateway profile, with the errors main found shown beside each field. */
export function ProfileForm({ profile, onSave }: ProfileFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    const draft: ProfileDraft = profile ? { id: profile.id, name, baseUrl } : { name, baseUrl };
    const found = await onSave(draft);
    setErrors(found ?? {});
    setSaving(false);
  };

  return (
    // noValidate: the studio's own messages (from the shared schema) replace the browser's bubbles.
    <form className="profile-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('editor.name')}
        value={name}
        onChange={setName}
        error={errors.name}
        autoComplete="off"
        maxLength={120}
        // The form opens on request, so its first field takes the focus.
        autoFocus
      />
      <TextField
        label={t('editor.baseUrl')}
        value={baseUrl}
        onChange={setBaseUrl}
        error={errors.baseUrl}
        help={t('editor.baseUrlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="form-actions">
        <Button type="submit" disabled={saving} variant="primary">
          {t('editor.save')}
        </Button>
      </div>
    </form>
  );
}
