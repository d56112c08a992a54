/**
 * Rendered bytes by recipe key, least recently used first out once over a byte budget.
 * A render in progress is shared, so two downloads of one result render it once.
 */
export class RenderCache {
  private readonly entries = new Map<string, { bytes: Promise<Buffer>; size: number }>();
  private total = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The cached bytes of `key`, or those `render` makes (failures are not kept). */
  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.bytes;
    }
    const entry = { bytes: render(), size: 0 };
    this.entries.set(key, entry);
    entry.bytes.then(
      (bytes) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = bytes.length;
        this.total += bytes.length;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.budgetBytes) return;
      // Renders still running have size 0 and stay.
      if (entry.size === 0) continue;
      this.entries.delete(key);
      this.total -= entry.size;
    }
  }
}
