import { describe, expect, it } from 'vitest';
import { formatNotes } from './batch-input';

describe('formatNotes', () => {
  it('prints a note once for every line it concerns, with runs of lines shortened', () => {
    const notes = [1, 2, 3, 5, 9, 10].map((line) => ({ line, message: 'same note' }));
    expect(formatNotes([...notes, { line: 4, message: 'other note' }])).toEqual(['lines 1-3, 5, 9-10: same note', 'line 4: other note']);
  });
});
