/**
 * Ids are looked up as ids: names every JavaScript object carries (`constructor`, `toString`,
 * `__proto__`) are not profiles, and nothing is written for them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Studio } from '../../../src/main/core/studio';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let dataDir: string;
afterEach(async () => studio.stop());

const settingsText = (): string => {
  try {
    return readFileSync(join(dataDir, 'settings.json'), 'utf8');
  } catch {
    return '';
  }
};

describe('profile ids', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])('%s is no profile: nothing is stored for it', async (id) => {
    ({ studio, dataDir } = await createTestStudio());
    const keyed = await studio.router.dispatch('profiles.set_api_key', { id, apiKey: 'sk-prototype-pollution-check' });
    expect(keyed).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await studio.router.dispatch('profiles.clear_api_key', { id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await studio.router.dispatch('settings.update', { activeProfileId: id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await studio.router.dispatch('profiles.save', { id, name: 'x', baseUrl: 'https://gw.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await studio.router.dispatch('profiles.delete', { id })).toMatchObject({ ok: true, value: { deleted: false } });
    expect(settingsText()).not.toContain(id);
    expect(await studio.router.dispatch('app.get_info', {})).toMatchObject({ ok: true, value: { demoMode: true } });
  });

  it('ids that are not ids at all (paths, prototype keys, empty, huge) are refused as invalid input', async () => {
    ({ studio, dataDir } = await createTestStudio());
    for (const id of ['__proto__', '../settings', 'a/b', '', ' ', 'x'.repeat(65), 'id\u0000']) {
      for (const [route, input] of [
        ['profiles.set_api_key', { id, apiKey: 'sk-12345678' }],
        ['profiles.delete', { id }],
        ['jobs.cancel_job', { id }],
        ['jobs.pause_batch', { id }],
        ['library.get_asset', { id }],
      ] as const) {
        expect(await studio.router.dispatch(route, input), `${route} ${JSON.stringify(id)}`).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      }
    }
    expect(settingsText()).not.toContain('sk-12345678');
  });
});
