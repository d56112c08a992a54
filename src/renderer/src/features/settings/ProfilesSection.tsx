import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { Envelope, Profile, ProfileDraft } from '../../../../shared/contract';
import { useErrorAlert } from '../../errors/alert-store';
import { fieldErrorsOf, type FieldErrors } from '../../errors/field-errors';
import { useTranslate } from '../../i18n/use-words';
import { Button } from '../../ui';
import { ProfileEditor } from './components/ProfileEditor';
import { ProfileList } from './components/ProfileList';
import { useProfilesStore } from '../../entities/profiles-store';
import { settingsSelectors, useSettingsStore } from '../../entities/settings-store';

type NoticeKey = 'editor.saved' | 'editor.deleted' | 'apiKey.saved' | 'apiKey.cleared';

/** Gateway profiles: the list, and an editor for one profile (or a new one) at a time. */
export function ProfilesSection() {
  const { t } = useTranslation();
  const translate = useTranslate();
  const profiles = useProfilesStore((s) => s.profiles);
  const actions = useProfilesStore(
    useShallow((s) => ({ save: s.save, remove: s.remove, setApiKey: s.setApiKey, clearApiKey: s.clearApiKey, testConnection: s.testConnection })),
  );
  const activeProfileId = useSettingsStore(settingsSelectors.activeProfileId);
  const alert = useErrorAlert();
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ key: NoticeKey; name: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A profile deleted elsewhere simply closes its editor.
  const edited = editing === null || editing === 'new' ? null : (profiles.find((p) => p.id === editing) ?? null);
  const open = editing === 'new' || edited !== null;

  /** Shows a failure in the alert and returns what to show beside the fields; null on success. */
  const outcome = (answer: Envelope<Profile>, nameField?: string): FieldErrors | null => {
    alert.track(answer);
    return answer.ok ? null : fieldErrorsOf(answer.error, translate, nameField);
  };

  const save = async (draft: ProfileDraft) => {
    const answer = await actions.save(draft);
    if (answer.ok) {
      setEditing(answer.value.id); // A new profile stays open, so its key can be added next.
      setNotice({ key: 'editor.saved', name: answer.value.name });
    }
    return outcome(answer);
  };

  const saveKey = async (apiKey: string) => {
    if (!edited) return null;
    const answer = await actions.setApiKey(edited.id, apiKey);
    if (answer.ok) setNotice({ key: 'apiKey.saved', name: answer.value.name });
    return outcome(answer, 'apiKey');
  };

  const clearKey = async () => {
    if (!edited) return;
    const answer = alert.track(await actions.clearApiKey(edited.id));
    if (answer.ok) setNotice({ key: 'apiKey.cleared', name: answer.value.name });
  };

  const remove = async () => {
    if (!edited) return;
    if (!alert.track(await actions.remove(edited.id)).ok) return;
    setEditing(null);
    setNotice({ key: 'editor.deleted', name: edited.name });
    headingRef.current?.focus(); // The focused button is gone; land somewhere sensible.
  };

  return (
    <section className="settings-section" aria-labelledby="profiles-heading">
      <h2 id="profiles-heading" ref={headingRef} tabIndex={-1}>
        {t('profiles.heading')}
      </h2>
      <p className="section-lead">{t('profiles.description')}</p>
      <ProfileList profiles={profiles} activeProfileId={activeProfileId} labelledBy="profiles-heading" onEdit={setEditing} />
      <p className="notice" role="status">
        {notice ? t(notice.key, { name: notice.name }) : ''}
      </p>
      {editing !== 'new' && (
        <div>
          <Button variant="primary" icon={Plus} onClick={() => setEditing('new')}>
            {t('profiles.add')}
          </Button>
        </div>
      )}
      {open && (
        <ProfileEditor
          key={edited?.id ?? 'new'}
          profile={edited}
          onSave={save}
          onSaveKey={saveKey}
          onClearKey={clearKey}
          onTest={() => actions.testConnection(edited?.id ?? '')}
          onDelete={() => void remove()}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
