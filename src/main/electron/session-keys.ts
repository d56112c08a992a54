// Keeping API keys in memory only, for systems where they cannot be stored well (Linux without a
// keyring). Wraps the settings store the studio writes its sealed keys to. Pure: no electron import.
import type { KeyValueStore } from '../core/settings/key-value-store';

/** Where the settings service keeps sealed API keys (checked by this module's test with the real service). */
export const SEALED_KEYS_ENTRY = 'apiKeys';

export interface SessionKeyStore extends KeyValueStore {
  /** True while keys live in memory only. */
  readonly sessionOnly: boolean;
  /**
   * Turns memory-only keys on (the stored keys move to memory and are deleted from disk) or off
   * (the keys of this session are written to disk, sealed as before).
   */
  setSessionOnly(on: boolean): void;
}

export function sessionKeyStore(disk: KeyValueStore, sessionOnly: boolean): SessionKeyStore {
  let memory: unknown = undefined;
  let onlyInMemory = false;
  const store: SessionKeyStore = {
    get sessionOnly() {
      return onlyInMemory;
    },
    get: (key) => (key === SEALED_KEYS_ENTRY && onlyInMemory ? memory : disk.get(key)),
    set(key, value) {
      if (key === SEALED_KEYS_ENTRY && onlyInMemory) memory = value;
      else disk.set(key, value);
    },
    delete(key) {
      if (key === SEALED_KEYS_ENTRY && onlyInMemory) memory = undefined;
      else disk.delete(key);
    },
    setSessionOnly(on) {
      if (on === onlyInMemory) return;
      if (on) {
        memory = disk.get(SEALED_KEYS_ENTRY);
        disk.delete(SEALED_KEYS_ENTRY);
      } else if (memory !== undefined) {
        disk.set(SEALED_KEYS_ENTRY, memory);
        memory = undefined;
      }
      onlyInMemory = on;
    },
  };
  // Starting in memory-only mode: nothing sealed may stay on disk from before.
  if (sessionOnly) {
    disk.delete(SEALED_KEYS_ENTRY);
    onlyInMemory = true;
  }
  return store;
}

/** How well the key is kept: by the system's keyring, or only by a key file beside the data (weak). */
export type KeyProtection = 'os-keychain' | 'weak';

/**
 * safeStorage is a real keyring only where encryption is available and, on Linux, the backend is
 * not `basic_text` (a fixed password, i.e. obfuscation). Otherwise the file-key vault is used and
 * the user is told that the protection is weak.
 */
export function keyProtection(facts: { encryptionAvailable: boolean; platform: string; backend: string | undefined }): KeyProtection {
  if (!facts.encryptionAvailable) return 'weak';
  if (facts.platform === 'linux' && (facts.backend === 'basic_text' || facts.backend === 'unknown')) return 'weak';
  return 'os-keychain';
}
