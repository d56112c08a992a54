import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfoStore } from '../../studio/app-info-store';
import { useErrorAlert } from '../../errors/alert-store';
import { Page, Skeleton } from '../../ui';
import { ActiveGatewayPicker } from './components/ActiveGatewayPicker';
import { DesktopForm } from './components/DesktopForm';
import { LibraryFolderForm } from './components/LibraryFolderForm';
import { MediaToolsSection } from './components/MediaToolsSection';
import { PreferencesForm } from './components/PreferencesForm';
import { useDesktopStore } from './desktop-store';
import { useMediaToolsStore } from './media-tools-store';
import { ProfilesSection } from './ProfilesSection';
import { useProfilesStore } from './profiles-store';
import { useSettingsStore } from './settings-store';

/**
 * Settings: which gateway answers, the gateway profiles and their keys, the library folder, the
 * desktop app's choices (Electron only), language and theme, and the media tools in use.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettingsStore((s) => s.settings);
  const update = useSettingsStore((s) => s.update);
  const profiles = useProfilesStore((s) => s.profiles);
  const libraryInUse = useAppInfoStore((s) => s.info?.libraryDir);
  const desktop = useDesktopStore((s) => s.info);
  const updateDesktop = useDesktopStore((s) => s.update);
  const mediaTools = useMediaToolsStore((s) => s.tools);
  const loadMediaTools = useMediaToolsStore((s) => s.load);
  const alert = useErrorAlert();
  useEffect(() => {
    void loadMediaTools();
  }, [loadMediaTools]);
  const change = async (patch: Parameters<typeof update>[0]): Promise<boolean> => alert.track(await update(patch)).ok;
  const changeDesktop = async (patch: Parameters<typeof updateDesktop>[0]): Promise<void> => void alert.track(await updateDesktop(patch));

  return (
    <Page title={t('pages.settings.title')} lead={t('pages.settings.description')}>
      {settings === null ? (
        <div aria-busy="true" className="settings-loading">
          <p className="visually-hidden">{t('app.loading')}</p>
          <Skeleton lines={3} width="100%" />
        </div>
      ) : (
        <>
          <ActiveGatewayPicker profiles={profiles} activeProfileId={settings.activeProfileId} onChoose={(activeProfileId) => void change({ activeProfileId })} />
          <ProfilesSection />
          {libraryInUse !== undefined && <LibraryFolderForm inUse={libraryInUse} chosen={settings.libraryDir} onChoose={(libraryDir) => change({ libraryDir })} />}
          {desktop?.preferences && (
            <DesktopForm preferences={desktop.preferences} keyProtection={desktop.keyProtection} onChange={(patch) => void changeDesktop(patch)} />
          )}
          <PreferencesForm
            language={settings.language}
            theme={settings.theme}
            onLanguage={(language) => void change({ language })}
            onTheme={(theme) => void change({ theme })}
          />
          {mediaTools && <MediaToolsSection tools={mediaTools} />}
        </>
      )}
    </Page>
  );
}
