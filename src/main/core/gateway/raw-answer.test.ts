import { describe, expect, it } from 'vitest';
import { RAW_ANSWER_MAX_CHARS, answerExcerpt } from './raw-answer';

describe('answerExcerpt', () => {
  it('keeps the shape of a JSON answer and shortens long strings such as Base64', () => {
    const b64 = 'A'.repeat(10_000);
    const excerpt = answerExcerpt({ json: { ok: true, images: [{ data: b64 }] } }, []);
    expect(JSON.parse(excerpt)).toEqual({ ok: true, images: [{ data: `${'A'.repeat(64)}…(10000 characters)` }] });
  });

  it('removes the key and anything that looks like one', () => {
    const excerpt = answerExcerpt({ text: 'echo: Bearer sk-live1234567890abcdef and sk-other9876543210zz' }, ['sk-live1234567890abcdef']);
    expect(excerpt).not.toMatch(/live1234567890abcdef|other9876543210zz/);
    expect(excerpt).toMatch(/redacted/);
  });

  it('is bounded in size', () => {
    const excerpt = answerExcerpt({ text: 'x'.repeat(100_000) }, []);
    expect(excerpt.length).toBeLessThan(RAW_ANSWER_MAX_CHARS + 50);
    expect(excerpt).toMatch(/100000 characters in all/);
  });
});
