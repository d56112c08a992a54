// What `npm test` needs from the machine beyond node_modules, and how it gets it before any stage
// starts, as Playwright's `install --with-deps` does: on Debian or Ubuntu the missing packages are
// installed with apt-get where this user may (root, or sudo without a password), each named with
// the reason; anywhere else, or without the right, or with ATELIER_TEST_INSTALL=no, `npm test` stops
// before running anything and prints the one command that installs them. Ubuntu has no Chromium in
// apt (only a snap), so there the browsers are Playwright's own build (`npx playwright install
// --with-deps chromium`, which brings the libraries it needs through apt-get itself).
// When everything is there this costs one dpkg-query (tens of milliseconds): no apt, no sudo, no network.
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

/**
 * Whether /etc/os-release names Ubuntu (or a system built on it, such as Mint), Debian (or one built on it), or neither.
 * @param {string | undefined} osRelease @returns {'ubuntu' | 'debian' | undefined}
 */
export function distributionOf(osRelease) {
  if (osRelease === undefined) return undefined;
  const field = (key) => new RegExp(`^${key}="?([^"\\n]*)"?$`, 'm').exec(osRelease)?.[1] ?? '';
  const ids = [field('ID'), ...field('ID_LIKE').split(/\s+/)];
  if (ids.includes('ubuntu')) return 'ubuntu';
  return ids.includes('debian') ? 'debian' : undefined;
}

/** Which of the missing packages apt-get installs, and whether Playwright's own browser build is wanted (Ubuntu's browsers). */
function installsOf(missing, distribution) {
  const playwright = distribution === 'ubuntu' && missing.some((name) => BROWSERS.has(name));
  return { apt: playwright ? missing.filter((name) => !BROWSERS.has(name)) : [...missing], playwright };
}

const PLAYWRIGHT_INSTALL = ['playwright', 'install', '--with-deps', 'chromium'];

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
 * The command that installs the packages, for a person to run: apt-get as it is for root, through sudo where there is
 * one, through su (root's password) where there is not; then, on Ubuntu, Playwright's browser build.
 * @param {readonly string[]} names
 * @param {{ root: boolean, sudo?: 'works' | 'password' | 'missing', distribution?: 'ubuntu' | 'debian' }} who
 */
export function installCommand(names, { root, sudo = 'password', distribution = 'debian' }) {
  const { apt, playwright } = installsOf(names, distribution);
  const aptAs = (as) => `${as}apt-get update && ${as}apt-get install -y --no-install-recommends ${apt.join(' ')}`;
  const commands = [];
  if (apt.length > 0) commands.push(root ? aptAs('') : sudo === 'missing' ? `su -c '${aptAs('')}'` : aptAs('sudo '));
  if (playwright) commands.push(`npx ${PLAYWRIGHT_INSTALL.join(' ')}`);
  return commands.join(' && ');
}

/**
 * What to do about the missing packages.
 * @param {{ missing: readonly string[], distribution: 'ubuntu' | 'debian' | undefined, mode: 'auto' | 'no' | 'dry-run', root: boolean,
 *   sudo: 'works' | 'password' | 'missing' }} facts
 *   `distribution`: undefined where there is no dpkg; `sudo`: whether `sudo -n` works here, asks for a password, or is not there
 *   (asked only where it matters; 'password' otherwise)
 * @returns {{ action: 'run' } | { action: 'install', runner: string[], command: string } | { action: 'stop', reason: string, command: string } | { action: 'dry-run', command: string }}
 *   `runner`: what apt-get runs under (nothing as root, `sudo -n` otherwise)
 */
export function decide({ missing, distribution, mode, root, sudo }) {
  if (missing.length === 0) return { action: 'run' };
  if (distribution === undefined) {
    return { action: 'stop', reason: `this is not Debian or Ubuntu, so npm test installs nothing`, command: elsewhereCommand(missing) };
  }
  const command = installCommand(missing, { root, sudo, distribution });
  if (mode === 'dry-run') return { action: 'dry-run', command };
  if (mode === 'no') return { action: 'stop', reason: 'ATELIER_TEST_INSTALL=no says to install nothing', command };
  if (root) return { action: 'install', runner: [], command };
  if (sudo === 'works') return { action: 'install', runner: ['sudo', '-n'], command };
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

/** The lines npm test prints before it stops, or before it installs. `distribution` says how each is installed. */
export function report(decision, missing, distribution) {
  const { playwright } = installsOf(missing, distribution);
  const how = (name) => (playwright && BROWSERS.has(name) ? " (Playwright's own build)" : '');
  const reasons = missing.map((name) => `  ${name}${how(name)}: ${NEEDED.find((need) => need.name === name)?.why ?? ''}`);
  if (decision.action === 'install') {
    return [`npm test: installing${decision.runner.length > 0 ? ' (apt-get through sudo)' : ''}:`, ...reasons, `with: ${decision.command}`];
  }
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
  if (machine.platform !== 'linux' || distributionOf(machine.readOsRelease()) === undefined) return undefined;
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
  const distribution = listing === undefined ? undefined : distributionOf(machine.readOsRelease());
  const missing = await lacking(machine, listing);
  // sudo is asked only when it would be used.
  const mayAsk = missing.length > 0 && distribution !== undefined && mode === 'auto' && !machine.root;
  const sudo = mayAsk ? sudoHere(machine) : 'password';
  const decision = decide({ missing, distribution, mode, root: machine.root, sudo });
  for (const line of report(decision, missing, distribution)) machine.print(line);
  if (decision.action === 'run') return mode === 'dry-run' ? dryRunDone(machine) : undefined;
  if (decision.action === 'dry-run') return 0;
  if (decision.action === 'stop') return 1;

  const installs = installsOf(missing, distribution);
  const [runner = 'apt-get', ...runnerArgs] = [...decision.runner, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const apt = (args) => machine.run(runner, [...runnerArgs, ...args], { inherit: true }).status === 0;
  const aptDone = installs.apt.length === 0 || (apt(['update', '-qq']) && apt(['install', '-y', '-qq', '--no-install-recommends', ...installs.apt]));
  // Playwright's installer runs as this user (its browsers go to the user's cache) and asks sudo for the libraries itself.
  const playwrightDone = !installs.playwright || machine.run('npx', PLAYWRIGHT_INSTALL, { inherit: true }).status === 0;
  const still = await lacking(machine, dpkgListing(machine));
  if (still.length === 0) return undefined;
  const failed = !aptDone ? 'apt-get' : !playwrightDone ? "Playwright's installer" : undefined;
  const reason = failed === undefined ? 'the installers ended well, yet they are still missing' : `${failed} failed: its words are above`;
  const command = installCommand(still, { root: machine.root, sudo, distribution });
  for (const line of report({ action: 'stop', reason, command }, still, distribution)) machine.print(line);
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
