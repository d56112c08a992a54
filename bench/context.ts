/**
 * What every benchmark receives from `run.ts`, and the shape of a benchmark module. A new
 * benchmark is one file exporting `run(context)` and one line in run.ts's list.
 */
import type { Table } from './table';

export interface BenchContext {
  /** `--quick`: smaller libraries, files and bursts, fewer calls; the whole run under two minutes. */
  readonly quick: boolean;
  /**
   * Writes an SVG plot beside results.json (`bench/plots/<benchmark>-<name>.svg`) and returns its
   * path from the repository root, for the notes.
   */
  plot(name: string, svg: string): string;
}

export interface BenchmarkModule {
  run(context: BenchContext): Promise<Table[]>;
}

/** `full` in a full run, `quick` with `--quick`. */
export function sized<T>(context: BenchContext, full: T, quick: T): T {
  return context.quick ? quick : full;
}
