import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir } from '../private-files';
import type { Vault } from './vault';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Sealed before associated data existed; read only to be sealed again (see SettingsService). */
const LEGACY_PREFIX = 'v1:';
const PREFIX = 'v2:';

/**
 * AES-256-GCM with a random key kept in a file only the user can read (mode 0600). Sealed values
 * look like `v2:<base64(iv | tag | ciphertext)>`; the associated data is authenticated by GCM.
 */
export function createFileKeyVault(keyFile: string): Vault {
  const key = loadOrCreateKey(keyFile);
  return {
    kind: 'file-key',
    encrypt(plain, associatedData = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(sealed, associatedData = '') {
      // A legacy value carries no associated data: it opens only when none is asked for.
      const prefix = sealed.startsWith(PREFIX) ? PREFIX : sealed.startsWith(LEGACY_PREFIX) && associatedData === '' ? LEGACY_PREFIX : undefined;
      if (prefix === undefined) throw new Error('Unrecognised sealed value');
      const raw = Buffer.from(sealed.slice(prefix.length), 'base64');
      const iv = raw.subarray(0, IV_BYTES);
      const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

function loadOrCreateKey(keyFile: string): Buffer {
  if (existsSync(keyFile)) {
    // Tighten a key file someone loosened, rather than refuse to start.
    if ((statSync(keyFile).mode & 0o077) !== 0) chmodSync(keyFile, 0o600);
    const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`The vault key file ${keyFile} is damaged`);
    return key;
  }
  ensurePrivateDir(dirname(keyFile));
  const key = randomBytes(KEY_BYTES);
  writeFileSync(keyFile, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}
