import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { turnBudget } from './turn-budget';

describe('turnBudget', () => {
  it('shares one budget among the callers of a turn and starts afresh on the next turn', async () => {
    await nextTurn();
    let clock = 100;
    const now = (): number => clock;
    const first = turnBudget(4, now);
    clock += 3;
    expect(first()).toBe(false);
    // A second caller in the same turn gets what the first left: 1 ms, not 4.
    const second = turnBudget(4, now);
    clock += 1;
    expect(second()).toBe(true);
    expect(first()).toBe(true);

    await nextTurn();
    const next = turnBudget(4, now);
    clock += 3;
    expect(next()).toBe(false);
    clock += 1;
    expect(next()).toBe(true);
  });
});
