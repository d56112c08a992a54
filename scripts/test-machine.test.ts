// What `npm test` does about the machine before it runs: what it finds missing, whether it installs it, and what it tells a
// person to run otherwise. The machine is a stand-in (its dpkg, apt-get and sudo): nothing here installs anything.
import { describe, expect, it } from 'vitest';
import { distributionOf, installMode, missingPackages, NEEDED, prepareTestMachine, type Machine } from './test-machine.mjs';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n';
const ALL = NEEDED.map((need) => need.name);

interface Stand {
  machine: Machine;
  runs: string[];
  printed: string[];
  installed: Set<string>;
}

/** A Debian machine with these packages installed, where apt-get installs what it is asked for (unless told it fails). */
function debianMachine(installed: string[], options: Partial<Machine> & { sudo?: 'works' | 'password' | 'missing'; aptFails?: boolean } = {}): Stand {
  const stand: Stand = { runs: [], printed: [], installed: new Set(installed), machine: undefined as unknown as Machine };
  stand.machine = {
    env: {},
    platform: 'linux',
    root: false,
    readOsRelease: () => DEBIAN,
    exists: () => false,
    playwrightChromium: () => Promise.resolve(false),
    print: (line) => stand.printed.push(line),
    run(command, args) {
      stand.runs.push([command, ...args].join(' '));
      if (command === 'dpkg-query') {
        const names = args.filter((arg) => !arg.startsWith('-'));
        return { status: 0, stdout: names.map((name) => `${name}\t${stand.installed.has(name) ? 'installed' : 'not-installed'}\n`).join('') };
      }
      if (command === 'sudo' && (options.sudo ?? 'missing') === 'missing') return { status: null, stdout: '' };
      if (command === 'sudo' && args.join(' ') === '-n true') return { status: options.sudo === 'works' ? 0 : 1, stdout: '' };
      const apt = args.indexOf('apt-get');
      if (apt >= 0 && args[apt + 1] === 'install') {
        if (options.aptFails) return { status: 100, stdout: '' };
        for (const name of args.slice(apt + 2).filter((arg) => !arg.startsWith('-'))) stand.installed.add(name);
      }
      return { status: 0, stdout: '' };
    },
    ...options,
  };
  return stand;
}

describe('what npm test finds missing', () => {
  it('reads dpkg: only "installed" counts (not removed packages that left their settings, nor ones it never saw)', () => {
    const listing = 'chromium:amd64\tinstalled\nchromium-headless-shell\tconfig-files\n';
    expect(missingPackages(listing, ALL)).toEqual(['chromium-headless-shell', 'fonts-noto-cjk']);
    expect(missingPackages('', ALL)).toEqual(ALL);
  });

  it('knows Debian, Ubuntu and the systems built on them, and nothing else', () => {
    expect(distributionOf(DEBIAN)).toBe('debian');
    expect(distributionOf('ID=raspbian\nID_LIKE=debian\n')).toBe('debian');
    expect(distributionOf('ID=ubuntu\nID_LIKE=debian\n')).toBe('ubuntu');
    expect(distributionOf('ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe('ubuntu');
    expect(distributionOf('ID="fedora"\n')).toBeUndefined();
    expect(distributionOf(undefined)).toBeUndefined();
  });

  it('asks for neither a password nor apt-get when everything is there: one dpkg query', async () => {
    const stand = debianMachine(ALL);
    expect(await prepareTestMachine(stand.machine)).toBeUndefined();
    expect(stand.runs).toHaveLength(1);
    expect(stand.runs[0]).toMatch(/^dpkg-query -W /);
    expect(stand.printed).toEqual([]);
  });
});

describe('whether npm test installs', () => {
  it('as root: names each package with its reason, updates the lists once, installs exactly what is missing, and runs the tests', async () => {
    const stand = debianMachine(['chromium'], { root: true });
    expect(await prepareTestMachine(stand.machine)).toBeUndefined();
    const apt = stand.runs.filter((run) => run.includes('apt-get'));
    expect(apt).toEqual([
      'env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      'env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-noto-cjk',
    ]);
    expect(stand.printed).toHaveLength(4);
    expect(stand.printed[1]).toMatch(/^ {2}chromium-headless-shell: .*headless shell/);
    expect(stand.printed[2]).toMatch(/^ {2}fonts-noto-cjk: .*Chinese/);
    expect(stand.printed[3]).toBe('with: apt-get update && apt-get install -y --no-install-recommends chromium-headless-shell fonts-noto-cjk');
    expect(stand.runs.some((run) => run.startsWith('sudo'))).toBe(false);
  });

  it('through sudo where it asks no password', async () => {
    const stand = debianMachine([], { sudo: 'works' });
    expect(await prepareTestMachine(stand.machine)).toBeUndefined();
    expect(stand.runs.filter((run) => run.includes('apt-get'))).toEqual([
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      `sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${ALL.join(' ')}`,
    ]);
    expect(stand.printed[0]).toMatch(/through sudo/);
  });

  it("on Ubuntu, whose apt has no Chromium: the font through apt-get, the browsers as Playwright's own build", async () => {
    const browsers = { installed: false };
    const stand = debianMachine(['fonts-noto-cjk'], {
      sudo: 'works',
      readOsRelease: () => 'ID=ubuntu\nID_LIKE=debian\nVERSION_ID="24.04"\n',
      playwrightChromium: () => Promise.resolve(browsers.installed),
    });
    const run = stand.machine.run.bind(stand.machine);
    stand.machine.run = (command, args, options) => {
      if (command === 'npx') browsers.installed = true;
      return run(command, args, options);
    };
    expect(await prepareTestMachine(stand.machine)).toBeUndefined();
    expect(stand.runs.filter((line) => !line.startsWith('dpkg-query'))).toEqual(['sudo -n true', 'npx playwright install --with-deps chromium']);
    expect(stand.printed[1]).toMatch(/^ {2}chromium \(Playwright's own build\): /);

    const without = debianMachine([], { sudo: 'password', readOsRelease: () => 'ID=ubuntu\n' });
    expect(await prepareTestMachine(without.machine)).toBe(1);
    expect(without.printed.at(-1)).toBe(
      '  sudo apt-get update && sudo apt-get install -y --no-install-recommends fonts-noto-cjk && npx playwright install --with-deps chromium',
    );
  });

  it('without the right to: stops before the tests with the one command to run, and runs no apt-get', async () => {
    const stand = debianMachine(['fonts-noto-cjk'], { sudo: 'password' });
    expect(await prepareTestMachine(stand.machine)).toBe(1);
    expect(stand.runs.some((run) => run.includes('apt-get'))).toBe(false);
    expect(stand.printed.at(-1)).toBe('  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium chromium-headless-shell');
    expect(stand.printed.join('\n')).toMatch(/sudo asks for a password/);
  });

  it('where there is no sudo: the command goes through su', async () => {
    const stand = debianMachine(['chromium', 'chromium-headless-shell'], { sudo: 'missing' });
    expect(await prepareTestMachine(stand.machine)).toBe(1);
    expect(stand.printed.join('\n')).toMatch(/there is no sudo here/);
    expect(stand.printed.at(-1)).toBe("  su -c 'apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk'");
  });

  it('with ATELIER_TEST_INSTALL=no: stops with the command even as root, and asks sudo nothing', async () => {
    const stand = debianMachine([], { root: true, env: { ATELIER_TEST_INSTALL: 'no' } });
    expect(await prepareTestMachine(stand.machine)).toBe(1);
    expect(stand.runs).toHaveLength(1);
    expect(stand.printed.at(-1)).toBe(`  apt-get update && apt-get install -y --no-install-recommends ${ALL.join(' ')}`);
  });

  it('with ATELIER_TEST_INSTALL=dry-run: says what it would install and with what, installs nothing, runs no tests', async () => {
    const stand = debianMachine(['chromium'], { root: true, env: { ATELIER_TEST_INSTALL: 'dry-run' } });
    expect(await prepareTestMachine(stand.machine)).toBe(0);
    expect(stand.runs).toHaveLength(1);
    expect(stand.printed.join('\n')).toMatch(/would install:\n {2}chromium-headless-shell: .*\n {2}fonts-noto-cjk: .*\nwith:\n {2}apt-get update && /);
  });

  it('when apt-get fails: stops with the command for what is still missing', async () => {
    const stand = debianMachine([], { root: true, aptFails: true });
    expect(await prepareTestMachine(stand.machine)).toBe(1);
    expect(stand.printed.join('\n')).toMatch(/apt-get failed/);
    expect(stand.printed.at(-1)).toBe(`  apt-get update && apt-get install -y --no-install-recommends ${ALL.join(' ')}`);
  });

  it('refuses a mode it does not know rather than guessing', async () => {
    const stand = debianMachine([], { root: true, env: { ATELIER_TEST_INSTALL: 'yes please' } });
    expect(installMode('yes please')).toBeUndefined();
    expect(await prepareTestMachine(stand.machine)).toBe(2);
    expect(stand.runs).toEqual([]);
  });
});

describe('on macOS, Windows and other systems', () => {
  const elsewhere = (platform: string, playwrightChromium: boolean): Stand =>
    debianMachine([], { platform, readOsRelease: () => undefined, playwrightChromium: () => Promise.resolve(playwrightChromium) });

  it("asks for Playwright's own Chromium build where it is missing, without dpkg or apt-get", async () => {
    for (const platform of ['darwin', 'win32']) {
      const stand = elsewhere(platform, false);
      expect(await prepareTestMachine(stand.machine)).toBe(1);
      expect(stand.runs).toEqual([]);
      expect(stand.printed.at(-1)).toBe('  npx playwright install chromium');
    }
  });

  it("runs the tests once Playwright's build is there (the system's fonts carry Chinese)", async () => {
    const stand = elsewhere('darwin', true);
    expect(await prepareTestMachine(stand.machine)).toBeUndefined();
    expect(stand.printed).toEqual([]);
  });

  it('on another Linux: a system Chromium counts, and a missing Chinese font is named', async () => {
    const stand = debianMachine([], { readOsRelease: () => 'ID="fedora"\n', exists: (path) => path === '/usr/bin/chromium-browser' });
    expect(await prepareTestMachine(stand.machine)).toBe(1);
    expect(stand.runs).toEqual(['fc-list :lang=zh family']);
    expect(stand.printed.slice(1, -2)).toEqual([expect.stringMatching(/^ {2}fonts-noto-cjk: /)]);
    expect(stand.printed.at(-1)).toMatch(/Chinese font/);
  });
});
