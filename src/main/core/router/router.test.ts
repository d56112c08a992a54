import { describe, expect, it } from 'vitest';
import type { RouteHandlers } from './router';
import { createRouter } from './router';
import { StudioFailure } from './failure';

function handlers(overrides: Partial<RouteHandlers> = {}): RouteHandlers {
  const calls: unknown[] = [];
  // Only the routes these tests call; other domains' handlers are not needed here.
  const base: Partial<RouteHandlers> = {
    'app.get_info': () => ({ name: 'Atelier', version: '1', shell: 'web', demoMode: true, gatewayUrl: 'http://127.0.0.1:1', libraryDir: '/tmp/library' }),
    'settings.get': () => ({ language: 'en', theme: 'dark', activeProfileId: null, libraryDir: null, concurrency: null }),
    'settings.update': (patch) => {
      calls.push(patch);
      return { language: 'en', theme: 'dark', activeProfileId: null, libraryDir: null, concurrency: null, ...patch };
    },
    'profiles.list': () => [],
    'profiles.save': (d) => ({ id: 'p1', name: d.name, baseUrl: d.baseUrl, hasApiKey: false }),
    'profiles.delete': () => ({ deleted: true }),
    'profiles.set_api_key': ({ id }) => ({ id, name: 'n', baseUrl: 'https://g', hasApiKey: true }),
    'profiles.clear_api_key': ({ id }) => ({ id, name: 'n', baseUrl: 'https://g', hasApiKey: false }),
  };
  return { ...base, ...overrides } as RouteHandlers;
}

describe('router', () => {
  it('answers a valid call with the service value', async () => {
    const router = createRouter(handlers());
    await expect(router.dispatch('settings.update', { theme: 'light' })).resolves.toEqual({
      ok: true,
      value: { language: 'en', theme: 'light', activeProfileId: null, libraryDir: null, concurrency: null },
    });
  });

  it('refuses invalid input before the service runs, naming the field', async () => {
    let reached = false;
    const router = createRouter(
      handlers({
        'profiles.save': () => {
          reached = true;
          throw new Error('unreachable');
        },
      }),
    );
    const result = await router.dispatch('profiles.save', { name: 'x', baseUrl: 'ftp://nope' });
    expect(reached).toBe(false);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toMatch(/^baseUrl: /);
    }
  });

  it('sends each rejected field with its validator code and limits, so the window can word it', async () => {
    const result = await createRouter(handlers()).dispatch('profiles.set_api_key', { id: 'p1', apiKey: 'short' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        reason: 'invalid_fields',
        issues: [{ path: ['apiKey'], message: 'reasons.inputs.apiKeyTooShort', code: 'too_small', params: { minimum: 8, origin: 'string' } }],
      },
    });
    // One shape only: the issues, not a second list of the same problems.
    expect(result.ok ? undefined : result.error).not.toHaveProperty('details');
  });

  it('sends a failure of a known reason as its code, reason and parameters, with the English wording as message', async () => {
    const router = createRouter(
      handlers({
        'profiles.delete': () => {
          throw StudioFailure.of('missing_api_key', { profile: 'Night' }, { gatewayMessage: '未提供令牌' });
        },
      }),
    );
    await expect(router.dispatch('profiles.delete', { id: 'x' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'unauthorized',
        message: 'The profile "Night" has no API key yet. Add one in Settings.',
        reason: 'missing_api_key',
        params: { profile: 'Night' },
        gatewayMessage: '未提供令牌',
      },
    });
  });

  it('refuses fields the route does not declare', async () => {
    const result = await createRouter(handlers()).dispatch('settings.update', { theme: 'light', apiKey: 'x' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('answers an unknown route with unknown_route, including prototype names', async () => {
    const router = createRouter(handlers());
    for (const name of ['nope.nothing', 'toString', '__proto__']) {
      await expect(router.dispatch(name, {})).resolves.toMatchObject({ ok: false, error: { code: 'unknown_route' } });
    }
  });

  it('turns a StudioFailure into its typed error and hides other exceptions', async () => {
    const router = createRouter(
      handlers({
        'profiles.delete': () => {
          throw new StudioFailure('not_found', 'gone');
        },
        'profiles.list': () => {
          throw new Error('secret internals');
        },
      }),
    );
    await expect(router.dispatch('profiles.delete', { id: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'gone' },
    });
    const hidden = await router.dispatch('profiles.list', {});
    expect(hidden).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(hidden)).not.toContain('secret internals');
  });

  it('never lets a service answer more than the contract declares', async () => {
    const router = createRouter(
      handlers({
        'profiles.list': () => [{ id: 'p', name: 'n', baseUrl: 'https://g', hasApiKey: true, apiKey: 'sk-leak' }] as never,
      }),
    );
    const result = await router.dispatch('profiles.list', {});
    expect(JSON.stringify(result)).not.toContain('sk-leak');
  });
});
