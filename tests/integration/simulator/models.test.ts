/** `GET /v1/models`: types, entry shape and per-key filtering; model access on calls. */
import { describe, expect, it } from 'vitest';
import { harnessForFile, relayError, startHarness } from './sim-harness';

interface ModelList {
  success: boolean;
  object: string;
  data: { id: string; object: string; created: number; owned_by: string; supported_endpoint_types: string[] }[];
}

const TEXT = ['gen-5-pro-official', 'gen-5.3-codex-official', 'gen-5.2-official', 'chat-opus-4-6', 'chat-sonnet-4-6', 'chat-haiku-4-5'];
const IMAGE = [
  'gen-image-2',
  'nova-3.1-flash-image',
  'nova-3.1-flash-image-preview',
  'nova-3-pro-image',
  'nova-3-pro-image-preview',
  'nova-3-pro-image-preview-official',
  'lumen-image-1',
];
const VIDEO = [
  'vid-2',
  'vid2',
  'vid2-pro',
  'vid-2-pro',
  'vid-2-vip',
  'vid-2-vvip',
  'vid-2-official',
  'clip3-720p',
  'clip3-1080p',
  'clip-o3-720p',
  'clip-o3-1080p',
  'clip-3.0-turbo',
  'clip-v3-omni',
  'lumen-video-1',
];

const h = harnessForFile();

const ids = async (query: string, key?: string): Promise<string[]> =>
  (await h.json<ModelList>(`/v1/models${query}`, key === undefined ? {} : { key })).data.map((model) => model.id);

describe('model list', () => {
  it('lists text models only by default, in the list wrapper', async () => {
    const list = await h.json<ModelList>('/v1/models');
    expect(list.success).toBe(true);
    expect(list.object).toBe('list');
    expect(list.data.map((model) => model.id)).toEqual(TEXT);
    expect(await ids('?type=text')).toEqual(TEXT);
    expect(await ids('?type=chat')).toEqual(TEXT);
  });

  it('gives each entry exactly the interface fields, endpoint types from its vocabulary only', async () => {
    const list = await h.json<ModelList>('/v1/models?type=all');
    for (const entry of list.data) {
      expect(Object.keys(entry).sort()).toEqual(['created', 'id', 'object', 'owned_by', 'supported_endpoint_types']);
      expect(entry.object).toBe('model');
      expect(Number.isInteger(entry.created)).toBe(true);
      for (const type of entry.supported_endpoint_types) expect(['chat_completions', 'responses']).toContain(type);
    }
    const byId = new Map(list.data.map((entry) => [entry.id, entry]));
    expect(byId.get('gen-5-pro-official')?.supported_endpoint_types).toEqual(['responses']);
    expect(byId.get('gen-5.3-codex-official')?.supported_endpoint_types).toEqual(['responses']);
    expect(byId.get('gen-5.2-official')?.supported_endpoint_types).toEqual(['chat_completions', 'responses']);
    expect(byId.get('chat-sonnet-4-6')?.supported_endpoint_types).toEqual(['chat_completions']);
    // Media and audio models are called through neither text style; their type comes from `?type=`.
    expect(byId.get('gen-image-2')?.supported_endpoint_types).toEqual([]);
    expect(byId.get('tone-speech-1')?.supported_endpoint_types).toEqual([]);
  });

  it('lists image, video, audio and all models by type; video and audio never by default', async () => {
    expect(await ids('?type=image')).toEqual(IMAGE);
    expect(await ids('?type=video')).toEqual(VIDEO);
    expect(await ids('?type=audio')).toEqual(['tone-speech-1']);
    expect(await ids('?type=all')).toEqual([...TEXT, ...IMAGE, ...VIDEO, 'tone-speech-1']);
    const defaults = await ids('');
    for (const id of [...IMAGE, ...VIDEO, 'tone-speech-1']) expect(defaults).not.toContain(id);
  });

  it('refuses an unknown type with 400', async () => {
    const result = await h.call('/v1/models?type=embedding');
    expect(result.status).toBe(400);
    expect(relayError(result.json).param).toBe('type');
  });

  it('filters by the key model restriction', async () => {
    const limited = await h.createKey({ model_limits_enabled: true, model_limits: 'gen-5.2-official, gen-image-2,vid-2' });
    expect(await ids('', limited.key)).toEqual(['gen-5.2-official']);
    expect(await ids('?type=image', limited.key)).toEqual(['gen-image-2']);
    expect(await ids('?type=all', limited.key)).toEqual(['gen-5.2-official', 'gen-image-2', 'vid-2']);
    const ignored = await h.createKey({ model_limits_enabled: false, model_limits: 'gen-5.2-official' });
    expect(await ids('', ignored.key)).toEqual(TEXT);
  });

  it('hides models without a channel', async () => {
    const sim = await startHarness({ disabledModels: ['chat-opus-4-6'] });
    try {
      const list = await sim.json<ModelList>('/v1/models');
      expect(list.data.map((model) => model.id)).not.toContain('chat-opus-4-6');
      const call = await sim.call('/v1/chat/completions', {
        body: { model: 'chat-opus-4-6', messages: [{ role: 'user', content: 'x' }] },
      });
      expect(call.status).toBe(503);
      expect(relayError(call.json).code).toBe('model_not_found');
    } finally {
      await sim.close();
    }
  });
});

describe('model access on calls', () => {
  const body = (model: string) => ({ model, messages: [{ role: 'user', content: 'x' }] });

  it('answers 503 model_not_found for an unknown model', async () => {
    const result = await h.call('/v1/chat/completions', { body: body('gen-9-imaginary') });
    expect(result.status).toBe(503);
    expect(relayError(result.json)).toMatchObject({ code: 'model_not_found' });
    expect(relayError(result.json).message).toContain('gen-9-imaginary');
  });

  it('answers 403 access_denied for a model outside the key restriction', async () => {
    const limited = await h.createKey({ model_limits_enabled: true, model_limits: 'chat-haiku-4-5' });
    expect((await h.call('/v1/chat/completions', { key: limited.key, body: body('chat-haiku-4-5') })).status).toBe(200);
    const refused = await h.call('/v1/chat/completions', { key: limited.key, body: body('chat-sonnet-4-6') });
    expect(refused.status).toBe(403);
    expect(relayError(refused.json).code).toBe('access_denied');
  });

  it('answers 400 when model is missing', async () => {
    const result = await h.call('/v1/chat/completions', { body: { messages: [{ role: 'user', content: 'x' }] } });
    expect(result.status).toBe(400);
    expect(relayError(result.json).param).toBe('model');
  });
});
