import type { Migration } from './migration';

/** Journal rows kept: older ones go (a panel counted before them is counted afresh). */
const KEPT_ROWS = 20_000;

/**
 * What changed since the filter panel's counts were worked out, so they can be brought up to date
 * from the changed assets alone (`facet-journal.ts`) instead of counted again over the library:
 * each asset row inserted, updated or deleted (with its old counted columns), each tag, board or
 * character link added or removed, and a marker for the changes only a full count follows
 * (boards themselves, a job's batch, a batch's name or age). Kept by triggers, from any connection.
 */
export const facetJournal: Migration = {
  version: 23,
  name: 'facet journal',
  up(db) {
    db.exec(`
      CREATE TABLE facet_journal (
        seq            INTEGER PRIMARY KEY,
        change         TEXT NOT NULL,
        asset_id       TEXT,
        value          TEXT,
        sign           INTEGER,
        kind           TEXT,
        model          TEXT,
        variant_id     TEXT,
        favourite      INTEGER,
        created_at     INTEGER,
        job_id         TEXT,
        prompt_changed INTEGER NOT NULL DEFAULT 0
      );
      CREATE TRIGGER facet_journal_trim AFTER INSERT ON facet_journal WHEN NEW.seq % 1000 = 0
      BEGIN DELETE FROM facet_journal WHERE seq <= NEW.seq - ${String(KEPT_ROWS)}; END;

      CREATE TRIGGER assets_journal_insert AFTER INSERT ON assets
      BEGIN INSERT INTO facet_journal (change, asset_id) VALUES ('insert', NEW.id); END;
      CREATE TRIGGER assets_journal_delete AFTER DELETE ON assets
      BEGIN
        INSERT INTO facet_journal (change, asset_id, kind, model, variant_id, favourite, created_at, job_id)
        VALUES ('delete', OLD.id, OLD.kind, OLD.model, OLD.variant_id, OLD.favourite, OLD.created_at, OLD.job_id);
      END;
      CREATE TRIGGER assets_journal_update AFTER UPDATE OF id, kind, model, variant_id, favourite, created_at, job_id, prompt ON assets
      BEGIN
        INSERT INTO facet_journal (change, asset_id, kind, model, variant_id, favourite, created_at, job_id, prompt_changed)
        VALUES ('update', OLD.id, OLD.kind, OLD.model, OLD.variant_id, OLD.favourite, OLD.created_at, OLD.job_id, OLD.prompt IS NOT NEW.prompt);
        INSERT INTO facet_journal (change, asset_id) SELECT 'recount', NULL WHERE OLD.id IS NOT NEW.id;
      END;
    `);
    const links = [
      { table: 'asset_tags', change: 'tag', column: 'tag' },
      { table: 'board_items', change: 'board', column: 'board_id' },
      { table: 'asset_characters', change: 'character', column: 'username' },
    ];
    for (const { table, change, column } of links) {
      db.exec(`
        CREATE TRIGGER ${table}_journal_insert AFTER INSERT ON ${table}
        BEGIN INSERT INTO facet_journal (change, asset_id, value, sign) VALUES ('${change}', NEW.asset_id, NEW.${column}, 1); END;
        CREATE TRIGGER ${table}_journal_delete AFTER DELETE ON ${table}
        BEGIN INSERT INTO facet_journal (change, asset_id, value, sign) VALUES ('${change}', OLD.asset_id, OLD.${column}, -1); END;
        CREATE TRIGGER ${table}_journal_update AFTER UPDATE ON ${table}
        BEGIN INSERT INTO facet_journal (change) VALUES ('recount'); END;
      `);
    }
    // Changes the counts follow only by counting again: boards listed, a job's batch, a batch's name and age.
    const recount = "BEGIN INSERT INTO facet_journal (change) VALUES ('recount'); END";
    db.exec(`
      CREATE TRIGGER boards_journal_insert AFTER INSERT ON boards ${recount};
      CREATE TRIGGER boards_journal_delete AFTER DELETE ON boards ${recount};
      CREATE TRIGGER boards_journal_update AFTER UPDATE OF id, name, position, filter ON boards ${recount};
      CREATE TRIGGER jobs_journal_delete AFTER DELETE ON jobs ${recount};
      CREATE TRIGGER jobs_journal_update AFTER UPDATE OF id, batch_id ON jobs ${recount};
      CREATE TRIGGER batches_journal_delete AFTER DELETE ON batches ${recount};
      CREATE TRIGGER batches_journal_update AFTER UPDATE OF id, name, created_at ON batches ${recount};
    `);
  },
};
