import { describe, expect, it } from 'vitest';
import { buildMatchQuery, searchTextOf } from './search-text';

describe('searchTextOf', () => {
  it('splits CJK characters into separate tokens and leaves spaced scripts alone', () => {
    expect(searchTextOf('奔跑的橘猫').trim().split(/\s+/)).toEqual(['奔', '跑', '的', '橘', '猫']);
    expect(searchTextOf('a red fox')).toBe('a red fox');
    expect(searchTextOf('霓虹 neon')).toContain(' neon');
    expect(searchTextOf(null)).toBe('');
  });

  it('normalises full-width forms so they match their ASCII spelling', () => {
    expect(searchTextOf('ＦＯＸ')).toBe('FOX');
  });
});

describe('buildMatchQuery', () => {
  it('quotes every term as a prefix phrase and ANDs the terms', () => {
    expect(buildMatchQuery('red fox')).toBe('"red"* AND "fox"*');
  });

  it('turns CJK terms into phrases of single characters', () => {
    expect(buildMatchQuery('橘猫')).toBe('"橘 猫"*');
  });

  it('neutralises FTS5 syntax: operators, quotes, column filters and brackets are plain text', () => {
    expect(buildMatchQuery('NOT fox')).toBe('"NOT"* AND "fox"*');
    expect(buildMatchQuery('say "hi"')).toBe('"say"* AND """hi"""*');
    expect(buildMatchQuery('prompt:fox (a OR b)')).toBe('"prompt:fox"* AND "(a"* AND "OR"* AND "b)"*');
  });

  it('returns null when nothing searchable is left', () => {
    expect(buildMatchQuery('')).toBeNull();
    expect(buildMatchQuery('   ')).toBeNull();
    expect(buildMatchQuery('!!! ***')).toBeNull();
  });
});
