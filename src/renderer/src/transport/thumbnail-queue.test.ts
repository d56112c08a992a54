import { describe, expect, it } from 'vitest';
import { ThumbnailQueue } from './thumbnail-queue';

describe('thumbnail turns', () => {
  it('lets a few pictures load at once and the next tile still in the grid start when one is done', () => {
    const queue = new ThumbnailQueue(2);
    const started: string[] = [];
    const turns = ['a', 'b', 'c', 'd'].map((name) => queue.request(() => started.push(name)));
    expect(started).toEqual(['a', 'b']);
    // c's tile left the grid before its turn: it never fetches, d goes next.
    turns[2]?.release();
    turns[0]?.release();
    expect(started).toEqual(['a', 'b', 'd']);
    expect(queue.inFlight).toBe(2);
    expect(queue.queued).toBe(0);
  });

  it('gives a turn back once, however often it is released (loaded, then the tile gone)', () => {
    const queue = new ThumbnailQueue(1);
    const started: string[] = [];
    const first = queue.request(() => started.push('first'));
    queue.request(() => started.push('second'));
    queue.request(() => started.push('third'));
    first.release();
    first.release();
    expect(started).toEqual(['first', 'second']);
    expect(queue.inFlight).toBe(1);
  });

  it('goes on at once past pictures that were already in the cache', () => {
    const queue = new ThumbnailQueue(1);
    const started: number[] = [];
    for (let index = 0; index < 5; index++) {
      const turn = queue.request(() => started.push(index));
      turn.release();
    }
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.inFlight).toBe(0);
  });
});
