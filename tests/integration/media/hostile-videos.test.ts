/**
 * Videos from the gateway are untrusted bytes. A damaged MP4 and a file whose container lies
 * (an MP4 header over something else) are kept, since they were paid for, with no poster and
 * whatever the container parsers could read; ffmpeg (the WebAssembly build, or a system one)
 * never probes them as another format, and the studio carries on with the next job. The demo gateway serves the videos through a small proxy
 * that swaps the bytes of its result files.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobAssets } from '../../../src/main/core/library';
import { locateFfmpeg, type FfmpegTool } from '../../../src/main/core/media/ffmpeg-locator';
import { makeVideo } from '../../helpers/video-probe';
import { bodyOf, fastClient, runOne, startBench, type Bench } from '../jobs/harness';

const VARIANT = 'video.clip-3.0-turbo';

/** What the proxy serves instead of the next video result (undefined: the demo gateway's own). */
let replacement: Buffer | undefined;
let proxy: Server;
let bench: Bench;
let ffmpeg: FfmpegTool;
let proxyUrl: string;

/** A real MP4 of 2 s at 320x240, made here (by the WebAssembly ffmpeg: no system binary). */
function sampleMp4(): Promise<Buffer> {
  return makeVideo([
    ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=10:d=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
  ]);
}

/** A real MP4 whose `moov` box (tracks, codecs, sample tables) is noise: the signature is right, nothing else. */
function damagedMp4(real: Buffer): Buffer {
  const damaged = Buffer.from(real);
  const type = damaged.indexOf('moov', 0, 'latin1');
  damaged.fill(0x5a, type + 4, type - 4 + damaged.readUInt32BE(type - 4));
  return damaged;
}

/** An `ftyp` box saying MP4, followed by an HLS playlist that would make ffmpeg open other files. */
function lyingContainer(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypisom\0\0\0\0isom', 'latin1')]);
  const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n';
  return Buffer.concat([ftyp, Buffer.from(playlist, 'latin1')]);
}

beforeAll(async () => {
  ffmpeg = await locateFfmpeg();
  let target = '';
  proxy = createServer((incoming, outgoing) => {
    if (replacement !== undefined && incoming.method === 'GET' && /^\/files\/.+\.mp4$/.test(incoming.url ?? '')) {
      incoming.resume();
      outgoing.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(replacement.length) }).end(replacement);
      return;
    }
    const forwarded = httpRequest(`${target}${incoming.url ?? '/'}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  bench = await startBench({ publicBaseUrl: proxyUrl });
  target = bench.sim.url;
});

afterAll(async () => {
  await bench.close();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

async function videoJob(engine: ReturnType<Bench['engine']>, prompt: string) {
  const job = await runOne(engine, { variantId: VARIANT, body: bodyOf(VARIANT, { prompt, duration: 3 }) });
  return { job, asset: listJobAssets(bench.db, job.id)[0] };
}

describe('untrusted videos', () => {
  it('keeps a damaged MP4 and a lying container without a poster, and goes on making posters for good videos', async () => {
    // Whatever ffmpeg this machine has: the WebAssembly build decodes where there is none.
    // The studio talks to the proxy as its gateway: result addresses are fetched only from the
    // gateway's own host and port (or public ones), so the swapped bytes reach the studio.
    const client = fastClient(proxyUrl, bench.sim.demoKey);
    const engine = bench.engine({ ffmpeg, connectionFor: () => client });
    await engine.start();

    replacement = damagedMp4(await sampleMp4());
    const damaged = await videoJob(engine, 'damaged');
    expect(damaged.job.state, damaged.job.errorMessage ?? '').toBe('done');
    expect(damaged.asset).toMatchObject({ kind: 'video', mime: 'video/mp4', thumbPath: null });

    replacement = lyingContainer();
    const lying = await videoJob(engine, 'lying');
    expect(lying.job.state, lying.job.errorMessage ?? '').toBe('done');
    expect(lying.asset).toMatchObject({ kind: 'video', mime: 'video/mp4', thumbPath: null, width: null, durationMs: null });

    // The studio is still up: the next, sound video gets its poster and its facts.
    replacement = await sampleMp4();
    const sound = await videoJob(engine, 'sound');
    expect(sound.asset).toMatchObject({ kind: 'video', width: 320, height: 240, durationMs: 2_000 });
    expect(sound.asset?.thumbPath).not.toBeNull();
    replacement = undefined;
  });
});
