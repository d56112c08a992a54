import { safeStorage } from 'electron';
import type { Vault } from '../core/vault/vault';

/** Sealed before associated data existed: opens only when none is asked for. */
const LEGACY_PREFIX = 'os1:';
const PREFIX = 'os2:';

/**
 * The OS keychain through Electron's safeStorage. Returns undefined where safeStorage would only
 * obfuscate (Linux without a secret service reports `basic_text`), so the caller can fall back to
 * the file-key vault instead of storing a key that is merely encoded. safeStorage takes no
 * associated data, so it is sealed inside the value and compared when it is opened.
 */
export function createSafeStorageVault(): Vault | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return undefined;
  return {
    kind: 'os-keychain',
    encrypt: (plain, associatedData = '') => PREFIX + safeStorage.encryptString(JSON.stringify([associatedData, plain])).toString('base64'),
    decrypt(sealed, associatedData = '') {
      if (sealed.startsWith(LEGACY_PREFIX) && associatedData === '') {
        return safeStorage.decryptString(Buffer.from(sealed.slice(LEGACY_PREFIX.length), 'base64'));
      }
      if (!sealed.startsWith(PREFIX)) throw new Error('Unrecognised sealed value');
      const opened: unknown = JSON.parse(safeStorage.decryptString(Buffer.from(sealed.slice(PREFIX.length), 'base64')));
      if (!Array.isArray(opened) || opened[0] !== associatedData || typeof opened[1] !== 'string') {
        throw new Error('The sealed value belongs to another context');
      }
      return opened[1];
    },
  };
}
