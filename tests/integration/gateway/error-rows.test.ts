/**
 * The Errors table of the interface, row by row, as the simulator really answers it (bodies the
 * wrappers would refuse locally are sent raw through the one request path).
 */
import { describe, expect, it } from 'vitest';
import { isAccountFailure } from '../../../src/shared/gateway/errors';
import type { GatewayClient } from '../../../src/main/core/gateway/client';
import { GatewayError } from '../../../src/main/core/gateway/gateway-error';
import type { GatewayRequest } from '../../../src/main/core/gateway/http';
import { gatewayForFile } from './harness';

const gw = gatewayForFile();

async function rejection(client: GatewayClient, req: Omit<GatewayRequest, 'retry'>): Promise<GatewayError> {
  const error: unknown = await client.http.requestJson({ retry: 'none', reportsFailure: isAccountFailure, ...req }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `${req.method} ${req.path}`).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

const user = [{ role: 'user', content: 'hi' }];

describe('the interface’s error rows', () => {
  it('balances and tokens: 401 and 429 in the account shape, for every account endpoint', async () => {
    const anonymous = gw.client({ apiKey: '' });
    for (const [method, path] of [
      ['GET', '/v1/balance'],
      ['GET', '/balance'],
      ['GET', '/v1/user/balance'],
      ['POST', '/v1/tokens'],
    ] as const) {
      const error = await rejection(anonymous, { method, path, json: method === 'POST' ? { name: 'x' } : undefined });
      expect(error).toMatchObject({ status: 401, shape: 'account200', gatewayMessage: '无 Authorization 头', knownCase: 'unauthorized' });
    }
    await gw.addFault({ kind: 'rate-limit', retryAfterSeconds: 1, count: 3 });
    const client = gw.client();
    for (const path of ['/v1/balance', '/v1/user/balance', '/v1/tokens']) {
      const error = await rejection(client, { method: path === '/v1/tokens' ? 'POST' : 'GET', path, json: path === '/v1/tokens' ? { name: 'x' } : undefined });
      expect(error).toMatchObject({ status: 429, gatewayMessage: '请求过于频繁', knownCase: 'rate_limited', retryAfterMs: 1000 });
    }
  });

  it('responses: 400 for a model that does not support the interface, 401, 429', async () => {
    const client = gw.client();
    const body = { model: 'chat-haiku-4-5', input: 'x' };
    expect(await rejection(client, { method: 'POST', path: '/v1/responses', json: body })).toMatchObject({ status: 400, knownCase: 'bad_request' });
    const wrong = gw.client({ apiKey: 'sk-wrongwrongwrongwrong' });
    expect(await rejection(wrong, { method: 'POST', path: '/v1/responses', json: { ...body, model: 'gen-5.2-official' } })).toMatchObject({
      status: 401,
      knownCase: 'unauthorized',
    });
    await gw.addFault({ kind: 'rate-limit', route: 'POST /v1/responses', count: 1 });
    expect(await rejection(client, { method: 'POST', path: '/v1/responses', json: body })).toMatchObject({ status: 429, knownCase: 'rate_limited' });
  });

  it('messages: 400 when max_tokens is missing, in the messages error shape', async () => {
    const error = await rejection(gw.client(), {
      method: 'POST',
      path: '/v1/messages',
      json: { model: 'chat-sonnet-4-6', messages: user },
      headers: { 'provider-version': '2023-06-01' },
    });
    expect(error).toMatchObject({ status: 400, shape: 'messages', knownCase: 'bad_request' });
    expect(error.gatewayMessage).toMatch(/max_tokens/);
  });

  it('image variant B: 400 for an invalid size and resolution combination, 422 for Base64 references', async () => {
    const client = gw.client();
    const combination = await rejection(client, {
      method: 'POST',
      path: '/v1/images/generations',
      json: { model: 'gen-image-2', prompt: 'p', size: '1:1', resolution: '4K' },
    });
    expect(combination).toMatchObject({ status: 400, knownCase: 'bad_request', outcomeUnknown: false });
    const base64 = await rejection(client, {
      method: 'POST',
      path: '/v1/images/generations',
      json: { model: 'gen-image-2', prompt: 'p', size: '1:1', image_urls: ['data:image/png;base64,iVBORw0KGgo='] },
    });
    expect(base64).toMatchObject({ status: 422, knownCase: 'bad_request' });
    expect((await gw.stats()).totalSubmissions).toBe(0);
  });

  it('tasks: an unknown id answers task_not_exist in the task shape on every polling route', async () => {
    const client = gw.client();
    const polls = [
      () => client.tasks.pollImage('task_x'),
      () => client.tasks.pollOfficialVideo('task_x'),
      () => client.tasks.pollVideo('task_x'),
      () => client.tasks.pollClipVideo('task_x'),
      () => client.tasks.pollCharacter('task_x'),
    ];
    for (const poll of polls) {
      const error: unknown = await poll().catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, code: 'task_not_exist', knownCase: 'task_not_found', retryable: false });
    }
  });
});
