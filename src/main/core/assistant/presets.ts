/** Style presets in the library database: a named text put before or after the prompt, and options. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Preset, PresetPlacement, presetDraftSchema } from '../../../shared/contract';
import type { LibraryDatabase } from '../library';
import { StudioFailure } from '../router/failure';

interface PresetRow {
  id: string;
  name: string;
  text: string;
  placement: PresetPlacement;
  values: string;
  variant_id: string | null;
  created_at: number;
  updated_at: number;
}

const valuesSchema = z.record(z.string(), z.unknown());

function toPreset(row: PresetRow): Preset {
  let values: Record<string, unknown> = {};
  try {
    const parsed = valuesSchema.safeParse(JSON.parse(row.values));
    if (parsed.success) values = parsed.data;
  } catch {
    // A damaged options column leaves the preset's text usable.
  }
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    placement: row.placement,
    values,
    variantId: row.variant_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const columns = 'id, name, text, placement, "values", variant_id, created_at, updated_at';

/** Presets by name (as the menu lists them). */
export function listPresets(db: LibraryDatabase): Preset[] {
  return db.prepare<[], PresetRow>(`SELECT ${columns} FROM presets ORDER BY name COLLATE NOCASE, id`).all().map(toPreset);
}

function getPreset(db: LibraryDatabase, id: string): Preset | undefined {
  const row = db.prepare<[string], PresetRow>(`SELECT ${columns} FROM presets WHERE id = ?`).get(id);
  return row && toPreset(row);
}

/** Creates a preset, or changes one when the draft has an id. Names are unique, whatever their case. */
export function savePreset(db: LibraryDatabase, draft: z.output<typeof presetDraftSchema>): Preset {
  return db.transaction(() => {
    const clash = db
      .prepare<[string, string], { id: string }>('SELECT id FROM presets WHERE name = ? COLLATE NOCASE AND id <> ?')
      .get(draft.name, draft.id ?? '');
    if (clash) throw StudioFailure.of('preset_name_taken', { name: draft.name });
    const now = db.now();
    const values = JSON.stringify(draft.values);
    if (draft.id !== undefined) {
      const changed = db
        .prepare('UPDATE presets SET name = ?, text = ?, placement = ?, "values" = ?, variant_id = ?, updated_at = ? WHERE id = ?')
        .run(draft.name, draft.text, draft.placement, values, draft.variantId, now, draft.id).changes;
      if (changed === 0) throw StudioFailure.of('preset_not_found');
      return getPresetOrThrow(db, draft.id);
    }
    const id = randomUUID();
    db.prepare(`INSERT INTO presets (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
      id,
      draft.name,
      draft.text,
      draft.placement,
      values,
      draft.variantId,
      now,
      now,
    );
    return getPresetOrThrow(db, id);
  });
}

export function deletePreset(db: LibraryDatabase, id: string): boolean {
  return db.prepare('DELETE FROM presets WHERE id = ?').run(id).changes === 1;
}

function getPresetOrThrow(db: LibraryDatabase, id: string): Preset {
  const preset = getPreset(db, id);
  if (!preset) throw new Error(`Preset ${id} vanished while it was being written.`);
  return preset;
}
