import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AssistantService } from './assistant/assistant-service';
import { readLibraryImage } from './assistant/library-image';
import { promptToolHandlers } from './assistant/routes';
import { EventBus } from './events/event-bus';
import type { DesktopShell } from './desktop/desktop-shell';
import { desktopHandlers } from './desktop/routes';
import type { ConnectionProvider } from './gateway/connection-provider';
import { GatewayService } from './gateway/gateway-service';
import { accountHandlers } from './gateway/routes/account-routes';
import { modelsHandlers } from './gateway/routes/models-routes';
import { uploadsHandlers } from './gateway/routes/uploads-routes';
import { JobEngine } from './jobs/engine';
import { forwardEngineEvents } from './jobs/studio-events';
import { jobsHandlers, queueView } from './jobs/routes';
import { concurrencyLimits } from '../../shared/contract';
import { SqliteUploadCache } from './library/upload-cache';
import { forgetMovedEngineState } from './library/forget-legacy-engine-state';
import { readLegacyEngineState } from './library/legacy-engine-state';
import { checkDatabaseFromFolder } from './library/database-from-folder';
import { prepareLibraryDatabase } from './library/database-location';
import { SidecarRestore } from './library/sidecar-restore';
import { recordCreatedKey } from './library/created-keys';
import { LibraryService } from './library/library-service';
import { libraryHandlers } from './library/routes';
import { savedMaskHandlers } from './library/saved-mask-routes';
import { createLogger } from './log';
import { locateFfmpeg, type FfmpegTool } from './media/ffmpeg-locator';
import { frameHandlers } from './media/frame-still';
import { mediaToolsHandlers } from './media/routes';
import { VideoTools } from './media/video-tools';
import { ensurePrivateDir, isSharedWithOthers, PRIVATE_MODES, SHARED_MODES, type FileModes } from './private-files';
import { UploadStaging } from './gateway/upload-staging';
import { StudioFailure } from './router/failure';
import { createRouter, type RouteHandlers, type Router } from './router/router';
import { SettingsService } from './settings/settings-service';
import { settingsHandlers } from './settings/routes';
import type { KeyValueStore } from './settings/key-value-store';
import type { LibraryFolderChooser } from './settings/library-folder';
import type { Vault } from './vault/vault';
import { DisposableStore } from './lifecycle/disposable';
import { systemClock, type Clock } from './lifecycle/clock';

const log = createLogger('studio');

/** What a shell (Electron or web mode) hands to core. */
export interface StudioPlatform {
  shell: 'electron' | 'web';
  version: string;
  store: KeyValueStore;
  vault: Vault;
  /** The studio's data folder; the default library folder is `<dataDir>/library`. */
  dataDir?: string;
  /**
   * The default library folder (results and their sidecars), default `<dataDir>/library`. The
   * user's choice in settings wins over it, and `ATELIER_LIBRARY_DIR` over both. Its database
   * lives in `<dataDir>/libraries/` (database-location.ts).
   */
  libraryDir?: string;
  /**
   * The embedded demo gateway, used when no gateway profile is active. The shell builds it (the
   * core never imports the simulator); the studio stops it when it stops.
   */
  demoGateway: ConnectionProvider;
  /**
   * Where the person at this computer chooses another library folder: Electron's folder dialog,
   * web mode's console. Without it the folder can only go back to the default from the window.
   */
  libraryFolderChooser?: LibraryFolderChooser;
  /** The desktop's file manager, trash, drag-out and preferences (the Electron shell); absent in web mode. */
  desktop?: DesktopShell;
  /** How long a deletion from the library can be undone (tests shorten it); the app uses the default. */
  undoWindowMs?: number;
  /** Engine settings for tests (fast polling); the app uses the defaults. */
  engine?: Partial<Omit<ConstructorParameters<typeof JobEngine>[0], 'db' | 'libraryRoot' | 'connectionFor' | 'vault' | 'fileModes' | 'clock'>>;
  /**
   * The one clock of the studio: the library's timestamps and trash, the gateway clients' waits
   * between retries, the job engine. Real time unless a test hands in a virtual clock.
   */
  clock?: Clock;
}

/** The studio's services, wired in one place. Transports only see `router`, `bus` and the library folder. */
export interface Studio {
  readonly router: Router;
  readonly bus: EventBus;
  /** Starts the job engine, which resumes background work left by a previous run. */
  start(): Promise<void>;
  /** The library folder, which transports serve media from (and nothing outside it). */
  libraryRoot(): string;
  /**
   * Resolves once the job engine's work is done or waiting for time to pass (`JobEngine.quiet`):
   * a test that hands the studio a virtual clock moves it on then.
   */
  quiet(): Promise<void>;
  /**
   * Stops the engine (submissions already on the wire get their grace to finish and be recorded),
   * then closes connections and the library. Resolves when all of that is done; safe to call twice.
   */
  stop(): Promise<void>;
}

export function createStudio(platform: StudioPlatform): Studio {
  if (platform.dataDir !== undefined) ensurePrivateDir(platform.dataDir);
  const clock = platform.clock ?? systemClock;
  const bus = new EventBus();
  const settings = new SettingsService(platform.store, platform.vault, bus, platform.libraryFolderChooser);
  const demo = platform.demoGateway;
  // Read once: a folder chosen in settings applies at the next start, never under a running engine.
  const chosenLibrary = process.env.ATELIER_LIBRARY_DIR ?? settings.get().libraryDir ?? undefined;
  const libraryRoot = chosenLibrary ?? platform.libraryDir ?? join(platform.dataDir ?? process.cwd(), 'library');
  const fileModes = libraryModes(libraryRoot, chosenLibrary !== undefined);
  // Opened at once: the gallery and the upload cache answer before the engine has resumed its work.
  const desktop = platform.desktop;
  // In the data folder, not the (often synced) library folder: sync clients and SQLite's WAL files do not mix.
  const database = platform.dataDir === undefined ? undefined : prepareLibraryDatabase(platform.dataDir, libraryRoot);
  const library = new LibraryService(libraryRoot, fileModes, readLegacyEngineState(platform.store), {
    // Deleted files wait in the library's trash for their undo window, then go to the desktop's trash.
    systemTrash: desktop ? (file) => desktop.trash(file) : undefined,
    undoWindowMs: platform.undoWindowMs,
    databaseFile: database?.file,
    clock,
  });
  // A database that came in the library folder is untrusted: checked before anything reads it.
  if (database?.moved === true) checkDatabaseFromFolder(library.db);
  forgetMovedEngineState(platform.store, library.db);
  const uploadCache = new SqliteUploadCache(library.db);
  // A library folder without a database here (brought from elsewhere, or its database lost): its results come back from their sidecars.
  const sidecarRestore = new SidecarRestore(library.db, libraryRoot, bus);
  const gateway = new GatewayService(settings, demo, { uploadCache, client: { clock } });
  const uploadStaging = new UploadStaging();
  const assistant = new AssistantService({ db: library.db, gateway, bus, readAssetImage: (assetId) => readLibraryImage(library, assetId) });
  assistant.start();
  let engine: JobEngine | undefined;
  let starting: Promise<void> | undefined;
  let ffmpeg: Promise<FfmpegTool> | undefined;
  // Looked for once per run, when the first poster or Settings needs it (not during start-up,
  // where starting a process delays the first answers); tests may hand one in.
  const ffmpegTool = (): Promise<FfmpegTool> => {
    const given = platform.engine?.ffmpeg;
    ffmpeg ??= given === undefined ? locateFfmpeg() : typeof given === 'function' ? given() : Promise.resolve(given);
    return ffmpeg;
  };
  // Posters, frame grabs and video facts: one measure of which build is faster at each.
  const video = new VideoTools({ ffmpeg: ffmpegTool });
  let stopping: Promise<void> | undefined;
  // What the running engine listens to and sends on; let go of at stop, before the engine stops.
  const subscriptions = new DisposableStore();

  const runningEngine = (): JobEngine => {
    if (engine === undefined) throw StudioFailure.of('studio_starting');
    return engine;
  };

  const uploads = uploadsHandlers({ gateway, staging: uploadStaging, library: () => library, cache: uploadCache });
  const handlers: RouteHandlers = {
    'app.get_info': async () => {
      const profile = settings.activeProfile();
      return {
        name: 'Atelier',
        version: platform.version,
        shell: platform.shell,
        demoMode: profile === undefined,
        gatewayUrl: profile?.baseUrl ?? (await demo.connection()).baseUrl,
        libraryDir: libraryRoot,
      };
    },
    // Browser sessions belong to web mode's transport, which answers this route itself.
    'app.sign_out_other_browsers': () => ({ signedOut: 0 }),
    ...mediaToolsHandlers(ffmpegTool),
    ...settingsHandlers(settings),
    ...modelsHandlers(gateway),
    ...accountHandlers(gateway, bus, (key) => recordCreatedKey(library.db, key)),
    ...uploads,
    ...libraryHandlers(() => library, bus),
    ...savedMaskHandlers(() => library),
    'library.sidecar_restore_status': () => sidecarRestore.status(),
    ...frameHandlers({ library: () => library, video, bus }),
    ...jobsHandlers({
      engine: runningEngine,
      library: () => library,
      activeProfileId: () => settings.activeProfile()?.id ?? null,
      uploadLibraryImage: async (assetId) => (await uploads['uploads.add_asset']({ assetId })).url,
    }),
    ...desktopHandlers(platform.desktop, library, platform.vault),
    ...promptToolHandlers(assistant, () => library.db, bus),
  };

  return {
    router: createRouter(handlers),
    bus,
    libraryRoot: () => libraryRoot,
    quiet: async () => {
      await starting?.catch(() => undefined);
      await engine?.quiet();
    },
    start() {
      starting ??= (async () => {
        const started = new JobEngine({
          ...platform.engine,
          queue: { ...platform.engine?.queue, ...concurrencyLimits(settings.get().concurrency) },
          db: library.db,
          libraryRoot,
          connectionFor: (profileId) => gateway.forProfile(profileId),
          vault: platform.vault,
          // Where the desktop keeps keys for the session only, sealed batch keys stay off disk too.
          sessionOnlyKeys: () => platform.desktop?.info().preferences?.sessionOnlyKeys === true,
          fileModes,
          ffmpeg: ffmpegTool,
          video,
          clock,
        });
        engine = started;
        // Read in the background: the gallery opens at once and fills, newest first, with its progress shown.
        if (database?.fresh === true || sidecarRestore.unfinished()) sidecarRestore.start();
        await library.trash.start();
        subscriptions.addCallback(forwardEngineEvents(started, bus, () => settings.activeProfile() === undefined));
        subscriptions.addCallback(bus.on('desktop.changed', () => started.commands.applyKeyMode()));
        // A key saved or another profile chosen: jobs waiting for a usable key ask again at once.
        subscriptions.addCallback(bus.on('profiles.changed', () => started.commands.keysChanged()));
        subscriptions.addCallback(bus.on('settings.changed', () => started.commands.keysChanged()));
        // The concurrency setting applies at once: more jobs start if they now may, none is stopped.
        const onSettings = bus.on('settings.changed', (changed) => {
          const limits = concurrencyLimits(changed.concurrency);
          const current = started.queries.concurrency;
          if (limits.maxActive === current.maxActive && limits.maxActivePerModel === current.maxActivePerModel) return;
          started.commands.setConcurrency(limits);
          bus.emit('jobs.queue_changed', queueView(started));
        });
        subscriptions.addCallback(onSettings);
        const recovered = await started.start();
        log.info(
          `library open at ${libraryRoot}; resumed ${recovered.pendingTasks} tasks and ${recovered.downloads.length} downloads; ${recovered.unknown.length} jobs await a decision`,
        );
      })();
      return starting;
    },
    // The engine first, with its grace for paid submissions on the wire; then the connections it used.
    stop() {
      stopping ??= (async () => {
        await starting?.catch(() => undefined);
        // The engine's last events (its stop flushes them) still reach the window; then nothing more does.
        await sidecarRestore.stop();
        await engine?.stop();
        await assistant.stop();
        subscriptions.dispose();
        await library.trash.stop();
        await gateway.stop();
        await demo.stop();
        await uploadStaging.remove();
        library.close();
      })();
      return stopping;
    },
  };
}

/**
 * Modes of the library's files: owner-only, unless the artist chose a folder set up for sharing
 * with other accounts (`isSharedWithOthers`: it then keeps the usual modes). A folder the studio
 * picked is tightened; one the artist chose keeps its own mode, and what the studio writes in it
 * is owner-only.
 */
function libraryModes(root: string, chosenByUser: boolean): FileModes {
  if (chosenByUser && isSharedWithOthers(root)) return SHARED_MODES;
  if (chosenByUser) mkdirSync(root, { recursive: true, mode: PRIVATE_MODES.dir });
  else ensurePrivateDir(root);
  return PRIVATE_MODES;
}
