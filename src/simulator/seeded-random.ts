/**
 * mulberry32: small seeded generator, so fault probabilities are reproducible. Its state is
 * saved with the simulator's, so a restarted simulator never hands out an id twice.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  readonly next = (): number => {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };

  get current(): number {
    return this.state;
  }

  set current(state: number) {
    this.state = state >>> 0;
  }
}
