// The shell's own preferences, kept in the settings file under `desktop`. Pure: no electron import.
import { desktopPreferencesSchema, type DesktopPreferences } from '../../shared/contract';
import type { KeyValueStore } from '../core/settings/key-value-store';

const ENTRY = 'desktop';

const DEFAULT_DESKTOP_PREFERENCES: DesktopPreferences = { closeWhileRunning: 'keep-running', sessionOnlyKeys: false };

/** Reads the preferences field by field, so a damaged entry falls back to the defaults rather than failing start-up. */
export function readDesktopPreferences(store: KeyValueStore): DesktopPreferences {
  const parsed = desktopPreferencesSchema.partial().safeParse(store.get(ENTRY));
  return { ...DEFAULT_DESKTOP_PREFERENCES, ...(parsed.success ? parsed.data : {}) };
}

export function writeDesktopPreferences(store: KeyValueStore, patch: Partial<DesktopPreferences>): DesktopPreferences {
  const next = { ...readDesktopPreferences(store), ...patch };
  store.set(ENTRY, next);
  return next;
}
