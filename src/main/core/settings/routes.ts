import type { RouteHandlers } from '../router/router';
import type { SettingsService } from './settings-service';

type SettingsRoutes =
  | 'settings.get'
  | 'settings.update'
  | 'settings.choose_library_folder'
  | 'profiles.list'
  | 'profiles.save'
  | 'profiles.delete'
  | 'profiles.set_api_key'
  | 'profiles.clear_api_key';

export function settingsHandlers(settings: SettingsService): Pick<RouteHandlers, SettingsRoutes> {
  return {
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'settings.choose_library_folder': ({ proposed }) => settings.chooseLibraryFolder(proposed),
    'profiles.list': () => settings.listProfiles(),
    'profiles.save': (draft) => settings.saveProfile(draft),
    'profiles.delete': ({ id }) => ({ deleted: settings.deleteProfile(id) }),
    'profiles.set_api_key': ({ id, apiKey }) => settings.setApiKey(id, apiKey),
    'profiles.clear_api_key': ({ id }) => settings.clearApiKey(id),
  };
}
