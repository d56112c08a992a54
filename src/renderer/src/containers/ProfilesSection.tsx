import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { ProfileDraft } from '../../../shared/contract';
import { ProfileEditor } from '../components/settings/ProfileEditor';
import { ProfileList } from '../components/settings/ProfileList';
import { useProfilesStore } from '../stores/profiles-store';
import { useSettingsStore } from '../stores/settings-store';

type NoticeKey = 'editor.saved' | 'editor.deleted' | 'apiKey.saved' | 'apiKey.cleared';

/** Gateway profiles: the list, and an editor for one profile (or a new one) at a time. */
export function ProfilesSection() {
  const { t } = useTranslation();
  const profiles = useProfilesStore((s) => s.profiles);
  const actions = useProfilesStore(
    useShallow((s) => ({ save: s.save, remove: s.remove, setApiKey: s.setApiKey, clearApiKey: s.clearApiKey })),
  );
  const activeProfileId = useSettingsStore((s) => s.settings?.activeProfileId ?? null);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ key: NoticeKey; name: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A profile deleted elsewhere simply closes its editor.
  const edited = editing === null || editing === 'new' ? null : (profiles.find((p) => p.id === editing) ?? null);
  const open = editing === 'new' || edited !== null;

  const save = async (draft: ProfileDraft) => {
    const result = await actions.save(draft);
    if (!result.ok) return result.fieldErrors;
    setEditing(result.profile.id); // A new profile stays open, so its key can be added next.
    setNotice({ key: 'editor.saved', name: result.profile.name });
    return null;
  };

  const saveKey = async (apiKey: string) => {
    if (!edited) return null;
    const result = await actions.setApiKey(edited.id, apiKey);
    if (!result.ok) return result.fieldErrors;
    setNotice({ key: 'apiKey.saved', name: result.profile.name });
    return null;
  };

  const clearKey = async () => {
    if (!edited) return;
    const result = await actions.clearApiKey(edited.id);
    if (result.ok) setNotice({ key: 'apiKey.cleared', name: result.profile.name });
  };

  const remove = async () => {
    if (!edited) return;
    if (!(await actions.remove(edited.id))) return;
    setEditing(null);
    setNotice({ key: 'editor.deleted', name: edited.name });
    headingRef.current?.focus(); // The focused button is gone; land somewhere sensible.
  };

  return (
    <section className="settings-section">
      <h2 id="profiles-heading" ref={headingRef} tabIndex={-1}>
        {t('profiles.heading')}
      </h2>
      <p className="section-lead">{t('profiles.description')}</p>
      <ProfileList profiles={profiles} activeProfileId={activeProfileId} labelledBy="profiles-heading" onEdit={setEditing} />
      <p className="notice" role="status">
        {notice ? t(notice.key, { name: notice.name }) : ''}
      </p>
      {editing !== 'new' && (
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          {t('profiles.add')}
        </button>
      )}
      {open && (
        <ProfileEditor
          key={edited?.id ?? 'new'}
          profile={edited}
          onSave={save}
          onSaveKey={saveKey}
          onClearKey={clearKey}
          onDelete={() => void remove()}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
