import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfoStore } from '../../entities/app-info-store';
import { useErrorAlert } from '../../errors/alert-store';
import { Page, Skeleton } from '../../ui';
import { ActiveGatewayPicker } from './components/ActiveGatewayPicker';
import { BrowserSessionsForm } from './components/BrowserSessionsForm';
import { DesktopForm } from './components/DesktopForm';
import { LibraryFolderForm } from './components/LibraryFolderForm';
import { MediaToolsSection } from './components/MediaToolsSection';
import { PreferencesForm } from './components/PreferencesForm';
import { useDesktopStore } from '../../entities/desktop-store';
import { useMediaToolsStore } from './media-tools-store';
import { ProfilesSection } from './ProfilesSection';
import { useProfilesStore } from '../../entities/profiles-store';
import { useSettingsStore } from '../../entities/settings-store';
import './settings.css';

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
  const shell = useAppInfoStore((s) => s.info?.shell);
  const chooseLibraryFolder = useSettingsStore((s) => s.chooseLibraryFolder);
  const signOutOtherBrowsers = useSettingsStore((s) => s.signOutOtherBrowsers);
  const desktop = useDesktopStore((s) => s.info);
  const updateDesktop = useDesktopStore((s) => s.update);
  const mediaTools = useMediaToolsStore((s) => s.tools);
  const loadMediaTools = useMediaToolsStore((s) => s.load);
  const alert = useErrorAlert();
  useEffect(() => {
    void loadMediaTools();
  }, [loadMediaTools]);
  const change = async (patch: Parameters<typeof update>[0]): Promise<boolean> => alert.track(await update(patch)).ok;
  const chooseFolder = async (proposed: string | undefined) => {
    const answer = alert.track(await chooseLibraryFolder(proposed));
    return answer.ok ? (answer.value.chosen ? 'chosen' : 'declined') : 'failed';
  };
  const signOutOthers = async (): Promise<number | null> => {
    const answer = alert.track(await signOutOtherBrowsers());
    return answer.ok ? answer.value.signedOut : null;
  };
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
          <ActiveGatewayPicker
            profiles={profiles}
            activeProfileId={settings.activeProfileId}
            onChoose={(activeProfileId) => void change({ activeProfileId })}
          />
          <ProfilesSection />
          {/* Web mode has no desktop preferences, but its key file is a weak guard all the same. */}
          {desktop !== null && desktop.preferences === null && desktop.keyProtection === 'weak' && (
            <p role="note" className="caution">
              {t('desktop.weakKeyFile')}
            </p>
          )}
          {libraryInUse !== undefined && (
            <LibraryFolderForm
              inUse={libraryInUse}
              chosen={settings.libraryDir}
              asks={shell === 'electron' ? 'dialog' : 'console'}
              onChoose={chooseFolder}
              onUseDefault={() => change({ libraryDir: null })}
            />
          )}
          {desktop?.preferences && (
            <DesktopForm
              preferences={desktop.preferences}
              keyProtection={desktop.keyProtection}
              tray={desktop.tray}
              onChange={(patch) => void changeDesktop(patch)}
            />
          )}
          {shell === 'web' && <BrowserSessionsForm onSignOutOthers={signOutOthers} />}
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
