/**
 * Video work on ffmpeg compiled to WebAssembly, with nothing installed: posters, the frame a
 * paused player shows (the last one past the end), frame rates the container does not count
 * (WebM), and the fences of each job (a time limit that ends the worker, a heap that cannot
 * grow past its cap), after which the next job still runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FFMPEG } from '../../../src/main/core/media/ffmpeg-locator';
import { VideoTools } from '../../../src/main/core/media/video-tools';
import { WasmFfmpeg } from '../../../src/main/core/media/wasm-ffmpeg';
import { makeVideo } from '../../helpers/video-probe';

let folder: string;
/** 2 s at 320x240, 10 fps: red for the first second, blue for the second. */
let redThenBlue: string;
const wasm = new WasmFfmpeg();
const tools = new VideoTools({ ffmpeg: NO_FFMPEG, wasm });

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'atelier-wasm-video-'));
  redThenBlue = join(folder, 'red-blue.mp4');
  const graph = 'color=c=red:s=320x240:r=10:d=1[a];color=c=blue:s=320x240:r=10:d=1[b];[a][b]concat=n=2:v=1';
  writeFileSync(redThenBlue, await makeVideo(['-filter_complex', graph, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']));
});

afterAll(async () => {
  await wasm.close();
  rmSync(folder, { recursive: true, force: true });
});

const firstPixel = async (png: Buffer): Promise<number[]> => [...(await sharp(png).raw().toBuffer()).subarray(0, 3)];

describe('video work without a system ffmpeg', () => {
  it('makes a poster of the first frame and grabs the frame at a moment, or the last one past the end', async () => {
    const poster = await tools.poster(redThenBlue);
    expect(poster).toBeDefined();
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'png', width: 320, height: 240 });
    expect((await firstPixel(poster ?? Buffer.alloc(0)))[0]).toBeGreaterThan(240);

    const blue = await tools.frame(redThenBlue, 1_500);
    expect(blue?.atMs).toBe(1_500);
    expect((await firstPixel(blue?.png ?? Buffer.alloc(0)))[2]).toBeGreaterThan(240);
    const end = await tools.frame(redThenBlue, 2_000);
    expect(end?.atMs).toBeLessThan(2_000);
    expect((await firstPixel(end?.png ?? Buffer.alloc(0)))[2]).toBeGreaterThan(240);
  });

  it('reads the frame rate of a WebM, which its container does not count', async () => {
    const webm = join(folder, 'clip.webm');
    writeFileSync(
      webm,
      await makeVideo(['-f', 'lavfi', '-i', 'testsrc=s=160x120:r=12:d=1', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'], 'made.webm'),
    );
    expect(await tools.facts(webm)).toMatchObject({ container: 'webm', width: 160, height: 120, framesPerSecond: 12 });
    expect(await tools.facts(redThenBlue)).toMatchObject({ container: 'mp4', durationMs: 2_000, framesPerSecond: 10 });
  });

  it('ends a job that runs past its time, refuses a heap past its cap, and runs the next job as usual', async () => {
    const endless = {
      program: 'ffmpeg',
      args: ['-f', 'lavfi', '-i', 'testsrc=s=1920x1080:r=30:d=600', '-c:v', 'libx264', 'out.mp4'],
      inputs: {},
      outputs: [],
    } as const;
    await expect(wasm.run(endless, { timeMs: 500 })).resolves.toMatchObject({ ok: false, reason: 'timeout' });

    const bytes = await makeVideo(['-f', 'lavfi', '-i', 'testsrc=s=1920x1080:r=10:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    const decode = {
      program: 'ffmpeg',
      args: ['-i', 'in.mp4', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'out.png'],
      inputs: { 'in.mp4': bytes },
      outputs: ['out.png'],
    } as const;
    const starved = await wasm.run(decode, { heapBytes: 24 * 1024 * 1024 });
    expect(starved.ok && starved.code === 0 && starved.outputs['out.png'] !== undefined).toBe(false);

    const fed = await wasm.run(decode);
    expect(fed).toMatchObject({ ok: true, code: 0 });
    expect(fed.ok && fed.outputs['out.png']?.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
