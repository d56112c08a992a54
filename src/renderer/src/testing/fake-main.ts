import { routes, type DesktopInfo, type DesktopPreferences, type Envelope, type Profile, type Settings, type StudioError } from '../../../shared/contract';
import { createStudioClient, type StudioClient, type StudioTransport } from '../../../shared/contract/client';

/**
 * For unit tests of the stores: main's side of the settings contract, in memory. Inputs are checked
 * with the contract's own schemas, so rejected input looks exactly as main's router reports it.
 */
export interface FakeMain {
  client: StudioClient;
  /** Every call the renderer made, in order. */
  calls: { route: string; input: unknown }[];
  /** Pushes an event as main would. */
  emit(event: string, payload: unknown): void;
  /** Makes the next call to `route` fail with this error. */
  failNext(route: string, error: StudioError): void;
  /** The keys main holds (the renderer must never see them). */
  keys: Map<string, string>;
}

/** What web mode answers for the desktop: nothing available. */
const WEB_DESKTOP: DesktopInfo = { reveal: false, trash: false, drag: false, systemNotifications: false, keyProtection: null, preferences: null };

/** `desktop`: answer as the Electron shell would (its capabilities and preferences); web mode by default. */
export function createFakeMain(options: { desktop?: DesktopInfo } = {}): FakeMain {
  let desktop = options.desktop ?? WEB_DESKTOP;
  let settings: Settings = { language: 'system', theme: 'system', activeProfileId: null, libraryDir: null };
  const profiles = new Map<string, { id: string; name: string; baseUrl: string }>();
  const keys = new Map<string, string>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const failures = new Map<string, StudioError>();
  const calls: FakeMain['calls'] = [];
  let nextId = 1;

  const emit = (event: string, payload: unknown): void => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  const view = (id: string): Profile => {
    const p = profiles.get(id);
    if (!p) throw new Error(`no profile ${id}`);
    return { ...p, hasApiKey: keys.has(id) };
  };
  const list = (): Profile[] => [...profiles.keys()].map(view).sort((a, b) => a.name.localeCompare(b.name));
  const fail = (code: StudioError['code'], message: string): Envelope<never> => ({ ok: false, error: { code, message } });

  const handlers: Record<string, (input: Record<string, unknown>) => Envelope<unknown>> = {
    'app.get_info': () => {
      const active = settings.activeProfileId === null ? undefined : profiles.get(settings.activeProfileId);
      return {
        ok: true,
        value: { name: 'Atelier', version: '0.0.0', shell: 'web', demoMode: !active, gatewayUrl: active?.baseUrl ?? 'http://127.0.0.1:1', libraryDir: '/home/artist/Atelier' },
      };
    },
    'desktop.get_info': () => ({ ok: true, value: desktop }),
    'desktop.update_preferences': (patch) => {
      if (!desktop.preferences) return fail('unsupported', 'Only the desktop app can do this.');
      desktop = { ...desktop, preferences: { ...desktop.preferences, ...(patch as Partial<DesktopPreferences>) } };
      emit('desktop.changed', desktop);
      return { ok: true, value: desktop };
    },
    'settings.get': () => ({ ok: true, value: settings }),
    'settings.update': (patch) => {
      settings = { ...settings, ...(patch as Partial<Settings>) };
      emit('settings.changed', settings);
      return { ok: true, value: settings };
    },
    'profiles.list': () => ({ ok: true, value: list() }),
    'profiles.save': (draft) => {
      const name = String(draft.name);
      if ([...profiles.values()].some((p) => p.name === name && p.id !== draft.id)) {
        return fail('conflict', `A profile named "${name}" already exists.`);
      }
      const id = typeof draft.id === 'string' ? draft.id : `p${nextId++}`;
      profiles.set(id, { id, name, baseUrl: String(draft.baseUrl) });
      emit('profiles.changed', list());
      return { ok: true, value: view(id) };
    },
    'profiles.delete': ({ id }) => {
      const deleted = profiles.delete(String(id));
      keys.delete(String(id));
      emit('profiles.changed', list());
      return { ok: true, value: { deleted } };
    },
    'profiles.set_api_key': ({ id, apiKey }) => {
      if (!profiles.has(String(id))) return fail('not_found', 'That gateway profile no longer exists.');
      keys.set(String(id), String(apiKey));
      emit('profiles.changed', list());
      return { ok: true, value: view(String(id)) };
    },
    'profiles.clear_api_key': ({ id }) => {
      keys.delete(String(id));
      emit('profiles.changed', list());
      return { ok: true, value: view(String(id)) };
    },
  };

  const transport: StudioTransport = {
    invoke: (route, input) => {
      calls.push({ route, input });
      const failure = failures.get(route);
      failures.delete(route);
      if (failure) return Promise.resolve({ ok: false, error: failure });
      const definition = (routes as Record<string, (typeof routes)[keyof typeof routes] | undefined>)[route];
      const handler = handlers[route];
      if (!definition || !handler) return Promise.resolve(fail('unknown_route', `There is no route named "${route}".`));
      const parsed = definition.input.safeParse(input ?? {});
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
        return Promise.resolve({
          ok: false,
          error: { code: 'invalid_input', message: issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), details: issues },
        });
      }
      return Promise.resolve(handler(parsed.data as Record<string, unknown>));
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    mediaUrl: (libraryPath) => `/media/${libraryPath}`,
  };

  return {
    client: createStudioClient(transport),
    calls,
    emit,
    failNext: (route, error) => failures.set(route, error),
    keys,
  };
}
