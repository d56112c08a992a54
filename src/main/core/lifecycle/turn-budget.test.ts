import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { turnBudget, TurnShare } from './turn-budget';

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

  it('a share that finds the turn spent waits for the next turn, but never two turns in a row', async () => {
    await nextTurn();
    let clock = 100;
    const now = (): number => clock;
    const share = new TurnShare(4, now);
    // Alone in the turn: the budget is fresh, so the share runs.
    expect(share.take()).toBeDefined();

    await nextTurn();
    turnBudget(4, now);
    clock += 5;
    // Another caller spent this turn: come back on the next.
    expect(share.take()).toBeUndefined();

    await nextTurn();
    turnBudget(4, now);
    clock += 5;
    // Spent again, but the share waited last turn: it takes its first item now.
    const spent = share.take();
    expect(spent?.()).toBe(true);

    await nextTurn();
    turnBudget(4, now);
    clock += 5;
    expect(share.take()).toBeUndefined();
  });

  it('runs its work in this turn, or in the next when another caller spent this one', async () => {
    await nextTurn();
    let clock = 100;
    const now = (): number => clock;
    const share = new TurnShare(4, now);
    const ran: string[] = [];
    turnBudget(4, now);
    clock += 5;
    share.runInTurn(() => ran.push('first'));
    expect(ran).toEqual([]);
    await nextTurn();
    await nextTurn();
    expect(ran).toEqual(['first']);
    share.runInTurn(() => ran.push('second'));
    expect(ran).toEqual(['first', 'second']);
  });

  it('gives an async caller the budget on the first turn it may take', async () => {
    await nextTurn();
    let clock = 100;
    const now = (): number => clock;
    const share = new TurnShare(4, now);
    turnBudget(4, now);
    clock += 5;
    let given = false;
    const due = share.due().then((spent) => {
      given = true;
      return spent;
    });
    await Promise.resolve();
    expect(given).toBe(false);
    const spent = await due;
    expect(spent()).toBe(false);
  });
});
