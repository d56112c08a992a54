/**
 * A character's name is the artist's, its username the gateway's: a prompt that says `@vesper`
 * reaches the demo gateway as `@<username>` (seen on the wire, between the engine and the
 * gateway), while the job and its result keep what the artist wrote. Renaming the character
 * later changes nothing already asked for.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobAssets, listCharactersOfTask } from '../../../src/main/core/library';
import { characterCreationJob, type JobEngine } from '../../../src/main/core/jobs';
import { listJobTasks } from '../../../src/main/core/jobs/store';
import type { GatewayClient } from '../../../src/main/core/gateway/client';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import { variantById } from '../../../src/shared/catalog';
import { bodyOf, fastClient, runOne, startBench, type Bench } from './harness';

interface SentRequest {
  method: string;
  path: string;
  body: string;
}

/** A loopback forwarder in front of the demo gateway that keeps every request body it passes on. */
async function startWireRecorder(target: string): Promise<{ url: string; sent: SentRequest[]; close: () => Promise<void> }> {
  const sent: SentRequest[] = [];
  const { hostname, port } = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      sent.push({ method: req.method ?? '', path: req.url ?? '', body: body.toString('utf8') });
      const upstream = forward({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    url,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const VVIP = 'video.vid-2-vvip';
const WITH_CHARACTERS = 'video.vid-2.character';

describe('a character mentioned by the name the artist gave it', () => {
  let bench: Bench;
  let engine: JobEngine;
  let recorder: Awaited<ReturnType<typeof startWireRecorder>>;
  let client: GatewayClient;
  let username = '';

  beforeAll(async () => {
    bench = await startBench({}, { virtualTime: true });
    recorder = await startWireRecorder(bench.sim.url);
    client = fastClient(recorder.url, bench.sim.demoKey, bench.clock);
    engine = bench.engine({ connectionFor: () => client });
    await engine.start();

    const source = await runOne(engine, { variantId: VVIP, body: bodyOf(VVIP, { prompt: 'a courier on a red bicycle' }) });
    expect(source.state, source.errorMessage ?? '').toBe('done');
    // As "Create a character" does: the name is checked, then kept with the job until the character arrives.
    engine.characters.checkName('vesper');
    const creation = engine.commands.enqueue(characterCreationJob({ fromTaskId: listJobTasks(bench.db, source.id)[0]?.id ?? '' }, 'Mira the courier'));
    engine.characters.requestName(creation.id, 'vesper');
    await bench.idle(engine);
    const [character] = listCharactersOfTask(bench.db, listJobTasks(bench.db, creation.id).at(-1)?.id ?? '');
    expect(character?.name).toBe('vesper');
    username = character?.username ?? '';
    expect(username).toMatch(/^mira_[0-9a-f]{4}$/);
  });

  afterAll(async () => {
    await bench.close();
    await client.close();
    await recorder.close();
  });

  const sentPrompts = (): string[] =>
    recorder.sent
      .filter((sent) => sent.method === 'POST' && sent.body.startsWith('{'))
      .map((sent) => String((JSON.parse(sent.body) as { prompt?: unknown }).prompt));

  it('sends @username to the gateway and keeps @name in the job and its result', async () => {
    const written = '@vesper rides through the rain, then @vesper waves.';
    const job = await runOne(engine, { variantId: WITH_CHARACTERS, body: bodyOf(WITH_CHARACTERS, { prompt: written }) });
    expect(job.state, job.errorMessage ?? '').toBe('done');

    const asSent = `@${username} rides through the rain, then @${username} waves.`;
    expect(sentPrompts()).toContain(asSent);
    expect(sentPrompts().some((prompt) => prompt.includes('@vesper'))).toBe(false);

    // The history: what the artist wrote, and beside it the request as it went out.
    expect(job.prompt).toBe(written);
    expect(job.request).toMatchObject({ prompt: asSent });
    const [asset] = listJobAssets(bench.db, job.id);
    expect(asset?.prompt).toBe(written);
    expect(asset?.request).toMatchObject({ prompt: asSent });
    // The gallery's character filter finds the result by the character's username.
    const linked = bench.db.prepare<[string], { username: string }>('SELECT username FROM asset_characters WHERE asset_id = ?').all(asset?.id ?? '');
    expect(linked.map((row) => row.username)).toEqual([username]);
  });

  it('would be refused by the gateway if the name went out as written', async () => {
    const entry = variantById(WITH_CHARACTERS);
    if (!entry) throw new Error('catalog');
    const answer = await bench.client.generation.submit(entry, { prompt: '@vesper waves' }).then(
      () => 'accepted',
      (error: unknown) => (error instanceof GatewayError ? `${error.code ?? ''} ${error.gatewayMessage ?? ''}` : String(error)),
    );
    expect(answer).toMatch(/unknown character @vesper/);
  });

  it('keeps what was asked for when the character is renamed, and sends the new name as the username', async () => {
    const before = await runOne(engine, { variantId: WITH_CHARACTERS, body: bodyOf(WITH_CHARACTERS, { prompt: 'close-up of @vesper' }) });
    const character = engine.characters.findByUsername(username);
    engine.characters.rename(character?.id ?? '', 'nova');
    expect(engine.characters.unknownMentions(`@nova, @${username}, @vesper`)).toEqual(['vesper']);

    const stored = engine.queries.job(before.id);
    expect(stored?.prompt).toBe('close-up of @vesper');
    expect(stored?.request).toMatchObject({ prompt: `close-up of @${username}` });

    const after = await runOne(engine, { variantId: WITH_CHARACTERS, body: bodyOf(WITH_CHARACTERS, { prompt: 'wide shot of @nova' }) });
    expect(after.state, after.errorMessage ?? '').toBe('done');
    expect(sentPrompts()).toContain(`wide shot of @${username}`);
    // The old name now means no one: it goes out as written, and the gateway refuses it.
    const stale = await runOne(engine, { variantId: WITH_CHARACTERS, body: bodyOf(WITH_CHARACTERS, { prompt: 'again @vesper' }) });
    expect(stale.request).toMatchObject({ prompt: 'again @vesper' });
    expect(stale.state).toBe('failed');
  });
});
