// What `npm start` says when the desktop app cannot open: one message per cause, each with its fix.
// Pure functions over text and facts (scripts/start.mjs gathers them), tested in tests/packaging.
// Never suggests --no-sandbox: the sandbox is what keeps a hostile page or media file contained.

/** The runtime is missing and could not be installed (no route to its download). */
export function runtimeMissingMessage() {
  return 'The Electron runtime is not installed and could not be downloaded here, so Atelier starts in web mode.';
}

/** The runtime is there, but better-sqlite3 could not be built for it (its own cause is printed above). */
export function sqliteBuildFailedMessage() {
  return (
    'The Electron runtime is installed, but the SQLite module could not be built for it (the cause is above), ' +
    'so Atelier starts in web mode. Run "npm run native:electron" once the build can reach the network, then "npm start" again.'
  );
}

/**
 * Which sandbox failure Chromium reported on its way out, if any: the setuid helper found but not
 * installed as root with mode 4755 (what AppArmor's user-namespace limit leads to), or no sandbox at all.
 * @param {string} stderr
 * @returns {'suid-helper' | 'no-sandbox-available' | undefined}
 */
export function recogniseSandboxFailure(stderr) {
  if (/The SUID sandbox helper binary was found, but is not configured correctly/i.test(stderr)) return 'suid-helper';
  if (/No usable sandbox!/i.test(stderr)) return 'no-sandbox-available';
  return undefined;
}

/**
 * Whether AppArmor keeps unprivileged programs from making user namespaces (Ubuntu 23.10 and later).
 * @param {string | undefined} sysctl the contents of /proc/sys/kernel/apparmor_restrict_unprivileged_userns, if readable
 */
export function appArmorRestrictsUserNamespaces(sysctl) {
  return sysctl?.trim() === '1';
}

/**
 * The message for a sandbox failure: why, and the fix for this machine.
 * @param {{ electronBinary: string, chromeSandbox: string, appArmorRestricted: boolean }} facts
 */
export function sandboxFailureMessage(facts) {
  const lines = ["Chromium's sandbox could not start, so the Electron window did not open. Atelier starts in web mode instead."];
  if (facts.appArmorRestricted) {
    lines.push(
      '',
      'Cause: AppArmor on this system (Ubuntu 23.10 and later) lets only programs with a profile create the user namespaces',
      'the sandbox needs, and the Electron binary in node_modules has none. (Atelier installed from its .deb brings its own profile.)',
      '',
      'Fix, once, as an administrator: give that binary a profile, then run "npm start" again:',
      '',
      "  sudo tee /etc/apparmor.d/atelier-dev-electron >/dev/null <<'EOF'",
      '  abi <abi/4.0>,',
      '  include <tunables/global>',
      `  profile atelier-dev-electron "${facts.electronBinary}" flags=(unconfined) {`,
      '    userns,',
      '    include if exists <local/atelier-dev-electron>',
      '  }',
      '  EOF',
      '  sudo apparmor_parser -r /etc/apparmor.d/atelier-dev-electron',
    );
  } else {
    lines.push(
      '',
      'Cause: this system does not let programs create user namespaces, so Chromium falls back to its setuid helper,',
      'which must belong to root with mode 4755.',
      '',
      'Fix, once, as an administrator, then run "npm start" again:',
      '',
      `  sudo chown root:root "${facts.chromeSandbox}" && sudo chmod 4755 "${facts.chromeSandbox}"`,
    );
  }
  return lines.join('\n');
}

/**
 * Keeps the end of a stream's text (what a failure prints last), bounded so a long session costs nothing.
 * @param {string} kept
 * @param {string} chunk
 * @param {number} [limit]
 */
export function keepTail(kept, chunk, limit = 64 * 1024) {
  const joined = kept + chunk;
  return joined.length > limit ? joined.slice(joined.length - limit) : joined;
}
