import { useTranslation } from 'react-i18next';
import { ActiveGatewayPicker } from '../components/settings/ActiveGatewayPicker';
import { DesktopForm } from '../components/settings/DesktopForm';
import { LibraryFolderForm } from '../components/settings/LibraryFolderForm';
import { PreferencesForm } from '../components/settings/PreferencesForm';
import { useAppInfoStore } from '../stores/app-info-store';
import { useDesktopStore } from '../stores/desktop-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSettingsStore } from '../stores/settings-store';
import { ProfilesSection } from './ProfilesSection';

/** Settings: which gateway answers, the gateway profiles and their keys, the desktop app's choices, language and theme. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettingsStore((s) => s.settings);
  const update = useSettingsStore((s) => s.update);
  const profiles = useProfilesStore((s) => s.profiles);
  const libraryInUse = useAppInfoStore((s) => s.info?.libraryDir);
  const desktop = useDesktopStore((s) => s.info);
  const updateDesktop = useDesktopStore((s) => s.update);

  return (
    <div className="page">
      <h1 id="page-title" tabIndex={-1}>
        {t('pages.settings.title')}
      </h1>
      {settings === null ? (
        <p className="page-lead">{t('app.loading')}</p>
      ) : (
        <>
          <ActiveGatewayPicker
            profiles={profiles}
            activeProfileId={settings.activeProfileId}
            onChoose={(activeProfileId) => void update({ activeProfileId })}
          />
          <ProfilesSection />
          {libraryInUse !== undefined && (
            <LibraryFolderForm inUse={libraryInUse} chosen={settings.libraryDir} onChoose={(libraryDir) => update({ libraryDir })} />
          )}
          {desktop?.preferences && (
            <DesktopForm preferences={desktop.preferences} keyProtection={desktop.keyProtection} onChange={(patch) => void updateDesktop(patch)} />
          )}
          <PreferencesForm
            language={settings.language}
            theme={settings.theme}
            onLanguage={(language) => void update({ language })}
            onTheme={(theme) => void update({ theme })}
          />
        </>
      )}
    </div>
  );
}
