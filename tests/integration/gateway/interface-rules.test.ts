/**
 * The rules where the studio's catalog (or client) and the demo gateway must agree with the
 * interface and with each other (docs/simulator.md, "Readings of unclear rules"). For each rule:
 * one request both sides accept (with the same warning where the interface says "should", or
 * does not call something an error) and, where the interface refuses, one request both sides
 * refuse for the same reason. The catalog side is what the studio checks before sending; the
 * gateway side is the demo gateway's own answer over HTTP, without the studio's checks.
 */
import { request } from 'undici';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWireRequest, validateReferences, variantById, type ReferenceFile, type WireBody } from '../../../src/shared/catalog';
import { noticeText, problemText } from '../../../src/main/core/gateway/request-problem-text';
import { messagesRequestSchema, responsesRequestSchema, textRequestWarnings } from '../../../src/main/core/gateway/text-requests';
import { listModelViews } from '../../../src/main/core/gateway/model-views';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import { collectText } from '../../../src/main/core/gateway/text-streams';
import { startTestGateway, type TestGateway } from './harness';

/** What one side made of a request. */
interface Outcome {
  accepted: boolean;
  /** Why it was refused (messages), empty when accepted. */
  reasons: string[];
  warnings: string[];
}

interface Side {
  catalog: () => Outcome | Promise<Outcome>;
  gateway: () => Promise<Outcome>;
}

interface Row {
  rule: string;
  accept: Side;
  /** The warning both sides give the accepted request (rules that say "should"). */
  warning?: RegExp;
  /** A request the interface refuses, and the reason both sides give. */
  refuse?: Side & { reason: RegExp };
}

let gw: TestGateway;
/** Addresses of uploads made before the rows run (rows are built when a test runs). */
let png64 = '';
let gif = '';

async function upload(bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const answer = await fetch(`${gw.sim.url}/v1/uploads/images`, { method: 'POST', headers: { authorization: `Bearer ${gw.sim.demoKey}` }, body: form });
  const json = (await answer.json()) as { data: { url: string } };
  return json.data.url;
}

beforeAll(async () => {
  gw = await startTestGateway();
  png64 = await upload(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#468' } })
      .png()
      .toBuffer(),
    'square.png',
  );
  gif = await upload(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#864' } })
      .gif()
      .toBuffer(),
    'still.gif',
  );
});
afterAll(async () => gw.close());

/** The catalog's judgement of a wire body (and of the facts of local files, read before upload). */
function catalog(variantId: string, body: WireBody, files: ReferenceFile[] = []): () => Outcome {
  return () => {
    const entry = variantById(variantId);
    if (!entry) throw new Error(`no variant ${variantId}`);
    const checked = checkWireRequest(entry, { pathParams: {}, body });
    const referenced = validateReferences(entry, files, { values: body });
    const reasons = [...checked.problems, ...referenced.issues].map(problemText);
    const warnings = [...checked.notices, ...referenced.warnings].map(noticeText);
    return { accepted: reasons.length === 0, reasons, warnings };
  };
}

/** The demo gateway's own answer to a raw POST. */
function gateway(path: string, body: unknown): () => Promise<Outcome> {
  return async () => {
    const answer = await request(`${gw.sim.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.sim.demoKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await answer.body.json()) as { error?: { message?: string } } & Record<string, unknown>;
    const header = answer.headers.warning;
    const warnings = header === undefined ? [] : Array.isArray(header) ? header : [header];
    const accepted = answer.statusCode === 200;
    return { accepted, reasons: accepted ? [] : [json.error?.message ?? JSON.stringify(json)], warnings };
  };
}

/** The same request to both sides: the catalog variant's checks, and the variant's endpoint. */
function both(variantId: string, body: WireBody, files: ReferenceFile[] = []): Side {
  const entry = variantById(variantId);
  if (!entry) throw new Error(`no variant ${variantId}`);
  return { catalog: catalog(variantId, body, files), gateway: gateway(entry.path, body) };
}

const IMAGES = '/v1/images/generations';
const url = (n: number) => `https://cdn.example/ref-${n}.png`;
const urls = (count: number) => Array.from({ length: count }, (_u, i) => url(i + 1));
const gifFile = (field: string): ReferenceFile => ({ field, mime: 'image/gif', bytes: 2_000, width: 64, height: 64 });

const buildRows = (): Row[] => [
  {
    rule: 'clip3 and clip-o3: images required, 1 to 4 (both models of the family)',
    accept: both('video.clip-o3-720p', { model: 'clip-o3-720p', prompt: 'rain', size: '1280x720', duration: 5, images: [url(1)] }),
    refuse: {
      ...both('video.clip-o3-720p', { model: 'clip-o3-720p', prompt: 'rain', size: '1280x720', duration: 5, images: [] }),
      reason: /images: .*(at least 1 image|1 to 4)/,
    },
  },
  {
    rule: 'clip3: at most 4 images',
    accept: both('video.clip3-720p', { model: 'clip3-720p', prompt: 'waves', size: '1280x720', duration: 5, images: urls(4) }),
    refuse: {
      ...both('video.clip3-720p', { model: 'clip3-720p', prompt: 'waves', size: '1280x720', duration: 5, images: urls(5) }),
      reason: /at most 4 images/,
    },
  },
  {
    rule: 'omni: a list item no placeholder names is a warning; a placeholder needs its item',
    accept: both('video.clip-v3-omni', {
      model: 'clip-v3-omni',
      prompt: 'a dance with <<<image_1>>>',
      metadata: { image_list: [{ image_url: url(1) }, { image_url: url(2) }] },
    }),
    warning: /^(199 - ")?Item 2 of metadata\.image_list is not referenced as <<<image_2>>> in the prompt; nothing is inserted automatically\./,
    refuse: {
      ...both('video.clip-v3-omni', { model: 'clip-v3-omni', prompt: '<<<image_1>>> and <<<image_3>>>', metadata: { image_list: [{ image_url: url(1) }] } }),
      reason: /<<<image_3>>>.*(item 3|has 1 item)/,
    },
  },
  {
    rule: 'omni: placeholders first appear in list order',
    accept: both('video.clip-v3-omni', {
      model: 'clip-v3-omni',
      prompt: '<<<image_1>>> then <<<image_2>>>, again <<<image_1>>>',
      metadata: { image_list: [{ image_url: url(1) }, { image_url: url(2) }] },
    }),
    refuse: {
      ...both('video.clip-v3-omni', {
        model: 'clip-v3-omni',
        prompt: '<<<image_2>>> then <<<image_1>>>',
        metadata: { image_list: [{ image_url: url(1) }, { image_url: url(2) }] },
      }),
      reason: /<<<image_2>>> appears before <<<image_1>>>/,
    },
  },
  {
    rule: 'omni: aspect ratios other than the common 16:9, 9:16 and 1:1 pass with a warning; a value that is no ratio does not',
    accept: both('video.clip-v3-omni', { model: 'clip-v3-omni', prompt: 'a dance', aspect_ratio: '21:9' }),
    warning: /aspect_ratio "?21:9"? is not one of the (usual values|common ratios) \(16:9, 9:16, 1:1\)/,
    refuse: { ...both('video.clip-v3-omni', { model: 'clip-v3-omni', prompt: 'a dance', aspect_ratio: 'wide' }), reason: /aspect_ratio/ },
  },
  {
    rule: 'omni: a placeholder of a kind the interface does not name is a warning, left as text',
    accept: both('video.clip-v3-omni', { model: 'clip-v3-omni', prompt: 'a drum solo <<<audio_1>>>' }),
    warning: /<<<audio_1>>> is not a placeholder/,
  },
  {
    rule: 'omni: list item fields are not shown, so an element named by a number is accepted',
    accept: both('video.clip-v3-omni', { model: 'clip-v3-omni', prompt: '<<<element_1>>> bows', metadata: { element_list: [{ element_id: 123 }] } }),
  },
  {
    rule: 'gen-image-2 variant B: size auto at every tier, the tier sent with it',
    accept: both('image.gen-image-2.task', { model: 'gen-image-2', prompt: 'p', size: 'auto', resolution: '4K' }),
  },
  {
    rule: 'Messages and Responses: temperature with top_p ("do not set together") is a warning in both styles',
    accept: {
      catalog: () => {
        const body = { model: 'chat-haiku-4-5', max_tokens: 10, temperature: 0.5, top_p: 0.9, messages: [{ role: 'user' as const, content: 'x' }] };
        const parsed = [
          messagesRequestSchema.safeParse(body),
          responsesRequestSchema.safeParse({ model: 'gen-5.2-official', input: 'x', temperature: 0.5, top_p: 0.9 }),
        ];
        const refused = parsed.flatMap((result) => (result.success ? [] : result.error.issues.map((issue) => issue.message)));
        return {
          accepted: refused.length === 0,
          reasons: refused,
          warnings: [...textRequestWarnings(body), ...textRequestWarnings({ temperature: 0.5, top_p: 0.9 })],
        };
      },
      gateway: async () => {
        const outcomes = await Promise.all([
          gateway('/v1/messages', { model: 'chat-haiku-4-5', max_tokens: 10, temperature: 0.5, top_p: 0.9, messages: [{ role: 'user', content: 'x' }] })(),
          gateway('/v1/responses', { model: 'gen-5.2-official', input: 'x', temperature: 0.5, top_p: 0.9 })(),
        ]);
        return { accepted: outcomes.every((o) => o.accepted), reasons: outcomes.flatMap((o) => o.reasons), warnings: outcomes.flatMap((o) => o.warnings) };
      },
    },
    warning: /temperature and top_p are both set/,
  },
  {
    rule: 'official video: input_reference should match size (a warning)',
    accept: {
      catalog: catalog(
        'video.vid-2.official',
        { model: 'vid-2-official', prompt: 'a harbour', size: '1280x720', input_reference: 'https://cdn.example/frame.png' },
        [{ field: 'input_reference', mime: 'image/png', bytes: 1_000, width: 64, height: 64 }],
      ),
      gateway: async () => gateway('/v1/video/generations', { model: 'vid-2-official', prompt: 'a harbour', size: '1280x720', input_reference: png64 })(),
    },
    warning: /64x64 but .*1280x720.*should match/,
  },
  {
    rule: 'gen-image-2 variant A: no range for n; at most 4 images per request (a warning); the model takes 1 to 10',
    accept: both('image.gen-image-2.direct', { model: 'gen-image-2', prompt: 'p', size: '1024x1024', n: 6 }),
    warning: /at most 4 images (come back )?per request/i,
    refuse: { ...both('image.gen-image-2.direct', { model: 'gen-image-2', prompt: 'p', size: '1024x1024', n: 11 }), reason: /\bn\b.*1 to 10/ },
  },
  {
    rule: 'gen-image-2 variant B: size auto and up to 16 image_urls',
    accept: both('image.gen-image-2.task', { model: 'gen-image-2', prompt: 'p', size: 'auto', image_urls: urls(16) }),
    refuse: { ...both('image.gen-image-2.task', { model: 'gen-image-2', prompt: 'p', size: '1:1', image_urls: urls(17) }), reason: /at most 16 images/ },
  },
  {
    rule: 'video variants take GIF references (whatever the upload endpoint takes)',
    accept: {
      catalog: () => {
        const outcomes = [
          catalog('video.vid-2.official', { model: 'vid-2-official', prompt: 'p', size: '1280x720', input_reference: gif }, [gifFile('input_reference')])(),
          catalog('video.clip3-720p', { model: 'clip3-720p', prompt: 'p', size: '1280x720', duration: 5, images: [gif] }, [gifFile('images')])(),
          catalog('video.clip-3.0-turbo', { model: 'clip-3.0-turbo', prompt: 'p', reference_images: [gif] }, [gifFile('reference_images')])(),
          catalog('video.clip-v3-omni', { model: 'clip-v3-omni', prompt: '<<<image_1>>>', metadata: { image_list: [{ image_url: gif }] } }, [
            gifFile('metadata.image_list'),
          ])(),
          catalog('video.vid-2-vvip', { model: 'vid-2-vvip', prompt: 'p', image_urls: [gif] }, [gifFile('image_urls')])(),
        ];
        return { accepted: outcomes.every((o) => o.accepted), reasons: outcomes.flatMap((o) => o.reasons), warnings: [] };
      },
      gateway: async () => {
        const outcomes = await Promise.all([
          gateway('/v1/video/generations', { model: 'vid-2-official', prompt: 'p', size: '1280x720', input_reference: gif })(),
          gateway('/v1/video/generations', { model: 'clip3-720p', prompt: 'p', size: '1280x720', duration: 5, images: [gif] })(),
          gateway('/v1/videos/generations', { model: 'clip-3.0-turbo', prompt: 'p', reference_images: [gif] })(),
          gateway('/v1/videos/generations', { model: 'clip-v3-omni', prompt: '<<<image_1>>>', metadata: { image_list: [{ image_url: gif }] } })(),
          gateway('/v1/videos/generations', { model: 'vid-2-vvip', prompt: 'p', image_urls: [gif] })(),
        ]);
        return { accepted: outcomes.every((o) => o.accepted), reasons: outcomes.flatMap((o) => o.reasons), warnings: [] };
      },
    },
    // The first image model takes PNG and JPEG only.
    refuse: {
      ...both('image.gen-image-2.direct', { model: 'gen-image-2', prompt: 'p', size: '1024x1024', reference_images: [gif] }, [gifFile('reference_images')]),
      reason: /image\/gif is not accepted/,
    },
  },
  {
    rule: 'model ids the interface names as defaults and in examples',
    accept: {
      catalog: () => {
        const outcomes = [
          catalog('image.nova-3.1-flash-image', { model: 'nova-3.1-flash-image-preview', prompt: 'p' })(),
          catalog('image.nova-3-pro-image', { model: 'nova-3-pro-image-preview', prompt: 'p' })(),
          catalog('video.vid-2.official', { model: 'vid2', prompt: 'p', size: '1280x720' })(),
        ];
        const defaults = [variantById('image.nova-3.1-flash-image')?.modelIds[0], variantById('image.nova-3-pro-image')?.modelIds[0]];
        const sendsDefaults = defaults.join() === 'nova-3.1-flash-image-preview,nova-3-pro-image-preview';
        return { accepted: sendsDefaults && outcomes.every((o) => o.accepted), reasons: outcomes.flatMap((o) => o.reasons), warnings: [] };
      },
      gateway: async () => {
        const outcomes = await Promise.all([
          gateway(IMAGES, { model: 'nova-3.1-flash-image-preview', prompt: 'p' })(),
          gateway(IMAGES, { model: 'nova-3-pro-image-preview', prompt: 'p' })(),
          gateway('/v1/video/generations', { model: 'vid2', prompt: 'p', size: '1280x720' })(),
        ]);
        return { accepted: outcomes.every((o) => o.accepted), reasons: outcomes.flatMap((o) => o.reasons), warnings: [] };
      },
    },
  },
  {
    rule: 'Responses: max_output_tokens has no lower bound (any positive whole number)',
    accept: {
      catalog: () => textOutcome(responsesRequestSchema.safeParse({ model: 'gen-5.2-official', input: 'x', max_output_tokens: 1 })),
      gateway: gateway('/v1/responses', { model: 'gen-5.2-official', input: 'x', max_output_tokens: 1 }),
    },
    refuse: {
      catalog: () => textOutcome(responsesRequestSchema.safeParse({ model: 'gen-5.2-official', input: 'x', max_output_tokens: 0 })),
      gateway: gateway('/v1/responses', { model: 'gen-5.2-official', input: 'x', max_output_tokens: 0 }),
      reason: /max_output_tokens: at least 1/,
    },
  },
  {
    rule: 'Responses: status is completed, failed or in_progress only, also when the output is cut',
    accept: {
      catalog: async () => {
        const client = gw.client();
        const cut = await client.text.responses({ model: 'gen-5.2-official', input: `echo: ${'word '.repeat(40)}`, max_output_tokens: 3 });
        const streamed = await collectText(
          client.text.streamResponses({ model: 'gen-5.2-official', input: `echo: ${'word '.repeat(40)}`, max_output_tokens: 3 }),
        );
        return { accepted: cut.status === 'completed' && streamed.trim() === 'word word word', reasons: [String(cut.status)], warnings: [] };
      },
      gateway: async () => {
        const answer = await request(`${gw.sim.url}/v1/responses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${gw.sim.demoKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gen-5.2-official', input: `echo: ${'word '.repeat(40)}`, max_output_tokens: 3 }),
        });
        const json = (await answer.body.json()) as { status: string };
        return { accepted: ['completed', 'failed', 'in_progress'].includes(json.status), reasons: [json.status], warnings: [] };
      },
    },
  },
  {
    rule: 'Messages: provider-version other than the default passes through',
    accept: {
      catalog: async () => {
        const message = await gw
          .client()
          .text.messages({ model: 'chat-haiku-4-5', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }, { providerVersion: '2024-10-22' });
        return { accepted: message.type === 'message', reasons: [], warnings: [] };
      },
      gateway: async () => {
        const answer = await request(`${gw.sim.url}/v1/messages`, {
          method: 'POST',
          headers: { 'x-api-key': gw.sim.demoKey, 'provider-version': '1999-01-01', 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'chat-haiku-4-5', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
        });
        await answer.body.dump();
        return { accepted: answer.statusCode === 200, reasons: [String(answer.statusCode)], warnings: [] };
      },
    },
  },
  {
    rule: 'supported_endpoint_types as the interface lists them (chat_completions, responses)',
    accept: {
      catalog: async () => {
        const views = await listModelViews(gw.client());
        const byId = new Map(views.map((view) => [view.id, view]));
        const typed = byId.get('gen-image-2')?.type === 'image' && byId.get('vid2')?.type === 'video' && byId.get('chat-opus-4-6')?.type === 'text';
        const vocabulary = views.every((view) => view.endpointTypes.every((type) => type === 'chat_completions' || type === 'responses'));
        return { accepted: typed && vocabulary, reasons: [], warnings: [] };
      },
      gateway: async () => {
        const answer = await request(`${gw.sim.url}/v1/models?type=all`, { headers: { authorization: `Bearer ${gw.sim.demoKey}` } });
        const json = (await answer.body.json()) as { data: { supported_endpoint_types: string[] }[] };
        const types = new Set(json.data.flatMap((model) => model.supported_endpoint_types));
        return { accepted: [...types].sort().join() === 'chat_completions,responses', reasons: [...types], warnings: [] };
      },
    },
  },
  {
    rule: 'GET /v1/balance: a deleted key answers 200 获取令牌信息失败',
    accept: {
      catalog: async () => ({ accepted: ((await gw.client().account.tokenBalance()).remainCredits ?? 0) > 0, reasons: [], warnings: [] }),
      gateway: async () => balanceOutcome(gw.sim.demoKey),
    },
    refuse: {
      catalog: async () => {
        const key = await deletedKey();
        const error: unknown = await gw
          .client({ apiKey: key })
          .account.tokenBalance()
          .catch((e: unknown) => e);
        const message = error instanceof GatewayError ? `${error.kind} ${error.status ?? ''} ${error.gatewayMessage ?? ''}` : String(error);
        return { accepted: false, reasons: [message], warnings: [] };
      },
      gateway: async () => balanceOutcome(await deletedKey()),
      reason: /200 .*获取令牌信息失败/,
    },
  },
];

function textOutcome(parsed: { success: true } | { success: false; error: { issues: { message: string }[] } }): Outcome {
  return parsed.success ? { accepted: true, reasons: [], warnings: [] } : { accepted: false, reasons: parsed.error.issues.map((i) => i.message), warnings: [] };
}

async function deletedKey(): Promise<string> {
  const created = await gw.createKey();
  await gw.admin('DELETE', `/keys/${created.id}`);
  return created.key;
}

async function balanceOutcome(key: string): Promise<Outcome> {
  const answer = await request(`${gw.sim.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
  const json = (await answer.body.json()) as { success: boolean; message?: string };
  return { accepted: json.success, reasons: json.success ? [] : [`${answer.statusCode} ${json.message ?? ''}`], warnings: [] };
}

const RULES = buildRows().map((row) => row.rule);

describe('catalog, client and demo gateway agree with the interface', () => {
  it.each(RULES)('%s', async (rule) => {
    const row = buildRows().find((candidate) => candidate.rule === rule);
    if (!row) throw new Error(`no row ${rule}`);
    const accepted = { catalog: await row.accept.catalog(), gateway: await row.accept.gateway() };
    expect(accepted.catalog, 'catalog accepts').toMatchObject({ accepted: true });
    expect(accepted.gateway, 'demo gateway accepts').toMatchObject({ accepted: true });
    if (row.warning) {
      expect(accepted.catalog.warnings, 'catalog warns').toContainEqual(expect.stringMatching(row.warning));
      expect(accepted.gateway.warnings, 'demo gateway warns').toContainEqual(expect.stringMatching(row.warning));
    } else {
      expect(accepted.gateway.warnings, 'no warning from the demo gateway').toEqual([]);
    }
    if (!row.refuse) return;
    const refused = { catalog: await row.refuse.catalog(), gateway: await row.refuse.gateway() };
    expect(refused.catalog, 'catalog refuses').toMatchObject({ accepted: false });
    expect(refused.gateway, 'demo gateway refuses').toMatchObject({ accepted: false });
    expect(refused.catalog.reasons, 'catalog reason').toContainEqual(expect.stringMatching(row.refuse.reason));
    expect(refused.gateway.reasons, 'demo gateway reason').toContainEqual(expect.stringMatching(row.refuse.reason));
  });
});
