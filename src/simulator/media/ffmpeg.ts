import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * ffmpeg for the demo gateway's videos: the binary of `@ffmpeg-installer/ffmpeg` (a dependency
 * of the app, so it is there wherever the studio runs), else `ffmpeg` from the PATH.
 */

/** Path of the ffmpeg binary to run. */
export function ffmpegPath(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return 'ffmpeg';
  }
}

/** ffmpeg could not make a file; `detail` is the end of its error output. */
export class FfmpegError extends Error {
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
    execFile(binary, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], { timeout: RUN_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) {
        resolve();
        return;
      }
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      const message = missing ? `ffmpeg was not found at ${binary}` : `ffmpeg failed: ${error.message.split('\n')[0] ?? ''}`;
      reject(new FfmpegError(message, stderr.slice(-2000)));
    });
  });
}
