// The packaging configuration's rules that need no packing: the deb's dependencies, the macOS
// targets, signing and notarisation from the environment, and when an update feed may be built in.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import AppImageTarget from 'app-builder-lib/out/targets/appimage/AppImageTarget';
import FpmTarget from 'app-builder-lib/out/targets/FpmTarget';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper';
import { Arch, type AfterPackContext } from 'electron-builder'; // the same context as beforePack's
import { afterEach, describe, expect, it, vi } from 'vitest';
import config, { APPIMAGE_STATIC_RUNTIME, ELECTRON_BUILDER_DEB_DEPENDS } from '../../electron-builder';
import {
  hasNotarisationCredentials,
  hasSigningCertificate,
  releaseSigningProblem,
  unsignedArtifactName,
  updateFeedProblem,
} from '../../scripts/packaging/release-signing';

describe('the deb', () => {
  it("comes first among the Linux targets, and extends electron-builder's own dependencies rather than replacing them", () => {
    expect((config.linux?.target as string[])[0]).toBe('deb');
    // The private default list of the installed electron-builder, read to catch a drift after an upgrade.
    const defaults = (FpmTarget.prototype as unknown as { getDefaultDepends(target: string): string[] }).getDefaultDepends('deb');
    expect(ELECTRON_BUILDER_DEB_DEPENDS).toEqual(defaults);
    expect(config.deb?.depends).toEqual(expect.arrayContaining(defaults));
    for (const dependency of ['libgtk-3-0', 'libsecret-1-0', 'xdg-utils']) expect(config.deb?.depends).toContain(dependency);
  });
});

describe('the AppImage', () => {
  it('is built on a static runtime the installed electron-builder knows (not the legacy FUSE 2 one)', () => {
    const schemaFile = createRequire(import.meta.url).resolve('app-builder-lib/scheme.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
      definitions: { ToolsetConfig: { properties: { appimage: { anyOf: { enum?: string[] }[] } } } };
    };
    const known = schema.definitions.ToolsetConfig.properties.appimage.anyOf.flatMap((choice) => choice.enum ?? []);
    expect(config.toolsets?.appimage).toBe(APPIMAGE_STATIC_RUNTIME);
    expect(known).toContain(APPIMAGE_STATIC_RUNTIME);
    expect(APPIMAGE_STATIC_RUNTIME).not.toBe('0.0.0');
  });

  it('has a launcher entry that starts the app with its sandbox (no --no-sandbox)', async () => {
    // The AppImage target of the installed electron-builder, given our configuration, writes the desktop entry's Exec line.
    const execLines: string[] = [];
    const helper = { computeDesktopEntry: (_options: unknown, exec: string) => (execLines.push(exec), Promise.resolve('')) };
    const packager = { config, platformSpecificBuildOptions: config.linux, appInfo: { buildVersion: '0.1.0' } };
    const target = new AppImageTarget('', packager as never, helper as never, '/nowhere');
    await (target as unknown as { desktopEntry: { value: Promise<string> } }).desktopEntry.value;
    expect(execLines).toEqual(['AppRun %U']);
  });
});

describe('the Linux launcher entry', () => {
  it("names the window's class as Electron does (package.json's desktopName, after the app's name), so the dock groups the window under it", async () => {
    const metadata = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { name: string; desktopName?: string };
    // Electron's WM_CLASS and Wayland app_id come from the app's name (package.json's "name", as no productName is packed).
    expect(metadata.desktopName).toBe(`${metadata.name}.desktop`);
    expect(config.executableName).toBe(metadata.name);
    const packager = {
      config,
      platformSpecificBuildOptions: config.linux,
      executableName: config.executableName,
      fileAssociations: [],
      info: { metadata },
      appInfo: { productName: config.productName, sanitizedProductName: config.productName, description: 'Atelier' },
    };
    const helper = new LinuxTargetHelper(packager as never);
    const entry = await helper.computeDesktopEntry(config.linux ?? {}, 'atelier %U');
    expect(entry).toMatch(/^StartupWMClass=atelier$/m);
    expect(entry).toMatch(/^Name=Atelier$/m);
    expect(helper.getDesktopFileName()).toBe('atelier');
  });
});

describe('macOS and Windows releases', () => {
  it('builds the zip that macOS updates need beside the dmg', () => {
    expect(config.mac?.target).toEqual(expect.arrayContaining(['dmg', 'zip']));
  });

  it('checks the publisher of a Windows update', () => {
    expect(config.win?.verifyUpdateCodeSignature).toBe(true);
  });

  it('signs and notarises from the standard variables only when they are all there', () => {
    expect(hasSigningCertificate('darwin', { CSC_LINK: '/certs/dev.p12' })).toBe(true);
    expect(hasSigningCertificate('darwin', { CSC_LINK: ' ' })).toBe(false);
    expect(hasSigningCertificate('win32', { WIN_CSC_LINK: '/certs/win.pfx' })).toBe(true);
    expect(hasSigningCertificate('linux', { CSC_LINK: '/certs/dev.p12' })).toBe(false);
    expect(hasNotarisationCredentials({ APPLE_ID: 'a@example.com', APPLE_APP_SPECIFIC_PASSWORD: 'x', APPLE_TEAM_ID: 'T' })).toBe(true);
    expect(hasNotarisationCredentials({ APPLE_ID: 'a@example.com', APPLE_TEAM_ID: 'T' })).toBe(false);
    expect(hasNotarisationCredentials({ APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' })).toBe(true);
  });

  it('refuses to build an update feed into an unsigned Windows or macOS package', () => {
    expect(updateFeedProblem('win32', {})).toMatch(/signed Windows build/);
    expect(updateFeedProblem('darwin', {})).toMatch(/signed macOS build/);
    expect(updateFeedProblem('win32', { CSC_LINK: '/certs/win.pfx' })).toBeUndefined();
    // Linux packages only announce updates (the app does not install them), so a feed is allowed.
    expect(updateFeedProblem('linux', {})).toBeUndefined();
  });
});

/** What `npm run dist` builds on macOS and Windows (dmg and zip, NSIS). */
const INSTALLERS = ['dmg', 'zip', 'nsis'];
const SIGNED_MAC = { CSC_LINK: '/certs/dev.p12', APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' };

describe('an installer for artists', () => {
  it('is refused for macOS unless signed and notarised, and for Windows unless signed', () => {
    expect(releaseSigningProblem('darwin', {}, INSTALLERS)).toMatch(/signed and notarised; missing: a certificate .*notary credentials.*ATELIER_UNSIGNED=1/);
    expect(releaseSigningProblem('darwin', { CSC_LINK: '/certs/dev.p12' }, INSTALLERS)).toMatch(/missing: Apple's notary credentials/);
    expect(releaseSigningProblem('darwin', SIGNED_MAC, INSTALLERS)).toBeUndefined();
    expect(releaseSigningProblem('win32', {}, INSTALLERS)).toMatch(/Windows installer for artists must be signed; missing: a certificate/);
    expect(releaseSigningProblem('win32', { WIN_CSC_LINK: '/certs/win.pfx' }, INSTALLERS)).toBeUndefined();
    expect(releaseSigningProblem('linux', {}, INSTALLERS)).toBeUndefined();
  });

  it('is not asked of an unpacked folder (--dir), which the packaged end-to-end spec packs on a developer machine', () => {
    expect(releaseSigningProblem('darwin', {}, ['dir'])).toBeUndefined();
    expect(releaseSigningProblem('win32', {}, ['dir', 'nsis'])).toMatch(/must be signed/);
  });

  it('may be unsigned when asked for explicitly, and its file name then says so', () => {
    const unsigned = { ATELIER_UNSIGNED: '1' };
    expect(releaseSigningProblem('darwin', unsigned, INSTALLERS)).toBeUndefined();
    expect(releaseSigningProblem('win32', unsigned, INSTALLERS)).toBeUndefined();
    expect(unsignedArtifactName('darwin', unsigned).artifactName).toMatch(/-unsigned\.\$\{ext\}$/);
    expect(unsignedArtifactName('win32', unsigned).artifactName).toMatch(/-unsigned\.\$\{ext\}$/);
    // A signed build keeps electron-builder's own names.
    expect(unsignedArtifactName('darwin', SIGNED_MAC)).toEqual({});
    // Asking for unsigned with a certificate set would name a signed file "unsigned".
    expect(releaseSigningProblem('win32', { ...unsigned, CSC_LINK: '/certs/win.pfx' }, INSTALLERS)).toMatch(/remove one or the other/);
  });
});

describe("the configuration's packing hook", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const beforePack = async (platform: string): Promise<void> => {
    const { default: loaded } = await import('../../electron-builder');
    const hook = loaded.beforePack as (context: AfterPackContext) => Promise<void>;
    await hook({ electronPlatformName: platform, arch: Arch.x64, targets: [{ name: platform === 'darwin' ? 'dmg' : 'nsis' }] } as AfterPackContext);
  };

  it('stops an unsigned macOS or Windows build before anything is packed', async () => {
    for (const name of ['CSC_LINK', 'CSC_NAME', 'WIN_CSC_LINK', 'AZURE_TENANT_ID', 'APPLE_API_KEY', 'APPLE_ID', 'APPLE_KEYCHAIN', 'ATELIER_UNSIGNED'])
      vi.stubEnv(name, '');
    await expect(beforePack('darwin')).rejects.toThrow(/macOS package for artists must be signed and notarised/);
    await expect(beforePack('win32')).rejects.toThrow(/Windows installer for artists must be signed/);
  });

  it('names an explicitly unsigned build so', async () => {
    vi.stubEnv('ATELIER_UNSIGNED', '1');
    vi.resetModules();
    const { default: loaded } = await import('../../electron-builder');
    expect(loaded.mac?.artifactName).toContain('unsigned');
    expect(loaded.win?.artifactName).toContain('unsigned');
  });
});
