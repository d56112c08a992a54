// The packaging configuration's rules that need no packing: the deb's dependencies, the macOS
// targets, signing and notarisation from the environment, and when an update feed may be built in.
import FpmTarget from 'app-builder-lib/out/targets/FpmTarget';
import { describe, expect, it } from 'vitest';
import config, { ELECTRON_BUILDER_DEB_DEPENDS } from '../../electron-builder';
import { hasNotarisationCredentials, hasSigningCertificate, updateFeedProblem } from '../../scripts/packaging/release-signing';

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
