/**
 * Property tests of the gateway client against hostile answers: wrong types in every field, huge
 * strings, deep nesting, invalid UTF-8, cut-off JSON, any status. Every call ends, promptly, in a
 * value or a typed GatewayError: never another kind of error (a crash in the app) and never a hang.
 * `npm test` tries 12 answers a call (new ones each run); `npm run test:faults` (ATELIER_FAULT_TABLE=full) tries 40.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantById, type VariantEntry } from '../../../src/shared/catalog';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import { collectText } from '../../../src/main/core/gateway/text-streams';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

/** Answers tried for each call: a sample in `npm test`, more with the fault table's full run. */
const RUNS_PER_CALL = process.env.ATELIER_FAULT_TABLE === 'full' ? 40 : 12;

let answer: Answer = { status: 200, type: 'application/json', body: Buffer.from('{}') };
let server: RecordingServer;
let client: GatewayClient;
let png: string;

beforeAll(async () => {
  server = await startRecordingServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
  client = new GatewayClient({
    baseUrl: server.url,
    apiKey: 'sk-hostile-answers-0123456789',
    timeouts: { connectMs: 2_000, headersMs: 5_000, bodyMs: 5_000 },
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 10 },
  });
  png = join(mkdtempSync(join(tmpdir(), 'atelier-hostile-')), 'ref.png');
  writeFileSync(
    png,
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const entry = (id: string): VariantEntry => {
  const found = variantById(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

/** Every call the studio makes of a gateway, each reading the answer its own way. */
const calls: Record<string, () => Promise<unknown>> = {
  tokenBalance: () => client.account.tokenBalance(),
  userBalance: () => client.account.userBalance(),
  createToken: () => client.account.createToken({ name: 'n', remain_credits: 1 }),
  models: () => client.models.list('all'),
  pollImage: () => client.tasks.pollImage('task_1'),
  pollOfficialVideo: () => client.tasks.pollOfficialVideo('video_1'),
  pollVideo: () => client.tasks.pollVideo('task_1'),
  pollCharacter: () => client.tasks.pollCharacter('task_1'),
  directImage: () => client.generation.submit(entry('image.gen-image-2.direct'), { prompt: 'p' }),
  taskImage: () => client.generation.submit(entry('image.gen-image-2.task'), { prompt: 'p' }),
  turboVideo: () => client.generation.submit(entry('video.clip-3.0-turbo'), { prompt: 'p', duration: 5 }),
  chat: () => client.text.chat({ model: 'gen-5.2-official', messages: [{ role: 'user', content: 'hi' }] }),
  streamChat: () => collectText(client.text.streamChat({ model: 'gen-5.2-official', messages: [{ role: 'user', content: 'hi' }] })),
  streamMessages: () => collectText(client.text.streamMessages({ model: 'chat-haiku-4-5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })),
  upload: () => client.uploads.uploadFile(png),
};

/** JSON-able values of the wrong type for any field. */
const wrong: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, -1, 1e308, '', 'NaN', '65%', [], {}, true, '__proto__'),
  fc.integer({ min: 0, max: 200_000 }).map((n) => 'é'.repeat(n)),
);

/** Records shaped like the gateway's, with every field a wrong type. */
const misshapen = fc
  .record(
    {
      success: wrong,
      message: wrong,
      data: fc.oneof(
        wrong,
        fc.record({ id: wrong, url: wrong, status: wrong, result_url: wrong, task_id: wrong, key: wrong, fail_reason: wrong }, { requiredKeys: [] }),
        fc.array(fc.record({ url: wrong, b64_json: wrong, id: wrong }, { requiredKeys: [] }), { maxLength: 3 }),
      ),
      id: wrong,
      status: wrong,
      progress: wrong,
      result: fc.oneof(wrong, fc.record({ data: wrong, type: wrong }, { requiredKeys: [] })),
      error: fc.oneof(wrong, fc.record({ message: wrong, code: wrong, type: wrong }, { requiredKeys: [] })),
      choices: wrong,
      remain_credits: wrong,
      unlimited_quota: wrong,
      object: fc.constantFrom('generation.task', 'video', 'list', 'chat.completion', 'response', 7),
    },
    { requiredKeys: [] },
  )
  .map((value) => Buffer.from(JSON.stringify(value)));

const deep = fc
  .integer({ min: 1, max: 200_000 })
  .chain((depth) =>
    fc.constantFrom(
      Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`),
      Buffer.from(`{"data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`),
      Buffer.from(`{"error":{"message":${'['.repeat(depth)}${']'.repeat(depth)}}}`),
    ),
  );

const invalidUtf8 = fc
  .uint8Array({ minLength: 1, maxLength: 256 })
  .map((bytes) => Buffer.concat([Buffer.from('{"data":[{"url":"'), Buffer.from(bytes), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}]}')]));

const huge = fc.integer({ min: 1, max: 8 * 1024 * 1024 }).map((n) => Buffer.from(`{"data":[{"b64_json":"${'A'.repeat(n)}"}],"created":1}`));

const sse = fc
  .array(
    fc.oneof(
      fc.constant('data: [DONE]'),
      fc.string({ maxLength: 40 }).map((s) => `data: ${s}`),
      fc.constant('event: error'),
      fc.jsonValue({ maxDepth: 2 }).map((v) => `data: ${JSON.stringify(v)}`),
      fc.constant(': ping'),
    ),
    { maxLength: 20 },
  )
  .map((lines) => Buffer.from(lines.join('\n\n')));

const body = fc.oneof(
  misshapen,
  fc.json().map((text) => Buffer.from(text)),
  deep,
  invalidUtf8,
  huge,
  sse,
  fc.constantFrom(Buffer.alloc(0), Buffer.from('<html>502 Bad Gateway</html>'), Buffer.from('{"data":'), Buffer.from('null')),
);

async function settle(run: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run().then(
        () => 'value',
        (error: unknown) => error,
      ),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('the call did not end within 15 s')), 15_000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('the gateway client under hostile answers', () => {
  it.each(Object.keys(calls))(
    '%s ends in a value or a typed GatewayError',
    async (name) => {
      const call = calls[name];
      if (!call) throw new Error(name);
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom(200, 200, 200, 201, 400, 403, 404, 429, 500, 502),
          fc.constantFrom('application/json', 'text/event-stream', 'text/html', 'application/octet-stream'),
          async (bytes, status, type) => {
            answer = { status, type, body: bytes };
            const outcome = await settle(call);
            if (outcome !== 'value') {
              expect(outcome, String(outcome)).toBeInstanceOf(GatewayError);
              // The message a user sees is text, and never the key.
              expect((outcome as GatewayError).message).not.toContain('sk-hostile-answers');
            }
          },
        ),
        { numRuns: RUNS_PER_CALL },
      );
    },
    180_000,
  );
});
