import { describe, expect, it } from 'vitest';
import { isSecretField, redactRequest } from './redact';

describe('isSecretField', () => {
  it.each([
    'authorization',
    'Authorization',
    'api_key',
    'apiKey',
    'x-api-key',
    'API_KEY',
    'key',
    'token',
    'access_token',
    'refreshToken',
    'client_secret',
    'password',
    'Cookie',
    'private_key',
    'credentials',
  ])('treats %s as secret', (name) => expect(isSecretField(name)).toBe(true));

  it.each(['model', 'prompt', 'max_tokens', 'max_output_tokens', 'token_id', 'keyframe', 'monkey', 'image_urls', 'metadata', 'client_business_id'])(
    'keeps %s',
    (name) => expect(isSecretField(name)).toBe(false),
  );
});

describe('redactRequest', () => {
  it('drops secret fields at any depth and keeps the rest of the request intact', () => {
    const request = {
      model: 'gen-image-2',
      prompt: 'a red fox',
      max_tokens: 100,
      api_key: 'sk-abc',
      headers: { Authorization: 'Bearer sk-abc', 'Content-Type': 'application/json' },
      metadata: { n: 2, token: 't', nested: [{ secret: 's', keep: true }] },
      image_urls: ['https://files.example/a.png'],
    };
    expect(redactRequest(request)).toEqual({
      model: 'gen-image-2',
      prompt: 'a red fox',
      max_tokens: 100,
      headers: { 'Content-Type': 'application/json' },
      metadata: { n: 2, nested: [{ keep: true }] },
      image_urls: ['https://files.example/a.png'],
    });
  });

  it('drops values that look like keys or Authorization headers whatever the field is called', () => {
    expect(redactRequest({ note: 'Bearer abc.def', other: 'sk-0123456789abcdefghij', list: ['ok', 'basic dXNlcjpwYXNz'] })).toEqual({ list: ['ok'] });
  });

  it('does not change the input and returns plain JSON', () => {
    const request = { api_key: 'x', when: new Date(0), n: Number.NaN, skip: undefined };
    expect(redactRequest(request)).toEqual({ when: '1970-01-01T00:00:00.000Z', n: null });
    expect(request.api_key).toBe('x');
    expect(redactRequest(undefined)).toBeNull();
  });
});
