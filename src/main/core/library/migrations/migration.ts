import type { Database } from 'better-sqlite3';
import type { LegacyEngineState } from '../legacy-engine-state';

/** What a migration may need besides the database: data earlier versions kept elsewhere. */
export interface MigrationContext {
  /** The job engine's state as the settings file held it before migration 8. */
  legacyEngineState?: LegacyEngineState | undefined;
}

/** One numbered schema change. `up` runs inside a transaction together with the version bump. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database, context: MigrationContext): void;
}
