import { join } from 'node:path';
import { safeStorage } from 'electron';
import { createFileKeyVault } from '../core/vault/file-key-vault';
import type { Vault } from '../core/vault/vault';
import { keyProtection, type KeyProtection } from './session-keys';

const PREFIX = 'os1:';

/**
 * The vault of the Electron shell: the system keyring through safeStorage where there is one;
 * otherwise (Linux with only the basic text backend) the file-key vault, and the user is told the
 * protection is weak (Settings offers to keep keys in memory for the session only).
 * Call after the app is ready: Linux only knows its backend then.
 */
export function createElectronVault(dataDir: string): { vault: Vault; protection: KeyProtection } {
  const protection = keyProtection({
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    platform: process.platform,
    backend: process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  });
  if (protection === 'weak') return { vault: createFileKeyVault(join(dataDir, 'vault.key')), protection };
  return {
    protection,
    vault: {
      kind: 'os-keychain',
      encrypt: (plain) => PREFIX + safeStorage.encryptString(plain).toString('base64'),
      decrypt(sealed) {
        if (!sealed.startsWith(PREFIX)) throw new Error('Unrecognised sealed value');
        return safeStorage.decryptString(Buffer.from(sealed.slice(PREFIX.length), 'base64'));
      },
    },
  };
}
