import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyringVault, type KeyringCipher } from './keyring-sealing';

/** Stands in for the system keyring: real encryption under a key of this test, as safeStorage's would be. */
function testKeyring(): KeyringCipher {
  const key = randomBytes(32);
  return {
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

describe('keys sealed with the system keyring', () => {
  it('open only with the associated data they were sealed with (the profile and its gateway origin)', () => {
    const vault = keyringVault(testKeyring());
    const sealed = vault.encrypt('sk-bound', 'profile-1 https://a.example');
    expect(sealed).not.toContain('sk-bound');
    expect(vault.decrypt(sealed, 'profile-1 https://a.example')).toBe('sk-bound');
    expect(() => vault.decrypt(sealed, 'profile-1 https://b.example')).toThrow(/another context/);
    expect(() => vault.decrypt(sealed)).toThrow(/another context/);
  });

  it('open a key sealed by an earlier version (no associated data) only when none is asked, so it can be sealed again bound', () => {
    const keyring = testKeyring();
    const legacy = `os1:${keyring.encryptString('sk-old').toString('base64')}`;
    const vault = keyringVault(keyring);
    expect(vault.decrypt(legacy)).toBe('sk-old');
    expect(() => vault.decrypt(legacy, 'profile-1 https://a.example')).toThrow();
    const bound = vault.encrypt(vault.decrypt(legacy), 'profile-1 https://a.example');
    expect(bound.startsWith('os2:')).toBe(true);
    expect(vault.decrypt(bound, 'profile-1 https://a.example')).toBe('sk-old');
  });

  it('refuse values of another vault and values sealed by another keyring', () => {
    const vault = keyringVault(testKeyring());
    expect(() => vault.decrypt('v1:c2VhbGVk', '')).toThrow(/Unrecognised/);
    const elsewhere = keyringVault(testKeyring()).encrypt('sk-x', 'ad');
    expect(() => vault.decrypt(elsewhere, 'ad')).toThrow();
  });
});
