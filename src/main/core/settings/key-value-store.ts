import Conf from 'conf';
import { ensurePrivateDir, tighten, PRIVATE_MODES } from '../private-files';

/**
 * Persistent JSON settings. Core uses `conf`; the Electron shell passes electron-store, which is the
 * same library underneath, so both satisfy this interface.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** Settings in `<directory>/settings.json`; the folder and the file are the user's alone. */
export function createConfStore(directory: string): KeyValueStore {
  ensurePrivateDir(directory);
  const conf = new Conf<Record<string, unknown>>({
    cwd: directory,
    configName: 'settings',
    projectName: 'atelier',
    configFileMode: PRIVATE_MODES.file,
  });
  tighten(conf.path, PRIVATE_MODES.file);
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}
