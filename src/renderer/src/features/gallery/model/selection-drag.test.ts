import { describe, expect, it } from 'vitest';
import { boardOrderAfterDrop } from './selection-drag';

describe('reordering boards by dragging', () => {
  it('puts a board where it was dropped, in either direction', () => {
    expect(boardOrderAfterDrop(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(boardOrderAfterDrop(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(boardOrderAfterDrop(['a', 'b'], 'a', 'a')).toEqual(['a', 'b']);
    expect(boardOrderAfterDrop(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
  });
});
