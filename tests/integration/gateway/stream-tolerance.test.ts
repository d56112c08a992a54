/**
 * Streams as other deployments send them (keep-alive comments, CRLF line ends, error events in
 * the middle of a 200 answer), served by a plain HTTP server standing in for such a gateway.
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

let server: Server;
let client: GatewayClient;
// This stand-in serves no model list, which the client reads before a chat and retries with its
// default backoff (seconds): that backoff passes on a virtual clock.
const clock = new VirtualClock();
beforeAll(async () => {
  server = createServer((request, response) => {
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
});
