import { safeStorage } from 'electron';
import type { Vault } from '../core/vault/vault';

const PREFIX = 'os1:';

/**
 * The OS keychain through Electron's safeStorage. Returns undefined where safeStorage would only
 * obfuscate (Linux without a secret service reports `basic_text`), so the caller can fall back to
 * the file-key vault instead of storing a key that is merely encoded.
 */
export function createSafeStorageVault(): Vault | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return undefined;
  return {
    kind: 'os-keychain',
    encrypt: (plain) => PREFIX + safeStorage.encryptString(plain).toString('base64'),
    decrypt(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Unrecognised sealed value');
      return safeStorage.decryptString(Buffer.from(sealed.slice(PREFIX.length), 'base64'));
    },
  };
}
