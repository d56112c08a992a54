import { z } from 'zod';
import type { PresetRef } from '../../../shared/contract';
import { createLogger } from '../log';

const log = createLogger('library');

const presetRefColumn = z.object({ id: z.string().min(1), name: z.string() });

/**
 * The preset a job or result was made with, read from its JSON column. A damaged value reads as
 * no preset (it only labels the recipe; the result itself stays usable).
 */
export function presetFromColumn(text: string | null, where: string): PresetRef | null {
  if (text === null) return null;
  try {
    const parsed = presetRefColumn.safeParse(JSON.parse(text));
    if (parsed.success) return { id: parsed.data.id, name: parsed.data.name };
  } catch {
    // Reported below like any other unreadable value.
  }
  log.warn(`unreadable preset in ${where}; shown without one`);
  return null;
}

/** The column value of a preset reference. */
export function presetToColumn(preset: PresetRef | null | undefined): string | null {
  return preset ? JSON.stringify({ id: preset.id, name: preset.name }) : null;
}
