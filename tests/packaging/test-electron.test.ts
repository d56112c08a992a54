// How `npm run test:electron` runs the Electron specs: a virtual display only where Linux has none
// and the runtime is there to open windows.
import { describe, expect, it } from 'vitest';
import { electronTestCommand } from '../../scripts/test-electron.mjs';

const runtime = '/repo/node_modules/electron/dist/electron';

describe('npm run test:electron', () => {
  it('starts a virtual display (xvfb-run) on Linux without one', () => {
    const plan = electronTestCommand({ platform: 'linux', env: {}, runtime, xvfbRun: '/usr/bin/xvfb-run', root: false });
    expect(plan).toMatchObject({ command: '/usr/bin/xvfb-run', args: expect.arrayContaining(['-a', 'test', 'tests/e2e/electron-']) as unknown });
  });

  it("uses the desktop's display where there is one, and needs none on macOS and Windows", () => {
    for (const env of [{ DISPLAY: ':0' }, { WAYLAND_DISPLAY: 'wayland-0' }]) {
      expect(electronTestCommand({ platform: 'linux', env, runtime, xvfbRun: '/usr/bin/xvfb-run', root: false })).toMatchObject({ command: process.execPath });
    }
    expect(electronTestCommand({ platform: 'darwin', env: {}, runtime, xvfbRun: undefined, root: false })).toMatchObject({ command: process.execPath });
  });

  it('runs the specs without a display where the runtime is missing (they report themselves skipped)', () => {
    expect(electronTestCommand({ platform: 'linux', env: {}, runtime: undefined, xvfbRun: undefined, root: false })).toMatchObject({
      command: process.execPath,
    });
  });

  it('refuses to run as root on Linux, where Chromium would need --no-sandbox', () => {
    expect(electronTestCommand({ platform: 'linux', env: { DISPLAY: ':0' }, runtime, xvfbRun: undefined, root: true })).toEqual({
      problem: expect.stringMatching(/normal user/) as unknown,
    });
    // Without the runtime nothing opens a window: the specs report themselves skipped, as root too.
    expect(electronTestCommand({ platform: 'linux', env: {}, runtime: undefined, xvfbRun: undefined, root: true })).toMatchObject({
      command: process.execPath,
    });
  });

  it('says what to install when Linux has neither a display nor xvfb-run', () => {
    expect(electronTestCommand({ platform: 'linux', env: {}, runtime, xvfbRun: undefined, root: false })).toEqual({
      problem: expect.stringMatching(/apt install xvfb/) as unknown,
    });
  });
});
