// What `npm start` says when the desktop window cannot open: one message per cause, each with its fix.
import { describe, expect, it } from 'vitest';
import {
  appArmorRestrictsUserNamespaces,
  keepTail,
  recogniseSandboxFailure,
  runtimeMissingMessage,
  sandboxFailureMessage,
  sqliteBuildFailedMessage,
} from '../../scripts/start-diagnosis.mjs';

// What Electron prints when the sandbox stops it (Ubuntu 24.04 with AppArmor's user-namespace limit).
const SUID_FAILURE =
  '[12345:0102/030405.678901:FATAL:setuid_sandbox_host.cc(158)] The SUID sandbox helper binary was found, but is not configured correctly. ' +
  "Rather than run without sandboxing I'm aborting now. You need to make sure that /repo/node_modules/electron/dist/chrome-sandbox is owned by root and has mode 4755.\n" +
  'Trace/breakpoint trap (core dumped)\n';
const NO_SANDBOX =
  '[1:2:FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! Update your kernel or see https://chromium.googlesource.com/... for more information on developing with the SUID sandbox.\n';

describe('npm start', () => {
  it('tells a missing runtime from a SQLite build that failed', () => {
    expect(runtimeMissingMessage()).toMatch(/runtime is not installed/);
    expect(sqliteBuildFailedMessage()).toMatch(/runtime is installed, but the SQLite module could not be built/);
    expect(sqliteBuildFailedMessage()).toMatch(/npm run native:electron/);
    expect(sqliteBuildFailedMessage()).not.toMatch(/not installed/);
  });

  it("recognises Chromium's sandbox failures, and nothing else", () => {
    expect(recogniseSandboxFailure(`some log line\n${SUID_FAILURE}`)).toBe('suid-helper');
    expect(recogniseSandboxFailure(NO_SANDBOX)).toBe('no-sandbox-available');
    expect(recogniseSandboxFailure('Error: Cannot find module better_sqlite3.node\n')).toBeUndefined();
  });

  it('gives an AppArmor profile for the Electron binary where AppArmor limits user namespaces, never --no-sandbox', () => {
    expect(appArmorRestrictsUserNamespaces('1\n')).toBe(true);
    expect(appArmorRestrictsUserNamespaces('0\n')).toBe(false);
    expect(appArmorRestrictsUserNamespaces(undefined)).toBe(false);
    const message = sandboxFailureMessage({
      electronBinary: '/repo/node_modules/electron/dist/electron',
      chromeSandbox: '/repo/node_modules/electron/dist/chrome-sandbox',
      appArmorRestricted: true,
    });
    expect(message).toContain('profile atelier-dev-electron "/repo/node_modules/electron/dist/electron" flags=(unconfined) {');
    expect(message).toContain('    userns,');
    expect(message).toContain('sudo apparmor_parser -r /etc/apparmor.d/atelier-dev-electron');
    expect(message).not.toMatch(/no-sandbox/);
  });

  it('gives the setuid helper fix where user namespaces are off for another reason', () => {
    const message = sandboxFailureMessage({ electronBinary: '/repo/e/electron', chromeSandbox: '/repo/e/chrome-sandbox', appArmorRestricted: false });
    expect(message).toContain('sudo chown root:root "/repo/e/chrome-sandbox" && sudo chmod 4755 "/repo/e/chrome-sandbox"');
    expect(message).not.toMatch(/apparmor|no-sandbox/i);
  });

  it('keeps only the end of a long error output, where the failure is', () => {
    let kept = '';
    for (let i = 0; i < 1000; i++) kept = keepTail(kept, `line ${i} ${'x'.repeat(100)}\n`, 4096);
    kept = keepTail(kept, SUID_FAILURE, 4096);
    expect(kept.length).toBeLessThanOrEqual(4096);
    expect(recogniseSandboxFailure(kept)).toBe('suid-helper');
  });
});
