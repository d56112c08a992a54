import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { runWasmFfmpeg } from './wasm-ffmpeg';

/**
 * ffmpeg for the demo gateway's videos. It only ever encodes frames the demo gateway drew itself
 * (never bytes from outside), so any working ffmpeg serves. A system one is used where there is
 * one, as it is faster: `ATELIER_FFMPEG` when set, else the first `ffmpeg` on the PATH, or in
 * Homebrew's folders on macOS (an app started from the Dock does not inherit the shell's PATH).
 * Without one, the WebAssembly build encodes them: nothing needs to be installed.
 */

/** Path of a system ffmpeg binary, or undefined when there is none. */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | undefined {
  if (env.ATELIER_FFMPEG !== undefined && env.ATELIER_FFMPEG !== '') return env.ATELIER_FFMPEG;
  const name = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  const folders = (env.PATH ?? env.Path ?? '').split(delimiter).filter((folder) => folder !== '');
  if (platform === 'darwin') folders.push('/opt/homebrew/bin', '/usr/local/bin');
  return folders.map((folder) => join(folder, name)).find((candidate) => existsSync(candidate));
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

/** Runs ffmpeg with `args` in `cwd`; resolves when it exits cleanly. */
function runFfmpeg(binary: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args],
      { cwd, timeout: RUN_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
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

/**
 * Runs ffmpeg `commands` in order over files named relatively: `inputs` are there before the
 * first, and the bytes of `output` are read after the last.
 */
export type VideoEncoder = (commands: readonly (readonly string[])[], inputs: Readonly<Record<string, Buffer>>, output: string) => Promise<Buffer>;

/** The encoder of the system ffmpeg at `binary`: the files live in a temporary folder. */
function systemEncoder(binary: string): VideoEncoder {
  return async (commands, inputs, output) => {
    const folder = await mkdtemp(join(tmpdir(), 'atelier-sim-video-'));
    try {
      await Promise.all(Object.entries(inputs).map(([name, bytes]) => writeFile(join(folder, name), bytes)));
      for (const args of commands) await runFfmpeg(binary, ['-y', ...args], folder);
      return await readFile(join(folder, output));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
}

const wasmEncoder: VideoEncoder = (commands, inputs, output) => runWasmFfmpeg(commands, inputs, output, RUN_TIMEOUT_MS);

/** The system ffmpeg at `binary` (default: found as above), else (`null`) the WebAssembly build. */
export function videoEncoder(binary: string | null = ffmpegPath() ?? null): VideoEncoder {
  return binary === null ? wasmEncoder : systemEncoder(binary);
}
