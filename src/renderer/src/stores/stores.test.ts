import { beforeEach, describe, expect, it } from 'vitest';
import { subscribeToMainEvents, loadStudio } from '../main-events';
import { connectStudio } from '../studio-client';
import { createFakeMain, type FakeMain } from '../testing/fake-main';
import { useAlertStore } from './alert-store';
import { useAppInfoStore } from './app-info-store';
import { useProfilesStore } from './profiles-store';
import { useSettingsStore } from './settings-store';

let main: FakeMain;

beforeEach(() => {
  useAlertStore.setState(useAlertStore.getInitialState(), true);
  useAppInfoStore.setState(useAppInfoStore.getInitialState(), true);
  useProfilesStore.setState(useProfilesStore.getInitialState(), true);
  useSettingsStore.setState(useSettingsStore.getInitialState(), true);
  main = createFakeMain();
  connectStudio(main.client);
});

/** Lets pending promise callbacks (such as a header refresh started without waiting) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('settings store', () => {
  it('loads what main holds', async () => {
    await loadStudio();
    expect(useSettingsStore.getState().settings).toEqual({ language: 'system', theme: 'system', activeProfileId: null, libraryDir: null });
    expect(useAppInfoStore.getState().info?.demoMode).toBe(true);
  });

  it('applies a change at once, before main answers, and persists it', async () => {
    await loadStudio();
    const saving = useSettingsStore.getState().update({ theme: 'dark' });
    expect(useSettingsStore.getState().settings?.theme).toBe('dark');
    expect(await saving).toBe(true);
    expect(main.calls.at(-1)).toEqual({ route: 'settings.update', input: { theme: 'dark' } });
  });

  it('rolls back only the refused field and shows main’s message', async () => {
    await loadStudio();
    main.failNext('settings.update', { code: 'storage_error', message: 'The settings file is read-only.' });
    expect(await useSettingsStore.getState().update({ language: 'zh-CN' })).toBe(false);
    expect(useSettingsStore.getState().settings?.language).toBe('system');
    expect(useAlertStore.getState().error?.message).toBe('The settings file is read-only.');
  });

  it('switching to a profile refreshes the header’s gateway', async () => {
    await loadStudio();
    const saved = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    if (!saved.ok) throw new Error('save failed');
    await useSettingsStore.getState().update({ activeProfileId: saved.profile.id });
    await settle();
    expect(useAppInfoStore.getState().info).toMatchObject({ demoMode: false, gatewayUrl: 'https://gw.example.com' });
  });
});

describe('profiles store', () => {
  it('saves a profile and lists it', async () => {
    const result = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    expect(result).toMatchObject({ ok: true, profile: { name: 'Studio', hasApiKey: false } });
    expect(useProfilesStore.getState().profiles.map((p) => p.name)).toEqual(['Studio']);
  });

  it('returns main’s validation messages per field and raises the alert', async () => {
    const result = await useProfilesStore.getState().save({ name: '', baseUrl: 'not an address' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.name).toBe('Give the profile a name');
    expect(result.fieldErrors.baseUrl).toMatch(/full address/);
    expect(useAlertStore.getState().error?.code).toBe('invalid_input');
    expect(useProfilesStore.getState().profiles).toEqual([]);
  });

  it('puts a name clash beside the name field', async () => {
    await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://a.example.com' });
    const result = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://b.example.com' });
    expect(result.ok ? undefined : result.fieldErrors.name).toMatch(/already exists/);
  });

  it('stores a key in main only: the renderer learns that one is set, never the key', async () => {
    const saved = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    if (!saved.ok) throw new Error('save failed');
    const secret = 'sk-very-secret-key-1234';
    const result = await useProfilesStore.getState().setApiKey(saved.profile.id, secret);
    expect(result).toMatchObject({ ok: true, profile: { hasApiKey: true } });
    expect(main.keys.get(saved.profile.id)).toBe(secret);
    expect(JSON.stringify(useProfilesStore.getState())).not.toContain(secret);

    await useProfilesStore.getState().clearApiKey(saved.profile.id);
    expect(useProfilesStore.getState().profiles[0]?.hasApiKey).toBe(false);
  });

  it('reports a too-short key beside the key field', async () => {
    const saved = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    if (!saved.ok) throw new Error('save failed');
    const result = await useProfilesStore.getState().setApiKey(saved.profile.id, 'short');
    expect(result.ok ? undefined : result.fieldErrors.apiKey).toBe('That key looks too short');
  });

  it('deletes a profile, and a successful call clears a stale alert', async () => {
    await useProfilesStore.getState().save({ name: '', baseUrl: '' });
    expect(useAlertStore.getState().error).not.toBeNull();
    const saved = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    expect(useAlertStore.getState().error).toBeNull();
    if (!saved.ok) throw new Error('save failed');
    expect(await useProfilesStore.getState().remove(saved.profile.id)).toBe(true);
    expect(useProfilesStore.getState().profiles).toEqual([]);
  });
});

describe('main events', () => {
  it('keep the stores in step with changes made elsewhere, until unsubscribed', async () => {
    await loadStudio();
    const stop = subscribeToMainEvents(main.client);
    main.emit('settings.changed', { language: 'en', theme: 'light', activeProfileId: null });
    main.emit('profiles.changed', [{ id: 'x', name: 'Elsewhere', baseUrl: 'https://x.example.com', hasApiKey: true }]);
    expect(useSettingsStore.getState().settings).toMatchObject({ language: 'en', theme: 'light' });
    expect(useProfilesStore.getState().profiles.map((p) => p.name)).toEqual(['Elsewhere']);

    stop();
    main.emit('settings.changed', { language: 'zh-CN', theme: 'dark', activeProfileId: null });
    expect(useSettingsStore.getState().settings?.language).toBe('en');
  });
});
