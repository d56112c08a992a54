/**
 * Running ffmpeg on bytes from the gateway, fenced in: only the `file` protocol, only the demuxer
 * of the container the JavaScript parsers recognised (so a file whose container lies fails
 * instead of being probed as something else), only the video decoders gateways use, no audio,
 * subtitle or data streams, one thread, a cap on each allocation, and outside limits on time
 * and memory. It is a separate OS process with a scrubbed environment; the studio only reads
 * the PNG it writes to its output, and only up to a size.
 *
 * Limits by platform: on Linux `prlimit` (util-linux), or the shell's `ulimit` without it, caps
 * address space and CPU seconds; on macOS the kernel ignores an address-space limit, so `ulimit`
 * caps CPU seconds only; on Windows there is no such limit without native code. Everywhere a
 * wall-clock timer kills the process, and ffmpeg's own `-max_alloc` caps every allocation.
 */
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface SandboxLimits {
  /** Wall-clock time before the process is killed. */
  timeMs: number;
  /** Address space (Linux). */
  memoryBytes: number;
  /** CPU seconds (Linux, macOS). */
  cpuSeconds: number;
  /** Largest single allocation ffmpeg may make (every platform). */
  maxAllocBytes: number;
  /** Output beyond this is refused and the process killed. */
  maxOutputBytes: number;
}

/** Enough to decode one frame of a 4K video on one thread, with room to spare. */
export const POSTER_LIMITS: SandboxLimits = {
  timeMs: 20_000,
  memoryBytes: 1024 * 1024 * 1024,
  cpuSeconds: 20,
  maxAllocBytes: 256 * 1024 * 1024,
  maxOutputBytes: 8 * 1024 * 1024,
};

/** The demuxers ffmpeg may use: ISO media (MP4, QuickTime) and Matroska (WebM). */
const FORMAT_WHITELIST = ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm'];
/** The video decoders ffmpeg may use. */
const DECODER_WHITELIST = ['h264', 'hevc', 'vp8', 'vp9', 'av1', 'libdav1d', 'mpeg4', 'prores'];

/** ffmpeg's demuxer for a container family. */
function demuxerOf(family: 'iso' | 'ebml'): 'mov' | 'matroska' {
  return family === 'iso' ? 'mov' : 'matroska';
}

/** Arguments that write the first frame of `input`, scaled to fit `edge`, as PNG to `output` (the process's output by default). */
export function posterArguments(input: string, family: 'iso' | 'ebml', edge: number, limits: SandboxLimits = POSTER_LIMITS, output = 'pipe:1'): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-max_alloc', String(limits.maxAllocBytes), '-threads', '1'],
    ...['-protocol_whitelist', 'file', '-format_whitelist', FORMAT_WHITELIST.join(','), '-codec_whitelist', DECODER_WHITELIST.join(',')],
    // `file:` keeps a name from being read as another protocol (`concat:`, `subfile:`).
    ...['-f', demuxerOf(family), '-i', `file:${input}`],
    ...['-map', '0:v:0', '-an', '-sn', '-dn', '-frames:v', '1'],
    ...['-vf', `scale=w='min(${edge},iw)':h='min(${edge},ih)':force_original_aspect_ratio=decrease`],
    ...['-f', 'image2pipe', '-c:v', 'png', output],
  ];
}

/** One full-size frame of a 4K video as PNG: more output than a poster, the same fences. */
export const FRAME_LIMITS: SandboxLimits = { ...POSTER_LIMITS, maxOutputBytes: 64 * 1024 * 1024 };

/**
 * Arguments that write the frame of `input` shown at `atMs` (the one a paused player shows), at
 * its own size, as PNG to the output. Seeking before `-i` decodes from the keyframe before and
 * drops frames up to the time, so the frame is exact.
 */
export function frameArguments(input: string, family: 'iso' | 'ebml', atMs: number, limits: SandboxLimits = FRAME_LIMITS, output = 'pipe:1'): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-max_alloc', String(limits.maxAllocBytes), '-threads', '1'],
    ...['-protocol_whitelist', 'file', '-format_whitelist', FORMAT_WHITELIST.join(','), '-codec_whitelist', DECODER_WHITELIST.join(',')],
    ...['-ss', (Math.max(0, atMs) / 1000).toFixed(3), '-f', demuxerOf(family), '-i', `file:${input}`],
    ...['-map', '0:v:0', '-an', '-sn', '-dn', '-frames:v', '1'],
    ...['-f', 'image2pipe', '-c:v', 'png', output],
  ];
}

/** The command that starts `binary` under the platform's limits. */
export function limitedCommand(
  binary: string,
  args: readonly string[],
  limits: SandboxLimits,
  platform: NodeJS.Platform,
  prlimit: string | undefined,
): { command: string; args: string[] } {
  const memoryKb = Math.ceil(limits.memoryBytes / 1024);
  if (platform === 'linux' && prlimit !== undefined) {
    return { command: prlimit, args: [`--as=${limits.memoryBytes}`, `--cpu=${limits.cpuSeconds}`, '--', binary, ...args] };
  }
  if (platform === 'linux') {
    return { command: '/bin/sh', args: ['-c', `ulimit -v ${memoryKb} && ulimit -t ${limits.cpuSeconds} && exec "$0" "$@"`, binary, ...args] };
  }
  if (platform === 'darwin') {
    return { command: '/bin/sh', args: ['-c', `ulimit -t ${limits.cpuSeconds} && exec "$0" "$@"`, binary, ...args] };
  }
  return { command: binary, args: [...args] };
}

let prlimitPath: Promise<string | undefined> | undefined;

/** `prlimit` from the PATH (Linux), looked up once. */
function findPrlimit(): Promise<string | undefined> {
  prlimitPath ??= (async () => {
    if (process.platform !== 'linux') return undefined;
    for (const folder of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
      const candidate = join(folder, 'prlimit');
      if (
        await access(candidate, constants.X_OK).then(
          () => true,
          () => false,
        )
      )
        return candidate;
    }
    return undefined;
  })();
  return prlimitPath;
}

type SandboxFailure = 'missing' | 'timeout' | 'output_too_large' | 'failed';

export type SandboxResult = { ok: true; stdout: Buffer } | { ok: false; reason: SandboxFailure; detail: string };

/** Runs `binary` with `args` under `limits`; never throws. */
export async function runLimited(binary: string, args: readonly string[], limits: SandboxLimits): Promise<SandboxResult> {
  const { command, args: argv } = limitedCommand(binary, args, limits, process.platform, await findPrlimit());
  return new Promise((resolve) => {
    // Nothing from the studio's environment (the key lives in memory only, but be strict anyway).
    const env: NodeJS.ProcessEnv = process.platform === 'win32' ? { SystemRoot: process.env.SystemRoot } : { PATH: '/usr/bin:/bin' };
    const child = spawn(command, argv, { cwd: tmpdir(), env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled: SandboxResult | undefined;
    const finish = (result: SandboxResult): void => {
      if (settled !== undefined) return;
      settled = result;
      clearTimeout(timer);
      resolve(result);
    };
    const stop = (reason: SandboxFailure, detail: string): void => {
      child.kill('SIGKILL');
      finish({ ok: false, reason, detail });
    };
    const timer = setTimeout(() => stop('timeout', `ffmpeg took longer than ${limits.timeMs} ms`), limits.timeMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxOutputBytes) stop('output_too_large', `ffmpeg wrote more than ${limits.maxOutputBytes} bytes`);
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish({ ok: false, reason: error.code === 'ENOENT' ? 'missing' : 'failed', detail: error.message });
    });
    child.on('close', (code, signal) => {
      if (code === 0) finish({ ok: true, stdout: Buffer.concat(chunks) });
      else finish({ ok: false, reason: 'failed', detail: `ffmpeg stopped (${signal ?? `exit ${code ?? '?'}`}): ${stderr.trim()}` });
    });
  });
}
