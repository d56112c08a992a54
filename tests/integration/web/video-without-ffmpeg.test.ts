/**
 * A fresh desktop has no ffmpeg. Web mode started with a PATH that holds none makes a demo video
 * on its embedded demo gateway (encoded by the WebAssembly build), and the video lands in the
 * library with its size, its length and a poster decoded without any system binary.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../../../src/main/core/media/ffmpeg-locator';
import { ffmpegPath } from '../../../src/simulator/media/ffmpeg';
import { bundledEntry } from '../../helpers/bundled-entries';
import { localhostFetch } from '../../helpers/localhost-fetch';

const ROOT = resolve(import.meta.dirname, '../../..');

interface VideoAsset {
  kind: string;
  mediaPath: string;
  thumbPath: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

describe('video on a machine without ffmpeg', () => {
  it('web mode makes a 4 s 1280x720 demo video and keeps it with its poster and its length', async () => {
    const work = mkdtempSync(join(tmpdir(), 'atelier-no-ffmpeg-'));
    const emptyPath = join(work, 'bin');
    const dataDir = join(work, 'data');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: emptyPath,
      ATELIER_DEMO_MEDIA: 'rendered',
      ATELIER_DEMO_TASK_MS: '300',
      ATELIER_POLL_INTERVAL_MS: '100',
    };
    delete env.ATELIER_FFMPEG;
    // Neither the studio nor the demo gateway finds an ffmpeg with this environment.
    expect(ffmpegPath(env)).toBeUndefined();
    await expect(locateFfmpeg({ configured: '', system: () => Promise.resolve([]) })).resolves.toMatchObject({ state: 'missing' });

    const child = spawn(process.execPath, [bundledEntry('web-mode'), '--no-open', '--port', '0', '--data-dir', dataDir], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    try {
      let launch: string | undefined;
      for (let i = 0; i < 300 && launch === undefined; i++) {
        launch = /http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+/.exec(output)?.[0];
        if (launch === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      if (launch === undefined) throw new Error(`web mode did not start:\n${output}`);
      const onward = (await localhostFetch(launch, { redirect: 'manual' })).headers.get('location') ?? '';
      const origin = new URL(onward).origin;
      const exchange = await localhostFetch(onward, { redirect: 'manual' });
      const cookie = (exchange.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const call = async <T>(route: string, input: unknown): Promise<T> => {
        const res = await localhostFetch(`${origin}/api/invoke/${route}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ input }),
        });
        const envelope = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
        if (!envelope.ok) throw new Error(`${route}: ${envelope.error?.message ?? ''}`);
        return envelope.value;
      };

      await call('jobs.create_batch', {
        name: 'no ffmpeg',
        variantIds: ['video.vid-2.official'],
        prompts: ['a paper boat on a pond'],
        countPerPrompt: 1,
        values: { size: '1280x720', duration: 4 },
      });
      let batches: { status: string }[] = [];
      for (let i = 0; i < 1200; i++) {
        batches = (await call<{ items: { status: string }[] }>('jobs.list_batches', {})).items;
        if (batches.length === 1 && batches.every((batch) => batch.status !== 'active')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(batches.map((batch) => batch.status)).toEqual(['done']);

      const { items } = await call<{ items: VideoAsset[] }>('library.list_assets', { kind: 'video' });
      expect(items).toHaveLength(1);
      const [video] = items;
      expect(video).toMatchObject({ kind: 'video', width: 1280, height: 720, durationMs: 4000 });
      expect(video?.thumbPath, 'the video has a poster').not.toBeNull();
      const poster = await localhostFetch(`${origin}/media/${video?.thumbPath ?? ''}`, { headers: { cookie } });
      expect(poster.status).toBe(200);
      const meta = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
      // The first frame, scaled to fit 512 px, keeps the video's 16:9 shape.
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 288 });
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(work, { recursive: true, force: true });
    }
  }, 240_000);
});
