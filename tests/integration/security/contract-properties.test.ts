/**
 * Property tests over every route of the studio contract: whatever a window (or a page that got
 * hold of a session) sends, the answer is an envelope, with an error code from the shared list
 * when it fails, never a crash, never a hang, and the studio keeps answering. In process (the
 * router as Electron's IPC calls it) and over web mode's HTTP transport with raw bodies.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errorCodes, routes, type Envelope } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { startWebServer, type RunningWebServer } from '../../../src/main/web/server';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio } from '../../helpers/studio';

let studio: Studio;
let server: RunningWebServer;

beforeAll(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
  // Inputs that happen to be valid may create jobs; nothing is sent for them.
  await callRoute(studio, 'jobs.pause_queue', {});
  server = await startWebServer({ studio });
});
afterAll(async () => {
  await server.close();
  await studio.stop();
}, 60_000);

const routeNames = Object.keys(routes) as (keyof typeof routes)[];

/** Values of every JSON type, including the hostile ones: huge strings, deep nesting, prototype names, odd numbers. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', '../../etc/passwd', '', '\u0000', 'https://x', '/abs/path', '{{a}}'.repeat(100)),
  fc.integer({ min: 0, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => nest(depth)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, Number.MAX_SAFE_INTEGER + 2, 1e308),
  fc.uint8Array({ maxLength: 64 }),
);

function nest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Keys of a route's input object, so generated inputs get past the strict shape and reach deeper checks. */
function keysOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

function inputFor(route: keyof typeof routes): fc.Arbitrary<unknown> {
  const keys = keysOf(routes[route].input);
  const shaped = keys.length === 0 ? fc.constant({}) : fc.record(Object.fromEntries(keys.map((key) => [key, nasty])), { requiredKeys: [] });
  return fc.oneof(shaped, nasty, fc.dictionary(fc.string({ maxLength: 12 }), nasty, { maxKeys: 4 }));
}

function expectEnvelope(answer: Envelope<unknown>): void {
  if (answer.ok) return;
  expect(errorCodes).toContain(answer.error.code);
  expect(typeof answer.error.message).toBe('string');
}

async function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([work, hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe('every route, in process', () => {
  it.each(routeNames)(
    '%s answers arbitrary input with an envelope',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(inputFor(route), async (input) => {
          expectEnvelope(await withinSeconds(20, studio.router.dispatch(route, input)));
        }),
        { numRuns: 25 },
      );
    },
    120_000,
  );

  it('an unknown route or a hostile route name is an unknown_route error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty')), async (name) => {
        fc.pre(!Object.hasOwn(routes, name));
        expect(await studio.router.dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
      }),
    );
  });

  it('jobs.create_batch plans or refuses any template and CSV within its bounds, promptly', async () => {
    const piece = fc.constantFrom('{{a}}', '{{b}}', '{{ a }}', '{x|y}', '{x|y|z}', '{', '}', '\\{', '|', ' ', 'fox', '猫', '{{', '}}', '"', ',', '\n');
    const template = fc.array(piece, { maxLength: 80 }).map((parts) => parts.join(''));
    const csv = fc
      .tuple(fc.constantFrom('a', 'a,b', 'b', '"a"', 'a,a', ''), fc.array(fc.string({ maxLength: 40 }), { maxLength: 60 }))
      .map(([header, rows]) => `${header}\n${rows.join('\n')}`);
    await fc.assert(
      fc.asyncProperty(template, csv, fc.integer({ min: 1, max: 100 }), async (text, table, count) => {
        const answer = await withinSeconds(
          20,
          studio.router.dispatch('jobs.create_batch', {
            name: 'p',
            variantIds: ['image.gen-image-2.task'],
            template: text,
            csv: table,
            countPerPrompt: count,
            values: {},
            draft: true,
          }),
        );
        expectEnvelope(answer);
        if (answer.ok) expect((answer.value as { jobCount: number }).jobCount).toBeLessThanOrEqual(5000);
      }),
      { numRuns: 60 },
    );
  }, 180_000);

  it('uploads.add refuses any bytes that are not a sound image, with invalid_input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.string({ minLength: 1, maxLength: 40 }), async (bytes, name) => {
        fc.pre(name.trim() !== '');
        const answer = await withinSeconds(20, studio.router.dispatch('uploads.add', { fileName: name, bytes: Buffer.from(bytes).toString('base64') }));
        expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('still answers normally afterwards', async () => {
    expect(await studio.router.dispatch('settings.get', {})).toMatchObject({ ok: true });
  });
});

describe('every route, over HTTP with raw bodies', () => {
  const rawBody = fc.oneof(
    fc.json().map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
    fc.integer({ min: 1, max: 200_000 }).map((depth) => Buffer.from(`{"input":${'['.repeat(depth)}${']'.repeat(depth)}}`)),
    fc.constantFrom(
      Buffer.from([0x7b, 0x22, 0x69, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      Buffer.from('{"input":'),
      Buffer.from('{"__proto__":{"x":1},"input":{}}'),
    ),
  );

  it('answers every body with a status the transport defines and a JSON body, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routeNames),
        rawBody,
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1'),
        async (route, body, type) => {
          const response = await withinSeconds(
            20,
            fetch(`${server.url}/api/invoke/${route}`, { method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': type }, body }),
          );
          expect([200, 400, 404, 413, 415]).toContain(response.status);
          const text = await response.text();
          expect(() => JSON.parse(text) as unknown).not.toThrow();
        },
      ),
      { numRuns: 150 },
    );
    const health = await fetch(`${server.url}/api/invoke/settings.get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{"input":{}}',
    });
    expect(health.status).toBe(200);
  }, 180_000);
});
