import { mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileKeyVault } from './file-key-vault';

const keyFile = (): string => join(mkdtempSync(join(tmpdir(), 'atelier-vault-')), 'nested', 'vault.key');

describe('file-key vault', () => {
  it('round-trips a secret and never stores it in the clear', () => {
    const vault = createFileKeyVault(keyFile());
    const sealed = vault.encrypt('sk-very-secret-key');
    expect(sealed).not.toContain('sk-very-secret-key');
    expect(vault.decrypt(sealed)).toBe('sk-very-secret-key');
  });

  it('opens a value only with the associated data it was sealed with', () => {
    const vault = createFileKeyVault(keyFile());
    const sealed = vault.encrypt('sk-bound', 'profile-1 https://a.example');
    expect(vault.decrypt(sealed, 'profile-1 https://a.example')).toBe('sk-bound');
    expect(() => vault.decrypt(sealed, 'profile-1 https://b.example')).toThrow();
    expect(() => vault.decrypt(sealed)).toThrow();
  });

  it('seals the same secret differently each time (random IV)', () => {
    const vault = createFileKeyVault(keyFile());
    expect(vault.encrypt('same')).not.toBe(vault.encrypt('same'));
  });

  it('keeps the key in a file only the user can read, and reuses it', () => {
    const file = keyFile();
    const sealed = createFileKeyVault(file).encrypt('secret');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(createFileKeyVault(file).decrypt(sealed)).toBe('secret');
  });

  it('tightens a key file whose permissions were loosened', () => {
    const file = keyFile();
    createFileKeyVault(file);
    chmodSync(file, 0o644);
    createFileKeyVault(file);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses tampered ciphertext and a damaged key file', () => {
    const file = keyFile();
    const vault = createFileKeyVault(file);
    const sealed = vault.encrypt('secret');
    const flipped = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => vault.decrypt(flipped)).toThrow();
    writeFileSync(file, 'c2hvcnQ=');
    expect(() => createFileKeyVault(file)).toThrow(/damaged/);
    expect(readFileSync(file, 'utf8')).toBe('c2hvcnQ=');
  });
});
