import { describe, expect, it } from 'vitest';
import { emptySelection, select, type Selection } from './selection';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const ids = (state: Selection): string[] => [...state.ids].sort();

describe('gallery selection', () => {
  it('selects one on click, toggles with Ctrl/Cmd, and ranges from the anchor with Shift', () => {
    let state = select(emptySelection, { type: 'click', id: 'b' });
    expect(ids(state)).toEqual(['b']);
    state = select(state, { type: 'toggle', id: 'd' });
    expect(ids(state)).toEqual(['b', 'd']);
    state = select(state, { type: 'toggle', id: 'b' });
    expect(ids(state)).toEqual(['d']);
    // The anchor moved to the last Ctrl-clicked item: Shift ranges from there, both ways.
    state = select(state, { type: 'range', id: 'f', order });
    expect(ids(state)).toEqual(['b', 'c', 'd', 'e', 'f']);
    state = select(state, { type: 'range', id: 'a', order });
    expect(ids(state)).toEqual(['a', 'b']);
    expect(state.active).toBe('a');
  });

  it('adds a rubber band to what was selected, selects all and clears', () => {
    let state = select(emptySelection, { type: 'click', id: 'a' });
    state = select(state, { type: 'band', ids: ['c', 'd'], base: state.ids });
    expect(ids(state)).toEqual(['a', 'c', 'd']);
    state = select(state, { type: 'all', order });
    expect(state.ids.size).toBe(6);
    state = select(state, { type: 'clear' });
    expect(state.ids.size).toBe(0);
  });

  it('drops items that left the list', () => {
    let state = select(emptySelection, { type: 'all', order });
    state = select(state, { type: 'keep', order: ['a', 'c'] });
    expect(ids(state)).toEqual(['a', 'c']);
    expect(select(state, { type: 'keep', order: ['a', 'c'] })).toBe(state);
  });
});
