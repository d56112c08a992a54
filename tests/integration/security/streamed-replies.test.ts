/**
 * What a gateway streams is untrusted: a reply without end is cut at a bound far past any real
 * reply, and the key a hostile gateway echoes in a reply or its model list is redacted as in its
 * error texts, in the window's events, the database and the model lists.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, ModelView, Profile } from '../../../src/shared/contract';
import { MAX_REPLY_CHARS } from '../../../src/main/core/assistant/reply-text';
import type { Studio } from '../../../src/main/core/studio';
import { callRoute, createTestStudio } from '../../helpers/studio';

const KEY = 'sk-streamedreplykey0123456789abcdef';
const BARE = KEY.slice(3);

interface HostileGateway {
  url: string;
  /** Characters of reply text sent before the studio closed the stream. */
  sent(): number;
  /** Resolves when the studio has closed the streaming connection. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** A gateway that lists one model owned by the key, and streams a reply that echoes the key split in two, then (if `endless`) words without end. */
async function hostileGateway(endless: boolean): Promise<HostileGateway> {
  let sent = 0;
  let closedStream: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closedStream = resolve));
  const server: Server = createServer((request, response) => {
    request.resume();
    if (request.url?.startsWith('/v1/models')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: [{ id: 'echo-model', owned_by: `team ${KEY}`, supported_endpoint_types: ['chat_completions'] }] }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (text: string, finish: string | null = null): string =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text }, finish_reason: finish }] })}\n\n`;
    response.write(chunk('Your key is sk-streamedreply'));
    response.write(chunk(`${KEY.slice('sk-streamedreply'.length)} and again ${BARE.slice(0, 10)}`));
    response.write(chunk(`${BARE.slice(10)}. `));
    response.on('close', closedStream);
    if (!endless) {
      response.end(`${chunk('Done.', 'stop')}data: [DONE]\n\n`);
      return;
    }
    const word = 'and on '.repeat(150);
    const more = (): void => {
      while (!response.destroyed) {
        sent += word.length;
        if (!response.write(chunk(word))) return void response.once('drain', more);
      }
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    closed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let studio: Studio | undefined;
let gateway: HostileGateway | undefined;
afterEach(async () => {
  await studio?.stop();
  await gateway?.close();
  studio = gateway = undefined;
});

/** A studio whose active profile is `target`, with the key, and a record of each reply's deltas and end. */
async function studioOn(target: HostileGateway) {
  ({ studio } = await createTestStudio());
  const running = studio;
  const profile = await callRoute<Profile>(running, 'profiles.save', { name: 'Hostile', baseUrl: target.url });
  await callRoute(running, 'profiles.set_api_key', { id: profile.id, apiKey: KEY });
  await callRoute(running, 'settings.update', { activeProfileId: profile.id });
  const deltas: string[] = [];
  let ended: (message: AssistantMessage) => void = () => undefined;
  const end = new Promise<AssistantMessage>((resolve) => (ended = resolve));
  running.bus.subscribe((name, payload) => {
    if (name === 'assistant.reply_delta') deltas.push((payload as { text: string }).text);
    if (name === 'assistant.reply_ended') ended((payload as { message: AssistantMessage }).message);
  });
  const reply = async () => {
    const started = await callRoute<{ conversation: { id: string } }>(running, 'assistant.start_reply', { model: 'echo-model', action: 'chat', text: 'hello' });
    const message = await end;
    const stored = await callRoute<{ messages: AssistantMessage[] }>(running, 'assistant.get_conversation', { id: started.conversation.id });
    return { message, stored: stored.messages.map((m) => m.text).join('\n'), shown: deltas.join('') };
  };
  return { studio: running, reply };
}

describe('a streamed reply', () => {
  it('echoing the key, split across pieces, reaches neither the window nor the database', async () => {
    gateway = await hostileGateway(false);
    const { reply } = await studioOn(gateway);
    const { message, stored, shown } = await reply();
    expect(message.status).toBe('done');
    for (const text of [message.text, stored, shown]) {
      expect(text).toContain('Your key is sk-…(redacted) and again sk-…(redacted). Done.');
      expect(text).not.toContain(BARE.slice(0, 12));
    }
    expect(shown).toBe(message.text);
  });

  it('without end is stopped at the bound, with a clear reason, keeping what arrived (redacted)', async () => {
    gateway = await hostileGateway(true);
    const { reply } = await studioOn(gateway);
    const { message, stored } = await reply();
    await gateway.closed;
    expect(message.status).toBe('failed');
    expect(message.error).toMatchObject({ reason: 'assistant_reply_too_long', params: { limit: MAX_REPLY_CHARS } });
    expect(message.text.length).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(message.text.length).toBeGreaterThan(MAX_REPLY_CHARS / 2);
    expect(message.text).not.toContain(BARE.slice(0, 12));
    expect(stored).not.toContain(BARE.slice(0, 12));
    // The stream was closed soon after the bound, not read on (socket buffers hold a few MB at most).
    expect(gateway.sent()).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('the model lists', () => {
  it('redact a key the gateway echoes in a model entry', async () => {
    gateway = await hostileGateway(false);
    const { studio: running } = await studioOn(gateway);
    const assistantModels = await callRoute<{ models: { ownedBy: string | null }[] }>(running, 'assistant.list_models', {});
    const { models } = await callRoute<{ models: ModelView[] }>(running, 'models.list', {});
    for (const owner of [...assistantModels.models.map((m) => m.ownedBy), ...models.map((m) => m.ownedBy)]) {
      expect(owner).toBe('team sk-…(redacted)');
    }
  });
});
