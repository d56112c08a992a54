import type { StudioClient } from '../../shared/contract/client';
import { useAppInfoStore } from './stores/app-info-store';
import { useDesktopStore } from './stores/desktop-store';
import { hashOf } from './stores/navigation-store';
import { useProfilesStore } from './stores/profiles-store';
import { useSettingsStore } from './stores/settings-store';

/**
 * The one place that listens to main's events and hands them to the stores.
 * Returns a function that unsubscribes everything.
 */
export function subscribeToMainEvents(client: StudioClient): () => void {
  const refreshHeader = (): void => void useAppInfoStore.getState().load();
  const stops = [
    client.on('settings.changed', (settings) => {
      const before = useSettingsStore.getState().settings;
      useSettingsStore.getState().received(settings);
      if (before?.activeProfileId !== settings.activeProfileId) refreshHeader();
    }),
    client.on('profiles.changed', (profiles) => {
      useProfilesStore.getState().received(profiles);
      refreshHeader();
    }),
    client.on('desktop.changed', (info) => useDesktopStore.getState().received(info)),
    // The application menu (Electron) opens a page; the address follows, so Back works as usual.
    client.on('desktop.navigate', ({ page }) => {
      window.location.hash = hashOf(page);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** First load of everything the shell shows. */
export async function loadStudio(): Promise<void> {
  await Promise.all([
    useAppInfoStore.getState().load(),
    useSettingsStore.getState().load(),
    useProfilesStore.getState().load(),
    useDesktopStore.getState().load(),
  ]);
}
