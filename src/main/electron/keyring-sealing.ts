// Sealing with the system keyring (Electron's safeStorage), bound to associated data. Pure: the
// shell passes safeStorage in; the tests pass a stand-in cipher.
import type { Vault } from '../core/vault/vault';

/** What safeStorage offers: a string in, the keyring's ciphertext out, and back. */
export interface KeyringCipher {
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** Sealed before associated data existed: opens only when none is asked for (then sealed again, bound). */
const LEGACY_PREFIX = 'os1:';
const PREFIX = 'os2:';

/**
 * A vault over the keyring. safeStorage takes no associated data, so the associated data is
 * sealed inside the value beside the secret and compared when it is opened: a key sealed for one
 * profile and gateway origin does not open for another.
 */
export function keyringVault(cipher: KeyringCipher): Vault {
  return {
    kind: 'os-keychain',
    encrypt: (plain, associatedData = '') => PREFIX + cipher.encryptString(JSON.stringify([associatedData, plain])).toString('base64'),
    decrypt(sealed, associatedData = '') {
      if (sealed.startsWith(LEGACY_PREFIX) && associatedData === '') {
        return cipher.decryptString(Buffer.from(sealed.slice(LEGACY_PREFIX.length), 'base64'));
      }
      if (!sealed.startsWith(PREFIX)) throw new Error('Unrecognised sealed value');
      const opened: unknown = JSON.parse(cipher.decryptString(Buffer.from(sealed.slice(PREFIX.length), 'base64')));
      if (!Array.isArray(opened) || opened[0] !== associatedData || typeof opened[1] !== 'string') {
        throw new Error('The sealed value belongs to another context');
      }
      return opened[1];
    },
  };
}
