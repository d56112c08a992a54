// What `npm test` needs from the machine beyond node_modules, and how it gets it before any stage
// starts, as Playwright's `install --with-deps` does: on Debian or Ubuntu the missing packages are
// installed with apt-get where this user may (root, or sudo without a password), each named with
// the reason; anywhere else, or without the right, or with ATELIER_TEST_INSTALL=no, `npm test` stops
// before running anything and prints the one command that installs them.
// When everything is there this costs one dpkg-query (a few milliseconds): no apt, no network.
//
// Not needed, so not asked for: xvfb (the Electron specs are skipped where its runtime is missing,
// and npm test starts no X server for them); fontconfig's tools (the one test that reads fonts
// through fc-match is skipped without them).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The Debian/Ubuntu packages npm test needs, and what each is for (printed as the reason to install it). */
export const NEEDED = [
  { name: 'chromium', why: 'the browser the end-to-end tests drive (/usr/bin/chromium; the notifications spec needs the full browser)' },
  { name: 'chromium-headless-shell', why: "Chromium's headless shell, which runs most end-to-end specs at two thirds of the full browser's CPU time" },
  { name: 'fonts-noto-cjk', why: 'a Chinese font: the demo gateway sets Chinese prompts on its images, and a test checks they are drawn' },
];

/** The packages that are browsers: Playwright's own Chromium build (`npx playwright install chromium`) stands in for both. */
const BROWSERS = new Set(['chromium', 'chromium-headless-shell']);
/** Where tests/helpers/browsers.ts looks for a system browser before it leaves the choice to Playwright. */
const SYSTEM_BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** What ATELIER_TEST_INSTALL may say: install where allowed (the default), never install, or only say what would be installed. */
const MODES = { auto: 'auto', '': 'auto', no: 'no', 'dry-run': 'dry-run' };

/** @param {string | undefined} value @returns {'auto' | 'no' | 'dry-run' | undefined} undefined for a value it does not know */
export function installMode(value) {
  return Object.hasOwn(MODES, value ?? '') ? MODES[value ?? ''] : undefined;
}

/** Whether /etc/os-release names Debian, Ubuntu or a system built on them. @param {string | undefined} osRelease */
export function isDebianLike(osRelease) {
  if (osRelease === undefined) return false;
  const field = (key) => new RegExp(`^${key}="?([^"\\n]*)"?$`, 'm').exec(osRelease)?.[1] ?? '';
  return [field('ID'), ...field('ID_LIKE').split(/\s+/)].some((id) => id === 'debian' || id === 'ubuntu');
}

/**
 * The needed packages dpkg does not list as installed.
 * @param {string} listing dpkg-query's output with the format `${Package}\t${db:Status-Status}\n` (a package it has never seen has no line)
 * @param {readonly string[]} names
 */
export function missingPackages(listing, names) {
  const installed = new Set(
    listing
      .split('\n')
      .map((line) => line.split('\t'))
      .filter(([, status]) => status?.trim() === 'installed')
      .map(([name]) => name.split(':')[0]),
  );
  return names.filter((name) => !installed.has(name));
}

/**
 * The command that installs the packages, for a person to run: as it is for root, through sudo where there is one,
 * through su (root's password) where there is not.
 * @param {readonly string[]} names @param {{ root: boolean, sudo?: 'works' | 'password' | 'missing' }} who
 */
export function installCommand(names, { root, sudo = 'password' }) {
  const apt = (as) => `${as}apt-get update && ${as}apt-get install -y --no-install-recommends ${names.join(' ')}`;
  if (root) return apt('');
  return sudo === 'missing' ? `su -c '${apt('')}'` : apt('sudo ');
}

/**
 * What to do about the missing packages.
 * @param {{ missing: readonly string[], debianLike: boolean, mode: 'auto' | 'no' | 'dry-run', root: boolean, sudo: 'works' | 'password' | 'missing' }} facts
 *   `sudo`: whether `sudo -n` works here, asks for a password, or is not there (asked only where it matters; 'password' otherwise)
 * @returns {{ action: 'run' } | { action: 'install', runner: string[] } | { action: 'stop', reason: string, command: string } | { action: 'dry-run', command: string }}
 *   `runner`: what apt-get runs under (nothing as root, `sudo -n` otherwise)
 */
export function decide({ missing, debianLike, mode, root, sudo }) {
  if (missing.length === 0) return { action: 'run' };
  if (!debianLike) return { action: 'stop', reason: `this is not Debian or Ubuntu, so npm test installs nothing`, command: elsewhereCommand(missing) };
  const command = installCommand(missing, { root, sudo });
  if (mode === 'dry-run') return { action: 'dry-run', command };
  if (mode === 'no') return { action: 'stop', reason: 'ATELIER_TEST_INSTALL=no says to install nothing', command };
  if (root) return { action: 'install', runner: [] };
  if (sudo === 'works') return { action: 'install', runner: ['sudo', '-n'] };
  return { action: 'stop', reason: `installing needs root, and ${sudo === 'missing' ? 'there is no sudo here' : 'sudo asks for a password'}`, command };
}

/** macOS, Windows and other Linux systems: Playwright's own Chromium build for the browsers (it finds it without a system one), a CJK font by hand. */
function elsewhereCommand(missing) {
  const parts = [];
  if (missing.some((name) => BROWSERS.has(name))) parts.push('npx playwright install chromium');
  // Only checked on Linux: macOS and Windows carry Chinese fonts.
  if (missing.includes('fonts-noto-cjk')) parts.push("install a Chinese font (Noto Sans CJK, from your system's packages)");
  return parts.join('; then ');
}

/** The lines npm test prints before it stops, or before it installs. */
export function report(decision, missing) {
  const reasons = missing.map((name) => `  ${name}: ${NEEDED.find((need) => need.name === name)?.why ?? ''}`);
  if (decision.action === 'install') return [`npm test: installing with apt-get${decision.runner.length > 0 ? ' (through sudo)' : ''}:`, ...reasons];
  if (decision.action === 'dry-run') return ['npm test (ATELIER_TEST_INSTALL=dry-run) would install:', ...reasons, 'with:', `  ${decision.command}`];
  if (decision.action === 'stop')
    return [
      'npm test cannot run yet: this machine lacks',
      ...reasons,
      `It stops here (${decision.reason}). Run this, then npm test again:`,
      `  ${decision.command}`,
    ];
  return [];
}

/**
 * The seams: how to run a command and read a file. Tests and dry runs pass their own.
 * @typedef {{ env: Record<string, string | undefined>, platform: string, root: boolean,
 *   run: (command: string, args: string[], options?: { inherit?: boolean }) => { status: number | null, stdout: string },
 *   readOsRelease: () => string | undefined, exists: (path: string) => boolean, playwrightChromium: () => Promise<boolean>, print: (line: string) => void }} Machine
 */

/** The machine this process runs on. @returns {Machine} */
export function thisMachine() {
  return {
    env: process.env,
    platform: process.platform,
    root: process.getuid?.() === 0,
    run(command, args, options = {}) {
      const result = spawnSync(command, args, { encoding: 'utf8', stdio: options.inherit ? 'inherit' : 'pipe' });
      return { status: result.error ? null : result.status, stdout: result.stdout ?? '' };
    },
    readOsRelease() {
      try {
        return readFileSync('/etc/os-release', 'utf8');
      } catch {
        return undefined;
      }
    },
    exists: existsSync,
    // Loaded only when a browser is missing: importing Playwright costs a few hundred milliseconds.
    async playwrightChromium() {
      const { chromium } = await import('@playwright/test');
      return existsSync(chromium.executablePath());
    },
    print: (line) => console.log(line),
  };
}

/** What dpkg says of the needed packages, or undefined where there is no dpkg (not Debian or Ubuntu). */
function dpkgListing(machine) {
  if (machine.platform !== 'linux' || !isDebianLike(machine.readOsRelease())) return undefined;
  const listing = machine.run('dpkg-query', ['-W', '-f=${Package}\t${db:Status-Status}\n', ...NEEDED.map((need) => need.name)]);
  // It exits 1 when it has never heard of one of them, and has no status at all when it is not there.
  return listing.status === null ? undefined : listing.stdout;
}

/** The needed packages this machine lacks: dpkg's word on Debian and Ubuntu; elsewhere, whether there is a browser and a Chinese font. */
async function lacking(machine, listing) {
  const names = NEEDED.map((need) => need.name);
  let missing;
  if (listing !== undefined) {
    missing = missingPackages(listing, names);
  } else {
    // Fonts are the system's business on macOS and Windows (both carry Chinese ones); on other Linux systems fontconfig knows.
    const cjk = machine.platform !== 'linux' || machine.run('fc-list', [':lang=zh', 'family']).stdout.trim() !== '';
    const browser = machine.platform === 'linux' && SYSTEM_BROWSERS.some((path) => machine.exists(path));
    missing = names.filter((name) => (BROWSERS.has(name) && !browser) || (name === 'fonts-noto-cjk' && !cjk));
  }
  if (missing.some((name) => BROWSERS.has(name)) && (await machine.playwrightChromium().catch(() => false))) {
    missing = missing.filter((name) => !BROWSERS.has(name));
  }
  return missing;
}

/**
 * Gets the machine ready for npm test, or says what it lacks.
 * @param {Machine} machine
 * @returns {Promise<number | undefined>} undefined when the tests may run; otherwise the exit code to stop with
 */
export async function prepareTestMachine(machine = thisMachine()) {
  const mode = installMode(machine.env.ATELIER_TEST_INSTALL);
  if (mode === undefined) {
    machine.print(`ATELIER_TEST_INSTALL is "${machine.env.ATELIER_TEST_INSTALL}": it may be auto (the default), no or dry-run.`);
    return 2;
  }
  const listing = dpkgListing(machine);
  const debianLike = listing !== undefined;
  const missing = await lacking(machine, listing);
  // sudo is asked only when it would be used.
  const mayAsk = missing.length > 0 && debianLike && mode === 'auto' && !machine.root;
  const sudo = mayAsk ? sudoHere(machine) : 'password';
  const decision = decide({ missing, debianLike, mode, root: machine.root, sudo });
  for (const line of report(decision, missing)) machine.print(line);
  if (decision.action === 'run') return mode === 'dry-run' ? dryRunDone(machine) : undefined;
  if (decision.action === 'dry-run') return 0;
  if (decision.action === 'stop') return 1;

  const [runner = 'apt-get', ...runnerArgs] = [...decision.runner, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const apt = (args) => machine.run(runner, [...runnerArgs, ...args], { inherit: true }).status === 0;
  const installed = apt(['update', '-qq']) && apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
  const still = await lacking(machine, dpkgListing(machine));
  if (still.length === 0) return undefined;
  const reason = installed ? 'apt-get ended well, yet dpkg does not list them' : 'apt-get failed: its words are above';
  for (const line of report({ action: 'stop', reason, command: installCommand(still, { root: machine.root, sudo }) }, still)) machine.print(line);
  return 1;
}

/** Whether sudo runs a command without asking for a password (status 0), asks for one (1), or is not there (no status). */
function sudoHere(machine) {
  const { status } = machine.run('sudo', ['-n', 'true']);
  if (status === 0) return 'works';
  return status === null ? 'missing' : 'password';
}

function dryRunDone(machine) {
  machine.print('npm test (ATELIER_TEST_INSTALL=dry-run): nothing to install.');
  return 0;
}
