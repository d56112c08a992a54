import { describe, expect, it } from 'vitest';
import { redactSecrets, StreamRedactor } from './redact';

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

describe('StreamRedactor', () => {
  const key = 'sk-abcdefghijklmnopqrstuvwxyz012345';
  const filler = 'a quiet harbour at dawn, '.repeat(100);

  /** Feeds `text` in pieces of `size` characters and joins what is released. */
  const streamed = (text: string, size: number): string => {
    const redactor = new StreamRedactor([key]);
    let out = '';
    for (let at = 0; at < text.length; at += size) out += redactor.push(text.slice(at, at + size));
    return out + redactor.flush();
  };

  it('releases what the whole text redacts to, however the key is split across pieces', () => {
    const text = `${filler}here is ${key} and Bearer tok.en-value then ${filler}${key.slice(3)}${filler}`;
    for (const size of [1, 3, 7, 64, 1000]) {
      const out = streamed(text, size);
      expect(out, `pieces of ${size}`).toBe(redactSecrets(text, [key]));
      expect(out).not.toContain('abcdefghijklmnop');
    }
  });

  it('holds back only a word that may still grow into a key, and releases a key-like run longer than any key', () => {
    const redactor = new StreamRedactor([key]);
    expect(redactor.push('a quiet harbour at dawn, ')).toBe('a quiet harbour at dawn, ');
    expect(redactor.push('with Bearer')).toBe('with ');
    expect(redactor.push(' abc')).toBe('');
    expect(redactor.push('def and')).toBe('Bearer sk-…(redacted) ');
    const run = ` sk-${'x'.repeat(6000)}`;
    let out = '';
    for (let at = 0; at < run.length; at += 10) out += redactor.push(run.slice(at, at + 10));
    expect(out).toBe('and sk-…(redacted)');
  });
});
