/**
 * Video facts come from the JavaScript container parsers, for every container the studio
 * accepts, and the ffmpeg that makes posters runs inside its limits: killed when it takes too
 * long, refused when it writes too much, unable to start when its memory is too small (those need
 * a system ffmpeg, and are skipped without one). Videos are made here with the WebAssembly ffmpeg.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg, type FfmpegTool } from '../../../src/main/core/media/ffmpeg-locator';
import { posterArguments, POSTER_LIMITS, runLimited } from '../../../src/main/core/media/ffmpeg-sandbox';
import { containerFamilyOf, probeVideoFile } from '../../../src/main/core/media/video-probe';
import { makeVideo } from '../../helpers/video-probe';

let folder: string;
let ffmpeg: FfmpegTool;

/** A 2 s clip with sound, in the container its name says, made by the WebAssembly ffmpeg (no system binary). */
async function make(name: string, args: string[]): Promise<string> {
  const file = join(folder, name);
  const extension = name.slice(name.lastIndexOf('.'));
  writeFileSync(
    file,
    await makeVideo(['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=10:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-shortest', ...args], `made${extension}`),
  );
  return file;
}

const probe = async (file: string) => probeVideoFile(file, readFileSync(file).subarray(0, 64));

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'atelier-video-facts-'));
  ffmpeg = await locateFfmpeg();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('video facts without ffmpeg', () => {
  it('reads MP4 (with its index first or last), QuickTime, WebM and Matroska, and the frame rate where the container gives it', async () => {
    const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
    const cases = [
      { file: await make('fast.mp4', [...h264, '-movflags', '+faststart']), container: 'mp4', video: /^avc1/, audio: /^mp4a/, rate: 10 },
      { file: await make('index-last.mp4', h264), container: 'mp4', video: /^avc1/, audio: /^mp4a/, rate: 10 },
      { file: await make('clip.mov', h264), container: 'mov', video: /^avc1/, audio: /^mp4a/, rate: 10 },
      { file: await make('thirty.mp4', [...h264, '-r', '30']), container: 'mp4', video: /^avc1/, audio: /^mp4a/, rate: 30 },
      {
        // VP8: the WebAssembly build's VP9 encoder fails (its decoder, which posters use, does not).
        file: await make('clip.webm', ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']),
        container: 'webm',
        video: /VP8/,
        audio: /OPUS/i,
        rate: null,
      },
      { file: await make('clip.mkv', h264), container: 'matroska', video: /AVC/, audio: /AAC/, rate: null },
    ];
    for (const sample of cases) {
      const facts = await probe(sample.file);
      expect(facts, sample.file).toMatchObject({ container: sample.container, width: 320, height: 240 });
      expect(facts?.durationMs, sample.file).toBeGreaterThanOrEqual(1_900);
      expect(facts?.durationMs, sample.file).toBeLessThanOrEqual(2_100);
      expect(facts?.videoCodec, sample.file).toMatch(sample.video);
      expect(facts?.audioCodec, sample.file).toMatch(sample.audio);
      // Frame by frame in the detail view steps by the file's own rate, where the container counts its frames.
      expect(facts?.framesPerSecond, sample.file).toBe(sample.rate);
    }
  });

  it('knows a container by its own signature, not by a name or a declared type', () => {
    expect(containerFamilyOf(Buffer.from('<!doctype html><title>502</title>'))).toBeUndefined();
    expect(containerFamilyOf(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(8)]))).toBe('iso');
    expect(containerFamilyOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('ebml');
  });
});

describe('ffmpeg inside its limits', () => {
  it('makes a PNG poster within the default limits', async (context) => {
    if (ffmpeg.state !== 'ready' || ffmpeg.path === null) context.skip();
    const file = await make('poster.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an']);
    const run = await runLimited(ffmpeg.path ?? '', posterArguments(file, 'iso', 128), POSTER_LIMITS);
    expect(run.ok && run.stdout.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('is killed when it runs past its time, refused when it writes too much, and cannot start in too little memory', async (context) => {
    if (ffmpeg.state !== 'ready' || ffmpeg.path === null || process.platform !== 'linux') context.skip();
    const binary = ffmpeg.path ?? '';
    const file = await make('limits.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an']);
    const slow = join(folder, 'slow-ffmpeg');
    writeFileSync(slow, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(slow, 0o755);
    const timedOut = await runLimited(slow, [], { ...POSTER_LIMITS, timeMs: 300 });
    expect(timedOut).toMatchObject({ ok: false, reason: 'timeout' });
    const tooMuch = await runLimited(binary, posterArguments(file, 'iso', 128), { ...POSTER_LIMITS, maxOutputBytes: 100 });
    expect(tooMuch).toMatchObject({ ok: false, reason: 'output_too_large' });
    const starved = await runLimited(binary, posterArguments(file, 'iso', 128), { ...POSTER_LIMITS, memoryBytes: 32 * 1024 * 1024 });
    expect(starved).toMatchObject({ ok: false, reason: 'failed' });
  });

  it('treats an ffmpeg older than the minimum as too old to use, and a missing one as missing', async () => {
    const old = join(folder, 'old-ffmpeg');
    writeFileSync(
      old,
      "#!/bin/sh\necho 'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers'\n",
    );
    chmodSync(old, 0o755);
    expect(await locateFfmpeg({ configured: old })).toMatchObject({ state: 'too_old', path: old, version: 'N-47683-g0e8eb07980-static', source: 'configured' });
    expect(await locateFfmpeg({ configured: join(folder, 'nothing-here') })).toMatchObject({ state: 'missing', path: null });
    expect(await locateFfmpeg({ system: () => Promise.resolve([old]) })).toMatchObject({ state: 'too_old', source: 'system' });
  });
});
