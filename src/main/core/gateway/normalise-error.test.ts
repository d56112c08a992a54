import { describe, expect, it } from 'vitest';
import { errorFromAnswer, errorFromTransport, provablyNotSent, transportCode } from './normalise-error';

const site = { method: 'POST', path: '/v1/images/generations', secrets: ['sk-secretsecretsecret'] };

function coded(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe('transport failures', () => {
  it('finds codes through wrappers and AggregateError', () => {
    expect(transportCode(new AggregateError([coded('ECONNREFUSED')], 'connect failed'))).toBe('ECONNREFUSED');
    expect(transportCode(new Error('outer', { cause: coded('ENOTFOUND') }))).toBe('ENOTFOUND');
    expect(transportCode('nothing')).toBeUndefined();
  });

  it('treats only connection-phase failures as provably unsent', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'CERT_HAS_EXPIRED']) {
      expect(provablyNotSent(coded(code)), code).toBe(true);
    }
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'EPIPE']) {
      expect(provablyNotSent(coded(code)), code).toBe(false);
    }
  });

  it('marks an unsent request as reachable-never and a broken one as outcome unknown', () => {
    expect(errorFromTransport(site, coded('ECONNREFUSED'), { canceled: false })).toMatchObject({
      kind: 'unreachable',
      mayHaveReachedServer: false,
      outcomeUnknown: false,
      retryable: true,
    });
    expect(errorFromTransport(site, coded('UND_ERR_SOCKET', 'other side closed'), { canceled: false })).toMatchObject({
      kind: 'connection',
      mayHaveReachedServer: true,
      outcomeUnknown: true,
    });
    expect(errorFromTransport(site, coded('UND_ERR_HEADERS_TIMEOUT'), { canceled: false })).toMatchObject({ kind: 'timeout' });
    expect(errorFromTransport(site, coded('CERT_HAS_EXPIRED'), { canceled: false })).toMatchObject({ retryable: false });
  });

  it('never carries the key in its text', () => {
    const error = errorFromTransport(site, coded('ECONNRESET', 'reset while sending Bearer sk-secretsecretsecret'), { canceled: false });
    expect(error.message).not.toContain('secretsecret');
  });
});

describe('error answers', () => {
  it('does not retry quota and missing-channel answers, retries 5xx and 429', () => {
    const quota = errorFromAnswer(site, 403, { error: { message: '额度不足', code: 'insufficient_user_quota' } }, undefined);
    expect(quota).toMatchObject({ knownCase: 'insufficient_quota', retryable: false, outcomeUnknown: false });
    const channel = errorFromAnswer(site, 503, { error: { message: '无可用渠道', code: 'model_not_found' } }, undefined);
    expect(channel).toMatchObject({ knownCase: 'model_not_found', retryable: false });
    expect(errorFromAnswer(site, 500, '', undefined)).toMatchObject({ shape: 'empty', retryable: true });
    expect(errorFromAnswer(site, 429, 'slow down', 2000)).toMatchObject({ shape: 'text', retryable: true, retryAfterMs: 2000 });
  });

  it('treats a proxy that gave up (502, 504) as outcome unknown', () => {
    expect(errorFromAnswer(site, 504, '<html><body>Gateway Timeout</body></html>', undefined)).toMatchObject({
      outcomeUnknown: true,
      gatewayMessage: 'Gateway Timeout',
    });
  });

  it('reads HTTP-200 account failures as account errors', () => {
    expect(errorFromAnswer(site, 200, { success: false, message: '获取令牌信息失败' }, undefined)).toMatchObject({
      kind: 'account',
      shape: 'account200',
      knownCase: 'token_not_found',
    });
  });
});
