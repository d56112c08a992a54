import { useTranslation } from 'react-i18next';
import { Badge, Button } from '../../../ui';
import type { Profile } from '../../../../../shared/contract';

interface ProfileListProps {
  profiles: Profile[];
  activeProfileId: string | null;
  /** Id of the heading that names the list. */
  labelledBy?: string;
  onEdit: (id: string) => void;
}

/** The saved gateway profiles: name, address, and whether a key is stored (never the key). */
export function ProfileList({ profiles, activeProfileId, labelledBy, onEdit }: ProfileListProps) {
  const { t } = useTranslation();
  if (profiles.length === 0) return <p className="empty">{t('profiles.empty')}</p>;
  return (
    <ul className="profile-list" aria-labelledby={labelledBy}>
      {profiles.map((profile) => (
        <li key={profile.id} className="profile-card">
          <div className="profile-text">
            <p className="profile-name">
              {profile.name}
              {profile.id === activeProfileId && <Badge tone="accent">{t('profiles.active')}</Badge>}
            </p>
            <p className="profile-url">{profile.baseUrl}</p>
          </div>
          <Badge tone={profile.hasApiKey ? 'ok' : 'neutral'}>{profile.hasApiKey ? t('profiles.keyStored') : t('profiles.noKey')}</Badge>
          <Button aria-label={t('profiles.editNamed', { name: profile.name })} onClick={() => onEdit(profile.id)}>
            {t('profiles.edit')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
