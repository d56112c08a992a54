/**
 * Streams as other deployments send them (keep-alive comments, CRLF line ends, error events in
 * the middle of a 200 answer, one complete JSON answer to a `stream: true` request), served by a
 * plain HTTP server standing in for such a gateway.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../../src/main/core/gateway/client';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import { collectText } from '../../../src/main/core/gateway/text-streams';
import { VirtualClock } from '../../helpers/virtual-clock';
import { onVirtualTime } from './harness';

const streams: Record<string, string> = {
  '/v1/messages': [
    ': keep-alive',
    '',
    'event: message_start',
    'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[]}}',
    '',
    'event: content_block_delta',
    'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}',
    '',
    ': still here',
    'event: content_block_delta',
    'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"lo"}}',
    '',
    'event: error',
    'data: {"type":"error","error":{"type":"overloaded_error","message":"上游负载过高"}}',
    '',
  ].join('\r\n'),
  '/v1/responses': [
    'event: response.created',
    'data: {"type":"response.created","response":{"id":"resp_1","status":"in_progress"}}',
    '',
    'event: response.output_text.delta',
    'data: {"type":"response.output_text.delta","delta":"partial"}',
    '',
    'event: response.failed',
    'data: {"type":"response.failed","response":{"id":"resp_1","status":"failed","error":{"code":"server_error","message":"model crashed"}}}',
    '',
  ].join('\n'),
  '/v1/chat/completions': [
    ': ping',
    'data: {"choices":[{"index":0,"delta":{"content":"A"},"finish_reason":null}]}',
    '',
    'data: {"choices":[{"index":0,"delta":{"content":"B"},"finish_reason":"stop"}]}',
    '',
  ].join('\n'),
};

/** Complete answers of each style, sent instead of a stream while `wholeAnswers` is set. */
const complete: Record<string, unknown> = {
  '/v1/messages': {
    id: 'msg_2',
    type: 'message',
    role: 'assistant',
    content: [
      { type: 'text', text: 'A whole ' },
      { type: 'text', text: 'message' },
    ],
  },
  '/v1/responses': {
    id: 'resp_2',
    object: 'response',
    status: 'completed',
    output: [{ type: 'message', content: [{ type: 'output_text', text: 'A whole response' }] }],
  },
  '/v1/chat/completions': {
    id: 'c_2',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: 'A whole completion' }, finish_reason: 'stop' }],
  },
};
let wholeAnswers = false;

let server: Server;
let client: GatewayClient;
// This stand-in serves no model list, which the client reads before a chat and retries with its
// default backoff (seconds): that backoff passes on a virtual clock.
const clock = new VirtualClock();
beforeAll(async () => {
  server = createServer((request, response) => {
    if (wholeAnswers) {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(complete[request.url ?? ''] ?? {}));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(streams[request.url ?? ''] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  client = new GatewayClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk-localtestlocaltest', clock });
});
afterAll(async () => {
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('tolerant streams', () => {
  it('skips keep-alive comments and turns a mid-stream error event into a GatewayError', async () => {
    const seen: string[] = [];
    const error: unknown = await (async () => {
      for await (const event of client.text.streamMessages({ model: 'chat-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })) {
        seen.push(event.textDelta);
      }
    })().catch((e: unknown) => e);
    expect(seen.join('')).toBe('Hello');
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ status: 200, shape: 'messages', type: 'overloaded_error', gatewayMessage: '上游负载过高' });
  });

  it('reports response.failed as an error with the model’s message', async () => {
    const error: unknown = await collectText(client.text.streamResponses({ model: 'gen-5.2-official', input: 'x' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ gatewayMessage: 'model crashed', code: 'server_error' });
  });

  it('accepts a chat stream that ends with a finish_reason but no [DONE]', async () => {
    const chat = collectText(client.text.streamChat({ model: 'gen-5.2-official', messages: [{ role: 'user', content: 'x' }] }));
    expect(await onVirtualTime(clock, chat)).toBe('AB');
  });

  it('reads one complete JSON answer to a stream request as the reply, in each style', async () => {
    wholeAnswers = true;
    try {
      const user = [{ role: 'user' as const, content: 'x' }];
      const chat = await onVirtualTime(clock, collectText(client.text.streamChat({ model: 'gen-5.2-official', messages: user })));
      const message = await collectText(client.text.streamMessages({ model: 'chat-haiku-4-5', max_tokens: 10, messages: user }));
      const response = await collectText(client.text.streamResponses({ model: 'gen-5.2-official', input: 'x' }));
      expect([chat, message, response]).toEqual(['A whole completion', 'A whole message', 'A whole response']);
    } finally {
      wholeAnswers = false;
    }
  });
});
