import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact';

describe('redactSecrets', () => {
  const key = 'sk-abcdefghijklmnopqrstuvwxyz012345';

  it('removes a given key with and without its prefix', () => {
    const text = redactSecrets(`bad key ${key}; bare abcdefghijklmnopqrstuvwxyz012345`, [key]);
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz012345');
  });

  it('removes key-like strings and bearer values it was not told about', () => {
    const text = redactSecrets('token sk-ZZZZZZZZZZZZZZZZ and Authorization: Bearer abc.def');
    expect(text).not.toContain('ZZZZZZZZ');
    expect(text).not.toContain('abc.def');
  });

  it('leaves ordinary text alone', () => {
    expect(redactSecrets('获取令牌信息失败', [key])).toBe('获取令牌信息失败');
  });
});
