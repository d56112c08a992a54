import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import {
  settingsSchema,
  type Profile,
  type ProfileDraft,
  type Settings,
  type SettingsPatch,
  inputMessages,
} from '../../../shared/contract';
import type { EventBus } from '../events/event-bus';
import { StudioFailure } from '../router/failure';
import type { Vault } from '../vault/vault';
import type { KeyValueStore } from './key-value-store';

const defaults: Settings = { language: 'system', theme: 'system', activeProfileId: null, libraryDir: null };

const storedProfileSchema = z.object({ id: z.string(), name: z.string(), baseUrl: z.string() });
const storedProfilesSchema = z.record(z.string(), storedProfileSchema);
const sealedKeysSchema = z.record(z.string(), z.string());
type StoredProfile = z.infer<typeof storedProfileSchema>;

/**
 * Settings and gateway profiles. API keys are sealed by the vault before they are stored and are
 * only ever unsealed for the gateway client (`apiKeyFor`); no route returns them.
 */
export class SettingsService {
  constructor(
    private readonly store: KeyValueStore,
    private readonly vault: Vault,
    private readonly bus: EventBus,
  ) {}

  get(): Settings {
    // A damaged or older settings file falls back field by field rather than failing start-up.
    const parsed = settingsSchema.partial().safeParse(this.store.get('settings'));
    const merged = { ...defaults, ...(parsed.success ? parsed.data : {}) };
    if (merged.activeProfileId !== null && !(merged.activeProfileId in this.profiles())) merged.activeProfileId = null;
    return merged;
  }

  update(patch: SettingsPatch): Settings {
    if (patch.activeProfileId != null && !(patch.activeProfileId in this.profiles())) {
      throw StudioFailure.of('profile_not_found');
    }
    if (patch.libraryDir != null && !isAbsolute(patch.libraryDir)) {
      throw StudioFailure.of('invalid_fields', {}, {
        message: `libraryDir: ${inputMessages.libraryDirAbsolute.en}`,
        issues: [{ path: ['libraryDir'], message: inputMessages.libraryDirAbsolute.en }],
      });
    }
    const next = { ...this.get(), ...patch };
    this.store.set('settings', next);
    this.bus.emit('settings.changed', next);
    return next;
  }

  listProfiles(): Profile[] {
    const sealed = this.sealedKeys();
    return Object.values(this.profiles())
      .map((p) => ({ ...p, hasApiKey: p.id in sealed }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  saveProfile(draft: ProfileDraft): Profile {
    const profiles = this.profiles();
    if (draft.id !== undefined && !(draft.id in profiles)) {
      throw StudioFailure.of('profile_not_found');
    }
    const clash = Object.values(profiles).find((p) => p.name === draft.name && p.id !== draft.id);
    if (clash) throw StudioFailure.of('profile_name_taken', { name: draft.name });
    const profile: StoredProfile = { id: draft.id ?? randomUUID(), name: draft.name, baseUrl: stripSlash(draft.baseUrl) };
    this.store.set('profiles', { ...profiles, [profile.id]: profile });
    this.profilesChanged();
    return this.profileView(profile.id);
  }

  deleteProfile(id: string): boolean {
    const { [id]: removed, ...rest } = this.profiles();
    if (!removed) return false;
    const { [id]: _key, ...keys } = this.sealedKeys();
    this.store.set('profiles', rest);
    this.store.set('apiKeys', keys);
    if (this.get().activeProfileId === id) this.update({ activeProfileId: null });
    this.profilesChanged();
    return true;
  }

  setApiKey(id: string, apiKey: string): Profile {
    this.requireProfile(id);
    this.store.set('apiKeys', { ...this.sealedKeys(), [id]: this.vault.encrypt(apiKey) });
    this.profilesChanged();
    return this.profileView(id);
  }

  clearApiKey(id: string): Profile {
    this.requireProfile(id);
    const { [id]: _removed, ...rest } = this.sealedKeys();
    this.store.set('apiKeys', rest);
    this.profilesChanged();
    return this.profileView(id);
  }

  /** The unsealed key of a profile, for the gateway client in main only. */
  apiKeyFor(id: string): string | undefined {
    const sealed = this.sealedKeys()[id];
    return sealed === undefined ? undefined : this.vault.decrypt(sealed);
  }

  /** The active profile with its base URL, or undefined in demo mode. */
  activeProfile(): StoredProfile | undefined {
    const id = this.get().activeProfileId;
    return id === null ? undefined : this.profiles()[id];
  }

  private profileView(id: string): Profile {
    const profile = this.listProfiles().find((p) => p.id === id);
    if (!profile) throw StudioFailure.of('profile_not_found');
    return profile;
  }

  private requireProfile(id: string): void {
    if (!(id in this.profiles())) throw StudioFailure.of('profile_not_found');
  }

  private profiles(): Record<string, StoredProfile> {
    const parsed = storedProfilesSchema.safeParse(this.store.get('profiles') ?? {});
    return parsed.success ? parsed.data : {};
  }

  private sealedKeys(): Record<string, string> {
    const parsed = sealedKeysSchema.safeParse(this.store.get('apiKeys') ?? {});
    return parsed.success ? parsed.data : {};
  }

  private profilesChanged(): void {
    this.bus.emit('profiles.changed', this.listProfiles());
  }
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
