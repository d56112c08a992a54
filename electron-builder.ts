// Packaging with electron-builder (`npm run dist` builds the installers of the current platform into dist/).
// Native addons: node_modules keeps Node's better-sqlite3 (tests, web mode, the CLI); the hook below
// builds the Electron one into .native/ and the installer carries it as resources/native.
import { Arch, type Configuration } from 'electron-builder';
import { buildElectronSqlite, installedElectronVersion, nativeRoot } from './scripts/native/electron-sqlite';

const electronVersion = installedElectronVersion();
/** An update feed, only when the packager gives one: otherwise the app never looks for updates. */
const updateFeed = process.env.ATELIER_UPDATE_URL?.trim();

const config: Configuration = {
  appId: 'app.atelier.studio',
  productName: 'Atelier',
  executableName: 'atelier',
  copyright: 'Copyright © Atelier contributors',
  directories: { output: 'dist', buildResources: 'resources' },
  files: [
    'package.json',
    'out/**',
    'resources/icon.png',
    'resources/tray*.png',
    '!**/*.map',
    // Electron loads its own better-sqlite3 build (extraResources); Node's build and sources stay out.
    '!node_modules/better-sqlite3/{build,deps,src}/**',
  ],
  // sharp's WebAssembly build starts worker threads that load its script by path, which cannot
  // read from inside the archive; its runtime (@emnapi) must sit beside it.
  asarUnpack: ['node_modules/@img/sharp-wasm32/**', 'node_modules/@emnapi/**'],
  extraResources: [{ from: `${nativeRoot()}/electron-v${electronVersion}-\${platform}-\${arch}`, to: 'native', filter: ['better_sqlite3.node'] }],
  electronVersion,
  // electron-builder would rebuild node_modules in place for Electron, breaking every Node use of
  // better-sqlite3; instead the Electron copy is built into .native/ before each target is packed.
  npmRebuild: false,
  beforePack: async (context) => {
    await buildElectronSqlite(
      { electronVersion, platform: context.electronPlatformName, arch: Arch[context.arch] },
      // eslint-disable-next-line no-console -- electron-builder's own output is the console
      { log: (line) => console.log(`  • ${line}`) },
    );
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
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Graphics',
    icon: 'resources/icon.png',
    synopsis: 'Generate images and videos through a model gateway',
    maintainer: 'Atelier contributors <atelier@users.noreply.invalid>',
  },
  deb: { depends: ['libnotify4', 'libxtst6', 'libnss3'] },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.graphics-design',
    icon: 'resources/icon.png',
    hardenedRuntime: true,
  },
  dmg: { title: 'Atelier ${version}' },
  win: { target: ['nsis'], icon: 'resources/icon.png' },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false },
  publish: updateFeed ? [{ provider: 'generic', url: updateFeed }] : null,
};

export default config;
