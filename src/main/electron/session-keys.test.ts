import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../core/events/event-bus';
import { createConfStore } from '../core/settings/key-value-store';
import { SettingsService } from '../core/settings/settings-service';
import { createFileKeyVault } from '../core/vault/file-key-vault';
import { readDesktopPreferences, writeDesktopPreferences } from './desktop-preferences';
import { keyProtection, SEALED_KEYS_ENTRY, sessionKeyStore } from './session-keys';
import { readFolderText } from '../../../tests/helpers/files';

/** A data folder with the real settings file and vault, opened as the shell opens it at each start. */
function dataFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-session-keys-'));
  const start = (sessionOnly: boolean) => {
    const disk = createConfStore(dir);
    const keys = sessionKeyStore(disk, sessionOnly);
    return { disk, keys, settings: new SettingsService(keys, createFileKeyVault(join(dir, 'vault.key')), new EventBus()) };
  };
  return { dir, start };
}

describe('keeping API keys in memory for the session only', () => {
  it('uses the key during the session but never writes it to disk, and forgets it at the next start', () => {
    const { dir, start } = dataFolder();
    const first = start(true);
    const profile = first.settings.saveProfile({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    first.settings.setApiKey(profile.id, 'sk-session-secret-123');
    expect(first.settings.apiKeyFor(profile.id)).toBe('sk-session-secret-123');
    expect(first.disk.get(SEALED_KEYS_ENTRY)).toBeUndefined();
    expect(readFolderText(dir)).not.toContain('sk-session-secret-123');

    const next = start(true);
    expect(next.settings.listProfiles()).toEqual([{ ...profile, hasApiKey: false }]);
    expect(next.settings.apiKeyFor(profile.id)).toBeUndefined();
  });

  it('moves stored keys off the disk when turned on, and writes them back (sealed) when turned off', () => {
    const { start } = dataFolder();
    const { disk, keys, settings } = start(false);
    const profile = settings.saveProfile({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    settings.setApiKey(profile.id, 'sk-kept-secret-456');
    expect(disk.get(SEALED_KEYS_ENTRY)).toBeDefined();

    keys.setSessionOnly(true);
    expect(disk.get(SEALED_KEYS_ENTRY)).toBeUndefined();
    expect(settings.apiKeyFor(profile.id)).toBe('sk-kept-secret-456');

    keys.setSessionOnly(false);
    expect(JSON.stringify(disk.get(SEALED_KEYS_ENTRY))).not.toContain('sk-kept-secret-456');
    expect(start(false).settings.apiKeyFor(profile.id)).toBe('sk-kept-secret-456');
  });

  it('leaves every other setting on disk', () => {
    const { start } = dataFolder();
    const { settings } = start(true);
    settings.update({ theme: 'dark' });
    expect(start(true).settings.get().theme).toBe('dark');
  });
});

describe('how well the key is kept', () => {
  it('is weak on Linux with only the basic text backend, or without encryption at all', () => {
    expect(keyProtection({ encryptionAvailable: true, platform: 'linux', backend: 'basic_text' })).toBe('weak');
    expect(keyProtection({ encryptionAvailable: false, platform: 'darwin', backend: undefined })).toBe('weak');
  });

  it('is the system keyring with a real Linux backend, on macOS and on Windows', () => {
    for (const backend of ['gnome_libsecret', 'kwallet5', 'kwallet6'])
      expect(keyProtection({ encryptionAvailable: true, platform: 'linux', backend })).toBe('os-keychain');
    expect(keyProtection({ encryptionAvailable: true, platform: 'darwin', backend: undefined })).toBe('os-keychain');
    expect(keyProtection({ encryptionAvailable: true, platform: 'win32', backend: undefined })).toBe('os-keychain');
  });
});

describe('desktop preferences', () => {
  it('default to keeping jobs running, and survive a damaged entry field by field', () => {
    const { start } = dataFolder();
    const { disk } = start(false);
    expect(readDesktopPreferences(disk)).toEqual({ closeWhileRunning: 'keep-running', sessionOnlyKeys: false });
    writeDesktopPreferences(disk, { closeWhileRunning: 'quit' });
    expect(readDesktopPreferences(start(false).disk).closeWhileRunning).toBe('quit');
    disk.set('desktop', { closeWhileRunning: 'explode', sessionOnlyKeys: true });
    expect(readDesktopPreferences(disk)).toEqual({ closeWhileRunning: 'keep-running', sessionOnlyKeys: false });
  });
});
