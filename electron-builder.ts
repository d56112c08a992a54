// Packaging with electron-builder (`npm run dist` builds the installers of the current platform into dist/).
// Native addons: node_modules keeps Node's better-sqlite3 (tests, web mode, the CLI); the hooks below
// build the Electron one into .native/ and place it in the packed app as resources/native.
import { Arch, type Configuration } from 'electron-builder';
import { APP_ID } from './src/main/electron/app-id';
import { finishPackedApp } from './scripts/native/after-pack';
import { buildElectronSqlite, installedElectronVersion, projectRoot } from './scripts/native/electron-sqlite';
import { unpackPatterns } from './scripts/native/native-packages';
import { wasmUnpackPatterns } from './scripts/native/wasm-builds';
import { hasNotarisationCredentials, releaseSigningProblem, unsignedArtifactName, updateFeedProblem } from './scripts/packaging/release-signing';

const electronVersion = installedElectronVersion();
/** An update feed, only when the packager gives one: otherwise the app never looks for updates. */
const updateFeed = process.env.ATELIER_UPDATE_URL?.trim();
// eslint-disable-next-line no-console -- electron-builder's own output is the console
const log = (line: string): void => console.log(`  • ${line}`);

/**
 * electron-builder's own deb dependencies (FpmTarget's defaults, which a `depends` list replaces
 * rather than extends); tests/packaging checks this copy against the installed electron-builder.
 */
export const ELECTRON_BUILDER_DEB_DEPENDS = [
  'libgtk-3-0',
  'libnotify4',
  'libnss3',
  'libxss1',
  'libxtst6',
  'xdg-utils',
  'libatspi2.0-0',
  'libuuid1',
  'libsecret-1-0',
];

/** electron-builder's AppImage toolset on the static runtime (no FUSE 2 needed); "0.0.0" is the legacy one. */
export const APPIMAGE_STATIC_RUNTIME = '1.0.3';

const config: Configuration = {
  appId: APP_ID,
  productName: 'Atelier',
  executableName: 'atelier',
  copyright: 'Copyright © Atelier contributors',
  directories: { output: 'dist', buildResources: 'resources' },
  files: [
    'package.json',
    'out/**',
    'resources/icon.png',
    'resources/tray*.png',
    'resources/drag-icon.png',
    '!**/*.map',
    // Electron loads its own better-sqlite3 build (resources/native); Node's build and sources stay out.
    '!node_modules/better-sqlite3/{build,deps,src}/**',
    // ffmpeg's WebAssembly build is loaded from its CommonJS copy; the ES module copy (32 MB) stays out.
    '!node_modules/@ffmpeg/core/dist/esm/**',
  ],
  // A library or executable cannot load from inside the archive: every shipped package with native
  // parts, and the package that loads it, is unpacked (derived from node_modules, never a hand list).
  // The WebAssembly builds (sharp's, ffmpeg's) are not native code, but worker threads load their
  // scripts and modules by path, which cannot read from inside the archive; sharp's runtime
  // (@emnapi) must sit beside it.
  asarUnpack: [...unpackPatterns(projectRoot), ...wasmUnpackPatterns(), 'node_modules/@emnapi/**'],
  electronVersion,
  // electron-builder would rebuild node_modules in place for Electron, breaking every Node use of
  // better-sqlite3; instead the Electron copy is built into .native/ before each target is packed.
  npmRebuild: false,
  beforePack: async (context) => {
    // No unsigned (or, on macOS, un-notarised) installer by accident; then no unchecked update feed.
    const problem =
      releaseSigningProblem(
        context.electronPlatformName,
        process.env,
        context.targets.map((target) => target.name),
      ) ?? (updateFeed ? updateFeedProblem(context.electronPlatformName, process.env) : undefined);
    if (problem !== undefined) throw new Error(problem);
    await buildElectronSqlite({ electronVersion, platform: context.electronPlatformName, arch: Arch[context.arch] }, { log });
  },
  afterPack: (context) => {
    finishPackedApp(
      { electronVersion, platform: context.electronPlatformName, arch: Arch[context.arch], resources: context.packager.getResourcesDir(context.appOutDir) },
      log,
    );
    return Promise.resolve();
  },
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  // The AppImage on the static runtime: the legacy one needs FUSE 2 (libfuse2), which Ubuntu 22.04
  // and later no longer install, and its launcher entry passes --no-sandbox.
  toolsets: { appimage: APPIMAGE_STATIC_RUNTIME },
  linux: {
    // The deb first: its post-install adds the AppArmor profile Ubuntu 23.10+ needs for Chromium's
    // sandbox. The AppImage cannot; its launcher then adds --no-sandbox, which the app refuses with a
    // dialog saying to install the deb (src/main/electron/sandbox-policy.ts).
    target: ['deb', 'AppImage'],
    // The launcher entry is atelier.desktop and its StartupWMClass "atelier", package.json's
    // desktopName: the name Electron gives the window (WM_CLASS, Wayland's app_id), so the dock
    // groups the running window under its launcher rather than beside it.
    syncDesktopName: true,
    category: 'Graphics',
    icon: 'resources/icon.png',
    synopsis: 'Generate images and videos through a model gateway',
    maintainer: 'Atelier contributors <atelier@users.noreply.invalid>',
  },
  // Electron itself links ALSA and GBM; Ubuntu 24.04 renamed ALSA's package (t64).
  deb: { depends: [...ELECTRON_BUILDER_DEB_DEPENDS, 'libgbm1', 'libasound2 | libasound2t64'] },
  mac: {
    // The zip is what electron-updater downloads on macOS; the dmg is for people.
    target: ['dmg', 'zip'],
    category: 'public.app-category.graphics-design',
    icon: 'resources/icon.png',
    hardenedRuntime: true,
    // Signed with CSC_LINK/CSC_KEY_PASSWORD (or a keychain identity) when present; notarised when
    // Apple's credentials are (APPLE_API_KEY..., APPLE_ID..., or APPLE_KEYCHAIN_PROFILE).
    notarize: hasNotarisationCredentials(process.env),
    // Packaging refuses an unsigned or un-notarised build unless ATELIER_UNSIGNED=1 asks for one, named so.
    ...unsignedArtifactName('darwin', process.env),
  },
  dmg: { title: 'Atelier ${version}' },
  win: {
    target: ['nsis'],
    icon: 'resources/icon.png',
    // Signed with WIN_CSC_LINK/CSC_LINK when present; the certificate's publisher goes into
    // app-update.yml, and an update is installed only when it is signed by the same publisher.
    verifyUpdateCodeSignature: true,
    // Packaging refuses an unsigned installer unless ATELIER_UNSIGNED=1 asks for one, named so.
    ...unsignedArtifactName('win32', process.env),
  },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false },
  publish: updateFeed ? [{ provider: 'generic', url: updateFeed }] : null,
};

export default config;
