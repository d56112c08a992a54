import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionTest as Outcome, Envelope, Profile, ProfileDraft } from '../../../../../shared/contract';
import type { FieldErrors } from '../../../errors/field-errors';
import { Button, ConfirmDialog } from '../../../ui';
import { ApiKeyForm } from './ApiKeyForm';
import { ConnectionTest } from './ConnectionTest';
import { ProfileForm } from './ProfileForm';

interface ProfileEditorProps {
  /** The profile being edited, or null while adding a new one. */
  profile: Profile | null;
  onSave: (draft: ProfileDraft) => Promise<FieldErrors | null>;
  onSaveKey: (apiKey: string) => Promise<FieldErrors | null>;
  onClearKey: () => Promise<void>;
  /** "Test connection" with the stored key. */
  onTest: () => Promise<Envelope<Outcome>>;
  onDelete: () => void;
  onClose: () => void;
}

/** One profile's name, address and key, with delete behind a confirmation. */
export function ProfileEditor({ profile, onSave, onSaveKey, onClearKey, onTest, onDelete, onClose }: ProfileEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);

  return (
    <section className="profile-editor" aria-labelledby={headingId}>
      <div className="editor-head">
        <h3 id={headingId}>{profile ? t('editor.editHeading', { name: profile.name }) : t('editor.newHeading')}</h3>
        <Button onClick={onClose} variant="quiet">
          {t('editor.close')}
        </Button>
      </div>
      <ProfileForm key={profile?.id ?? 'new'} profile={profile} onSave={onSave} />
      {profile ? (
        <>
          <ApiKeyForm key={profile.id} hasApiKey={profile.hasApiKey} onSave={onSaveKey} onClear={onClearKey} />
          <ConnectionTest key={`test-${profile.id}`} onTest={onTest} />
          <div className="danger-zone">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('editor.delete')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            title={t('confirmDelete.title', { name: profile.name })}
            body={t('confirmDelete.body')}
            confirmLabel={t('confirmDelete.confirm')}
            cancelLabel={t('confirmDelete.cancel')}
            onConfirm={() => {
              setConfirming(false);
              onDelete();
            }}
            onCancel={() => setConfirming(false)}
          />
        </>
      ) : (
        <p className="field-help">{t('apiKey.saveProfileFirst')}</p>
      )}
    </section>
  );
}
