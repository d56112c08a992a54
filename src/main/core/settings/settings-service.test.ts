import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { createFileKeyVault } from '../vault/file-key-vault';
import { createConfStore } from './key-value-store';
import type { LibraryFolderChooser } from './library-folder';
import { keyBinding, SettingsService } from './settings-service';

function setup(chooser?: LibraryFolderChooser) {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-settings-'));
  const bus = new EventBus();
  const seen: string[] = [];
  bus.subscribe((name, _payload) => {
    seen.push(name);
  });
  const make = () => new SettingsService(createConfStore(dir), createFileKeyVault(join(dir, 'vault.key')), bus, chooser);
  return { dir, seen, service: make(), reopen: make };
}

const readAllFiles = (dir: string): string =>
  readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');

describe('settings service', () => {
  it('starts with defaults and persists updates across restarts', () => {
    const { service, reopen } = setup();
    expect(service.get()).toEqual({ language: 'system', theme: 'system', activeProfileId: null, libraryDir: null, concurrency: null });
    service.update({ theme: 'dark', language: 'zh-CN' });
    expect(reopen().get()).toMatchObject({ theme: 'dark', language: 'zh-CN' });
  });

  it('stores the API key sealed, reports only that one is set, and unseals it for main', () => {
    const { dir, service, reopen } = setup();
    const profile = service.saveProfile({ name: 'Studio', baseUrl: 'https://gw.example.com/' });
    expect(profile).toEqual({ id: profile.id, name: 'Studio', baseUrl: 'https://gw.example.com', hasApiKey: false });
    const withKey = service.setApiKey(profile.id, 'sk-plaintext-secret-123');
    expect(withKey.hasApiKey).toBe(true);
    expect(JSON.stringify(service.listProfiles())).not.toContain('sk-plaintext-secret-123');
    expect(readAllFiles(dir)).not.toContain('sk-plaintext-secret-123');
    expect(reopen().apiKeyFor(profile.id)).toBe('sk-plaintext-secret-123');
    service.clearApiKey(profile.id);
    expect(service.apiKeyFor(profile.id)).toBeUndefined();
  });

  it('binds a key sealed by an earlier version (no associated data) to its profile and origin at start', () => {
    const { dir, service } = setup();
    const profile = service.saveProfile({ name: 'Old', baseUrl: 'https://gw.example.com' });
    const vault = createFileKeyVault(join(dir, 'vault.key'));
    const legacy = `v1:${vault.encrypt('sk-from-an-earlier-version').slice(3)}`;
    const store = createConfStore(dir);
    store.set('apiKeys', { [profile.id]: legacy });
    const reopened = new SettingsService(store, vault, new EventBus());
    expect(reopened.apiKeyFor(profile.id)).toBe('sk-from-an-earlier-version');
    const sealed = (store.get('apiKeys') as Record<string, string>)[profile.id] ?? '';
    expect(sealed.startsWith('v2:')).toBe(true);
    expect(() => vault.decrypt(sealed)).toThrow();
    expect(vault.decrypt(sealed, keyBinding(profile.id, 'https://gw.example.com/other/path'))).toBe('sk-from-an-earlier-version');
    expect(() => vault.decrypt(sealed, keyBinding(profile.id, 'https://gw.example.com:8443'))).toThrow();
  });

  it('keeps the library folder the person at this computer chose, and refuses a relative proposal', async () => {
    // Stands in for the folder dialog or the console: the person takes what the window proposed, or declines.
    let answer: 'take' | 'decline' = 'take';
    const { service, reopen } = setup({ choose: (proposed) => Promise.resolve(answer === 'take' ? proposed : undefined) });
    await expect(service.chooseLibraryFolder('Pictures/Atelier')).rejects.toThrow(/full path/);
    await expect(service.chooseLibraryFolder('/srv/art/atelier')).resolves.toMatchObject({ chosen: true, settings: { libraryDir: '/srv/art/atelier' } });
    expect(reopen().get().libraryDir).toBe('/srv/art/atelier');
    answer = 'decline';
    await expect(service.chooseLibraryFolder('/')).resolves.toMatchObject({ chosen: false, settings: { libraryDir: '/srv/art/atelier' } });
    service.update({ libraryDir: null });
    expect(reopen().get().libraryDir).toBeNull();
  });

  it('cannot change the library folder where nobody at this computer can be asked', async () => {
    const { service } = setup();
    await expect(service.chooseLibraryFolder('/srv/art')).rejects.toThrow(/only be changed at this computer/);
    expect(service.get().libraryDir).toBeNull();
  });

  it('refuses duplicate names and unknown profiles with typed errors', () => {
    const { service } = setup();
    service.saveProfile({ name: 'A', baseUrl: 'https://a.example' });
    expect(() => service.saveProfile({ name: 'A', baseUrl: 'https://b.example' })).toThrow(/already exists/);
    expect(() => service.setApiKey('missing', 'sk-123456789')).toThrow(/no longer exists/);
    expect(() => service.update({ activeProfileId: 'missing' })).toThrow(/no longer exists/);
  });

  it('falls back to the demo gateway when the active profile is deleted, and drops its key', () => {
    const { service, seen } = setup();
    const p = service.saveProfile({ name: 'A', baseUrl: 'https://a.example' });
    service.setApiKey(p.id, 'sk-abcdefgh');
    service.update({ activeProfileId: p.id });
    expect(service.activeProfile()?.baseUrl).toBe('https://a.example');
    expect(service.deleteProfile(p.id)).toBe(true);
    expect(service.get().activeProfileId).toBeNull();
    expect(service.apiKeyFor(p.id)).toBeUndefined();
    expect(seen).toContain('profiles.changed');
    expect(seen).toContain('settings.changed');
  });
});
