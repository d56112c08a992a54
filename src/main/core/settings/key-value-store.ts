import Conf from 'conf';

/**
 * Persistent JSON settings. Core uses `conf`; the Electron shell passes electron-store, which is the
 * same library underneath, so both satisfy this interface.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export function createConfStore(directory: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: directory, configName: 'settings', projectName: 'atelier' });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}
