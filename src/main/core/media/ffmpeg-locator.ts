/**
 * Finding a system ffmpeg to accelerate video posters and frame grabs with (the WebAssembly build
 * needs nothing installed and always runs). It reads bytes from the gateway, so only a current
 * release may: the candidates are an explicit `ATELIER_FFMPEG` and the system's ffmpeg (the PATH,
 * plus Homebrew's folders, which a macOS app started from the Dock does not inherit). Each one's `-version` is
 * read once per run, when the first poster or Settings needs it (not during start-up, where
 * starting processes delays the first answers); the newest acceptable one is used, and Settings
 * shows which (or why none).
 */
import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** The oldest ffmpeg release line trusted with untrusted bytes (5.1 is the oldest line upstream still patches). */
export const MINIMUM_FFMPEG: readonly [number, number] = [5, 1];
/** A build without a release number (a git snapshot) is trusted when its sources are at least this recent. */
const MINIMUM_SNAPSHOT_YEAR = 2023;

export interface FfmpegVersion {
  /** As ffmpeg prints it (`7.1.1`, `5.1.9-0+deb12u1`, `N-47683-g0e8eb07980-static`). */
  text: string;
  /** Major and minor of a release; null for a snapshot. */
  release: [number, number] | null;
  /** Last year of the copyright line: the age of the sources. */
  year: number | null;
}

type FfmpegState = 'ready' | 'too_old' | 'missing';

/** The ffmpeg the studio uses for posters, or why there is none. */
export interface FfmpegTool {
  state: FfmpegState;
  /** The binary (`ready` and `too_old`). */
  path: string | null;
  version: string | null;
  /** `configured`: ATELIER_FFMPEG or the caller's choice; `system`: found on this machine. */
  source: 'configured' | 'system' | null;
}

export const NO_FFMPEG: FfmpegTool = { state: 'missing', path: null, version: null, source: null };

/** Parses the first line of `ffmpeg -version`. */
export function parseFfmpegVersion(output: string): FfmpegVersion | undefined {
  const line = /ffmpeg version (\S+)([^\n]*)/.exec(output);
  if (!line) return undefined;
  const text = line[1] ?? '';
  const release = /^n?(\d+)\.(\d+)/.exec(text);
  const year = /Copyright \(c\) \d{4}-(\d{4})/.exec(line[2] ?? '');
  return {
    text,
    release: release ? [Number(release[1]), Number(release[2])] : null,
    year: year ? Number(year[1]) : null,
  };
}

/** Whether a version may read untrusted bytes. */
export function isCurrentEnough(version: FfmpegVersion): boolean {
  if (version.release !== null) {
    const [major, minor] = version.release;
    return major > MINIMUM_FFMPEG[0] || (major === MINIMUM_FFMPEG[0] && minor >= MINIMUM_FFMPEG[1]);
  }
  return version.year !== null && version.year >= MINIMUM_SNAPSHOT_YEAR;
}

/** Orders versions, newest first: release number, then the sources' year. */
function newer(a: FfmpegVersion, b: FfmpegVersion): number {
  const [aMajor, aMinor] = a.release ?? [0, 0];
  const [bMajor, bMinor] = b.release ?? [0, 0];
  return bMajor - aMajor || bMinor - aMinor || (b.year ?? 0) - (a.year ?? 0);
}

function versionOutput(binary: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(binary, ['-hide_banner', '-version'], { timeout: 10_000, maxBuffer: 1024 * 1024, windowsHide: true }, (error, stdout) => {
      resolve(error ? undefined : stdout);
    });
  });
}

async function executable(path: string): Promise<boolean> {
  return access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** `ffmpeg` in each folder of the PATH (and Homebrew's on macOS), in order, without duplicates. */
async function systemCandidates(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<string[]> {
  const folders = (env.PATH ?? env.Path ?? '').split(delimiter).filter((folder) => folder !== '');
  if (platform === 'darwin') folders.push('/opt/homebrew/bin', '/usr/local/bin');
  const name = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  const found: string[] = [];
  for (const folder of new Set(folders)) {
    const candidate = join(folder, name);
    if (!found.includes(candidate) && (await executable(candidate))) found.push(candidate);
  }
  return found;
}

export interface LocateOptions {
  /** A binary chosen by the caller (tests, `ATELIER_FFMPEG`): the only candidate when given. */
  configured?: string | undefined;
  /** Candidates found on the system; default `systemCandidates()`. */
  system?: () => Promise<string[]>;
}

/** Reads each candidate's version and picks the newest acceptable one. */
export async function locateFfmpeg(options: LocateOptions = {}): Promise<FfmpegTool> {
  const configured = options.configured ?? process.env.ATELIER_FFMPEG;
  const candidates = configured !== undefined && configured !== '' ? [configured] : await (options.system ?? systemCandidates)();
  const source = configured !== undefined && configured !== '' ? 'configured' : 'system';
  const read: { path: string; version: FfmpegVersion }[] = [];
  for (const path of candidates) {
    const output = await versionOutput(path);
    const version = output === undefined ? undefined : parseFfmpegVersion(output);
    if (version !== undefined) read.push({ path, version });
  }
  read.sort((a, b) => newer(a.version, b.version));
  const best = read.find((candidate) => isCurrentEnough(candidate.version));
  if (best) return { state: 'ready', path: best.path, version: best.version.text, source };
  const old = read[0];
  if (old) return { state: 'too_old', path: old.path, version: old.version.text, source };
  return NO_FFMPEG;
}
