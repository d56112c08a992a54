import { describe, expect, it } from 'vitest';
import { CorruptRowError, parseJsonValueColumn } from './json-column';

describe('parseJsonValueColumn', () => {
  it('gives back any JSON value as stored', () => {
    const request = { model: 'gen-image-2', prompt: '橘猫 on a roof', n: 2, image_urls: ['https://example.com/a.png'], mask: null, seed: 1.5, hd: true };
    expect(parseJsonValueColumn(JSON.stringify(request), 'assets.request of a')).toEqual(request);
    expect(parseJsonValueColumn('"text"', 'x')).toBe('text');
    expect(parseJsonValueColumn('[1,[2,{"a":[]}]]', 'x')).toEqual([1, [2, { a: [] }]]);
  });

  it('names the column when the text is not JSON', () => {
    expect(() => parseJsonValueColumn('{"model": "gen', 'assets.request of a1')).toThrow(CorruptRowError);
    expect(() => parseJsonValueColumn('', 'assets.request of a1')).toThrow('The library database holds an unreadable value in assets.request of a1.');
  });
});
