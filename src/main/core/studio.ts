import { join } from 'node:path';
import { EventBus } from './events/event-bus';
import { DemoGateway } from './demo/demo-gateway';
import { GatewayService } from './gateway/gateway-service';
import { accountHandlers } from './gateway/routes/account-routes';
import { modelsHandlers } from './gateway/routes/models-routes';
import { uploadsHandlers } from './gateway/routes/uploads-routes';
import { LibraryService } from './library/library-service';
import { libraryHandlers } from './library/routes';
import { createRouter, type RouteHandlers, type Router } from './router/router';
import { SettingsService } from './settings/settings-service';
import { settingsHandlers } from './settings/routes';
import type { KeyValueStore } from './settings/key-value-store';
import type { Vault } from './vault/vault';

/** What a shell (Electron or web mode) hands to core. */
export interface StudioPlatform {
  shell: 'electron' | 'web';
  version: string;
  store: KeyValueStore;
  vault: Vault;
  /** The studio's data folder (upload cache); without it, caches live in memory only. */
  dataDir?: string;
  /** The library folder (results, their sidecars and the library database); default `<dataDir>/library`. */
  libraryDir?: string;
}

/** The studio's services, wired in one place. Transports only see `router` and `bus`. */
export interface Studio {
  readonly router: Router;
  readonly bus: EventBus;
  /** The library folder, which transports serve media from (and nothing outside it). */
  libraryRoot(): string;
  stop(): Promise<void>;
}

export function createStudio(platform: StudioPlatform): Studio {
  const bus = new EventBus();
  const settings = new SettingsService(platform.store, platform.vault, bus);
  const demo = new DemoGateway();
  const gateway = new GatewayService(settings, demo, { dataDir: platform.dataDir });
  const libraryRoot = platform.libraryDir ?? join(platform.dataDir ?? process.cwd(), 'library');
  let library: LibraryService | undefined;
  // Opened on first use so a studio that never touches the library never creates its folder.
  const openLibrary = (): LibraryService => (library ??= new LibraryService(libraryRoot));

  const handlers: RouteHandlers = {
    'app.get_info': async () => {
      const profile = settings.activeProfile();
      return {
        name: 'Atelier',
        version: platform.version,
        shell: platform.shell,
        demoMode: profile === undefined,
        gatewayUrl: profile?.baseUrl ?? (await demo.connection()).baseUrl,
      };
    },
    ...settingsHandlers(settings),
    ...modelsHandlers(gateway),
    ...accountHandlers(gateway, bus),
    ...uploadsHandlers(gateway),
    ...libraryHandlers(openLibrary),
  };

  return {
    router: createRouter(handlers),
    bus,
    libraryRoot: () => libraryRoot,
    stop: async () => {
      await gateway.stop();
      await demo.stop();
      library?.close();
    },
  };
}
