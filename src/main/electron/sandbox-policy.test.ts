import { describe, expect, it } from 'vitest';
import { sandboxRefusal } from './sandbox-policy';
import { shellText } from './shell-text';

describe("an installed copy started without Chromium's sandbox", () => {
  it("is refused when the AppImage's launcher added --no-sandbox (no user namespaces), and told to install the deb", () => {
    expect(sandboxRefusal({ packaged: true, noSandbox: true, appImage: '/home/me/Atelier-0.1.0.AppImage' })).toBe('appimage');
    expect(shellText('en').sandbox.message('appimage')).toMatch(/\.deb/);
    expect(shellText('zh-CN').sandbox.message('appimage')).toMatch(/\.deb/);
  });

  it('is refused for any other --no-sandbox too', () => {
    expect(sandboxRefusal({ packaged: true, noSandbox: true, appImage: undefined })).toBe('switch');
    expect(shellText('en').sandbox.message('switch')).toMatch(/--no-sandbox/);
  });

  it('starts with the sandbox on, and from source leaves the flags to the developer', () => {
    expect(sandboxRefusal({ packaged: true, noSandbox: false, appImage: '/home/me/Atelier-0.1.0.AppImage' })).toBeUndefined();
    expect(sandboxRefusal({ packaged: false, noSandbox: true, appImage: undefined })).toBeUndefined();
  });
});
