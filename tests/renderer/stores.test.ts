import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppInfoStore } from '../../src/renderer/src/entities/app-info-store';
import { useProfilesStore } from '../../src/renderer/src/entities/profiles-store';
import { useSettingsStore } from '../../src/renderer/src/entities/settings-store';
import { readFolderText } from '../helpers/files';
import { eventually, studioPerFile, type RendererStudio } from './studio-harness';

const studio = studioPerFile();
let main: RendererStudio;

beforeEach(() => {
  main = studio.main;
});

describe('settings store', () => {
  it('loads what the studio holds: defaults, and the demo gateway in use', () => {
    expect(useSettingsStore.getState().settings).toEqual({ language: 'system', theme: 'system', activeProfileId: null, libraryDir: null, concurrency: null });
    expect(useAppInfoStore.getState().info).toMatchObject({ demoMode: true, shell: 'web' });
  });

  it('applies a change at once, before main answers, and main keeps it', async () => {
    const saving = useSettingsStore.getState().update({ theme: 'dark' });
    expect(useSettingsStore.getState().settings?.theme).toBe('dark');
    expect((await saving).ok).toBe(true);
    expect(JSON.parse(readFileSync(join(main.dataDir, 'settings.json'), 'utf8'))).toMatchObject({ settings: { theme: 'dark' } });
  });

  it('rolls back only the refused field, and the refusal names the field in both languages', async () => {
    await useSettingsStore.getState().update({ theme: 'dark' });
    const answer = await useSettingsStore.getState().update({ concurrency: 99 });
    expect(answer.ok).toBe(false);
    expect(useSettingsStore.getState().settings).toMatchObject({ concurrency: null, theme: 'dark' });
    if (answer.ok) return;
    expect(answer.error).toMatchObject({ code: 'invalid_input', reason: 'invalid_fields', issues: [{ path: ['concurrency'] }] });
  });
});

describe('profiles store', () => {
  it('saves a profile and lists it; a clash and invalid input come back as main’s answer', async () => {
    const saved = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    expect(saved).toMatchObject({ ok: true, value: { name: 'Studio', hasApiKey: false } });
    expect(useProfilesStore.getState().profiles.map((p) => p.name)).toEqual(['Studio']);

    const clash = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://other.example.com' });
    expect(clash).toMatchObject({ ok: false, error: { code: 'conflict', reason: 'profile_name_taken', params: { name: 'Studio' } } });
    const invalid = await useProfilesStore.getState().save({ name: '', baseUrl: 'not an address' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(useProfilesStore.getState().profiles).toHaveLength(1);
  });

  it('stores a key in main only: the renderer learns that one is set, never the key, and disk never holds it in plain text', async () => {
    const saved = await useProfilesStore.getState().save({ name: 'Studio', baseUrl: 'https://gw.example.com' });
    if (!saved.ok) throw new Error('save failed');
    const secret = 'sk-very-secret-key-1234';
    expect(await useProfilesStore.getState().setApiKey(saved.value.id, secret)).toMatchObject({ ok: true, value: { hasApiKey: true } });
    expect(JSON.stringify(useProfilesStore.getState())).not.toContain(secret);
    expect(readFolderText(main.dataDir)).not.toContain(secret);
    await useProfilesStore.getState().clearApiKey(saved.value.id);
    expect(useProfilesStore.getState().profiles[0]?.hasApiKey).toBe(false);
  });
});

describe('main events', () => {
  it('keep the stores in step with changes made elsewhere (another window), until unsubscribed', async () => {
    const elsewhere = main.studio.router;
    const profile = await elsewhere.dispatch('profiles.save', { name: 'Elsewhere', baseUrl: 'https://x.example.com' });
    if (!profile.ok) throw new Error('save failed');
    await elsewhere.dispatch('settings.update', { language: 'en', theme: 'light', activeProfileId: (profile.value as { id: string }).id });
    await eventually(() => {
      expect(useSettingsStore.getState().settings).toMatchObject({ language: 'en', theme: 'light' });
      expect(useProfilesStore.getState().profiles.map((p) => p.name)).toEqual(['Elsewhere']);
      // The frame's gateway line follows the active profile.
      expect(useAppInfoStore.getState().info).toMatchObject({ demoMode: false, gatewayUrl: 'https://x.example.com' });
    });

    studio.disconnect();
    await elsewhere.dispatch('settings.update', { language: 'zh-CN' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useSettingsStore.getState().settings?.language).toBe('en');
  });
});
