import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * ffmpeg for the demo gateway's videos. It only ever encodes frames the demo gateway drew itself
 * (never bytes from outside), so any working ffmpeg serves: `ATELIER_FFMPEG` when set, else the
 * first `ffmpeg` on the PATH, or in Homebrew's folders on macOS (an app started from the Dock
 * does not inherit the shell's PATH). Without one, video requests fail with a clear message.
 */

/** Path of the ffmpeg binary to run. */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.ATELIER_FFMPEG !== undefined && env.ATELIER_FFMPEG !== '') return env.ATELIER_FFMPEG;
  const name = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  const folders = (env.PATH ?? env.Path ?? '').split(delimiter).filter((folder) => folder !== '');
  if (platform === 'darwin') folders.push('/opt/homebrew/bin', '/usr/local/bin');
  const found = folders.map((folder) => join(folder, name)).find((candidate) => existsSync(candidate));
  return found ?? name;
}

/** ffmpeg could not make a file; `detail` is the end of its error output. */
class FfmpegError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/** Longest a render may take before it is abandoned. */
const RUN_TIMEOUT_MS = 60_000;

/** Runs ffmpeg with `args`; resolves when it exits cleanly. */
export function runFfmpeg(binary: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args],
      { timeout: RUN_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (!error) {
          resolve();
          return;
        }
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        const message = missing ? `ffmpeg was not found at ${binary}` : `ffmpeg failed: ${error.message.split('\n')[0] ?? ''}`;
        reject(new FfmpegError(message, stderr.slice(-2000)));
      },
    );
  });
}
