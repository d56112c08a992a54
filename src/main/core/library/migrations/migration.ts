import type { Database } from 'better-sqlite3';

/** One numbered schema change. `up` runs inside a transaction together with the version bump. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}
