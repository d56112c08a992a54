/**
 * A stored API key belongs to the gateway it was given for: changing a profile's address drops
 * it, a key sealed for one origin does not open for another, and plain http is refused for
 * anything but this computer.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { wordError, type Profile } from '../../../src/shared/contract';
import { createConfStore } from '../../../src/main/core/settings/key-value-store';
import { createFileKeyVault } from '../../../src/main/core/vault/file-key-vault';
import type { Studio } from '../../../src/main/core/studio';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';
import { callRoute, createTestStudio } from '../../helpers/studio';

const KEY = 'sk-origin-bound-secret-0123456789abcdef';

let studio: Studio;
let dataDir: string;
const servers: RecordingServer[] = [];

afterEach(async () => {
  await studio.stop();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function server(): Promise<RecordingServer> {
  const started = await startRecordingServer();
  servers.push(started);
  return started;
}

const sentKey = (s: RecordingServer): boolean => s.requests.some((r) => JSON.stringify(r.headers).includes(KEY));

describe('the key follows its gateway, not the profile', () => {
  it('changing the profile address clears the key: the other server never sees it', async () => {
    ({ studio, dataDir } = await createTestStudio());
    const gateway = await server();
    const elsewhere = await server();
    const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Mine', baseUrl: gateway.url });
    await callRoute(studio, 'profiles.set_api_key', { id: profile.id, apiKey: KEY });
    await callRoute(studio, 'settings.update', { activeProfileId: profile.id });
    await callRoute(studio, 'account.get_balance', {});
    expect(sentKey(gateway)).toBe(true);

    const moved = await callRoute<Profile>(studio, 'profiles.save', { id: profile.id, name: 'Mine', baseUrl: elsewhere.url });
    expect(moved.hasApiKey).toBe(false);
    const answer = await studio.router.dispatch('account.get_balance', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(sentKey(elsewhere)).toBe(false);
  });

  it('a path change on the same origin keeps the key', async () => {
    ({ studio, dataDir } = await createTestStudio());
    const gateway = await server();
    const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Mine', baseUrl: gateway.url });
    await callRoute(studio, 'profiles.set_api_key', { id: profile.id, apiKey: KEY });
    const renamed = await callRoute<Profile>(studio, 'profiles.save', { id: profile.id, name: 'Renamed', baseUrl: `${gateway.url}/relay` });
    expect(renamed.hasApiKey).toBe(true);
  });

  it('a key whose profile address was edited in the settings file does not open for the new address', async () => {
    ({ studio, dataDir } = await createTestStudio());
    const gateway = await server();
    const elsewhere = await server();
    const profile = await callRoute<Profile>(studio, 'profiles.save', { name: 'Mine', baseUrl: gateway.url });
    await callRoute(studio, 'profiles.set_api_key', { id: profile.id, apiKey: KEY });
    await callRoute(studio, 'settings.update', { activeProfileId: profile.id });
    await studio.stop();

    const file = join(dataDir, 'settings.json');
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll(gateway.url, elsewhere.url));
    ({ studio } = await createTestStudio({ dataDir }));
    await studio.router.dispatch('account.get_balance', {});
    expect(sentKey(elsewhere)).toBe(false);
  });

  it('refuses plain http for another computer, with a clear message, and accepts it for this one', async () => {
    ({ studio, dataDir } = await createTestStudio());
    const refused = await studio.router.dispatch('profiles.save', { name: 'Clear text', baseUrl: 'http://gateway.example.com' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/https:\/\/.*unencrypted/) as unknown } });
    for (const baseUrl of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787', 'https://gateway.example.com']) {
      expect(await studio.router.dispatch('profiles.save', { name: baseUrl, baseUrl })).toMatchObject({ ok: true });
    }
  });

  it('takes only literal loopback addresses and localhost as this computer: other names are resolved by the network, which may lie', async () => {
    ({ studio, dataDir } = await createTestStudio());
    for (const baseUrl of ['http://gateway.localhost:8787', 'http://127.0.0.1.nip.io:8787', 'http://localhost.example.com']) {
      expect(await studio.router.dispatch('profiles.save', { name: baseUrl, baseUrl }), baseUrl).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/unencrypted/) as unknown },
      });
    }
  });

  it('a key of an earlier version under a plain-http address elsewhere is never sent: the profile is refused in words', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-legacy-http-'));
    // As an earlier version left it: a key sealed without its binding, an address typed when http was accepted.
    const store = createConfStore(dataDir);
    store.set('profiles', { old: { id: 'old', name: 'Old relay', baseUrl: 'http://gateway.example.com' } });
    store.set('apiKeys', { old: createFileKeyVault(join(dataDir, 'vault.key')).encrypt(KEY) });
    store.set('settings', { ...(store.get('settings') as object | undefined), activeProfileId: 'old' });
    ({ studio } = await createTestStudio({ dataDir }));
    const answer = await studio.router.dispatch('account.get_balance', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', reason: 'profile_address_refused', params: { insecure: true } } });
    if (answer.ok) throw new Error('accepted');
    expect(wordError(answer.error, 'en').summary).toMatch(
      /"Old relay" points at http:\/\/gateway\.example\.com over plain http:\/\/.*Change the address to https:\/\//,
    );
    expect(wordError(answer.error, 'zh-CN').summary).toMatch(/配置“Old relay”.*请在“设置”中改为 https:\/\//);
  });
});
