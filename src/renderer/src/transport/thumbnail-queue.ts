/**
 * The order in which the grid's tiles fetch their thumbnails. A browser fetches at most six files
 * at a time from one host and queues the rest in the order asked, long after their tiles have
 * scrolled away: a search after fast scrolling waited seconds behind them. Here a tile asks for a
 * turn when it comes into view and gives it back once its picture has loaded, failed or the tile
 * has gone; only tiles still in the grid wait, in the order they came, and at most `limit`
 * pictures are on their way at once (one of the browser's connections stays free for the studio's
 * own calls and event stream).
 */
export interface ThumbnailTurn {
  /** Gives the turn back (loaded, failed or the tile gone); the next waiting tile starts. Safe to call twice. */
  release(): void;
}

interface Ticket {
  start: () => void;
  state: 'waiting' | 'loading' | 'done';
}

export class ThumbnailQueue {
  private readonly waiting: Ticket[] = [];
  private loading = 0;

  constructor(private readonly limit: number) {}

  /** Asks for a turn: `start` runs now if one is free, else once one is (never after `release`). */
  request(start: () => void): ThumbnailTurn {
    const ticket: Ticket = { start, state: 'waiting' };
    this.waiting.push(ticket);
    this.pump();
    return {
      release: () => {
        if (ticket.state === 'done') return;
        if (ticket.state === 'loading') this.loading -= 1;
        else this.waiting.splice(this.waiting.indexOf(ticket), 1);
        ticket.state = 'done';
        this.pump();
      },
    };
  }

  /** Pictures on their way now. */
  get inFlight(): number {
    return this.loading;
  }

  /** Tiles waiting for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  private pump(): void {
    // A start may release at once (a picture already in the cache): the loop takes the next one.
    while (this.loading < this.limit) {
      const next = this.waiting.shift();
      if (!next) return;
      next.state = 'loading';
      this.loading += 1;
      next.start();
    }
  }
}
