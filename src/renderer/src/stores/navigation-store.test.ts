import { describe, expect, it } from 'vitest';
import { hashOf, pageFromHash, pages } from './navigation-store';

describe('hash routing', () => {
  it('reads every page back from its own address', () => {
    for (const page of pages) expect(pageFromHash(hashOf(page))).toBe(page);
  });

  it('accepts the hash with or without a slash and ignores what follows the page', () => {
    expect(pageFromHash('#settings')).toBe('settings');
    expect(pageFromHash('#/gallery/123')).toBe('gallery');
    expect(pageFromHash('#/timeline?job=4')).toBe('timeline');
  });

  it('opens Create for an empty or unknown address', () => {
    expect(pageFromHash('')).toBe('create');
    expect(pageFromHash('#/')).toBe('create');
    expect(pageFromHash('#/nowhere')).toBe('create');
  });
});
