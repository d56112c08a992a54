import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import {
  gatewayAddressProblem,
  gatewayOriginOf,
  settingsSchema,
  type Profile,
  type ProfileDraft,
  type Settings,
  type SettingsPatch,
  inputMessages,
} from '../../../shared/contract';
import { sayInEnglish } from '../../../shared/i18n/locales';
import type { Message } from '../../../shared/i18n/translate';
import type { EventBus } from '../events/event-bus';
import { createLogger } from '../log';
import { StudioFailure } from '../router/failure';
import type { Vault } from '../vault/vault';
import type { KeyValueStore } from './key-value-store';
import type { LibraryFolderChooser } from './library-folder';
import { proposedFolderProblem, realFolderPath } from './proposed-folder';
import { hasDeceptiveCharacters } from '../terminal-text';

const log = createLogger('settings');

const defaults: Settings = { language: 'system', theme: 'system', activeProfileId: null, libraryDir: null, concurrency: null };

const storedProfileSchema = z.object({ id: z.string(), name: z.string(), baseUrl: z.string() });
type StoredProfile = z.infer<typeof storedProfileSchema>;

/**
 * What a sealed key is bound to: its profile and the gateway origin it was given for. A key copied
 * to another profile, or left behind after the address changed, no longer opens.
 */
export function keyBinding(profileId: string, baseUrl: string): string {
  return `atelier.profile-key\n${profileId}\n${gatewayOriginOf(baseUrl)}`;
}

/** Entries of a stored JSON object, as a Map: keys such as `constructor` or `__proto__` are plain keys. */
function storedMap<T>(value: unknown, schema: z.ZodType<T>): Map<string, T> {
  const map = new Map<string, T>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return map;
  for (const [key, entry] of Object.entries(value)) {
    const parsed = schema.safeParse(entry);
    if (parsed.success) map.set(key, parsed.data);
  }
  return map;
}

/**
 * Settings and gateway profiles. API keys are sealed by the vault, bound to their profile and the
 * gateway's origin, before they are stored, and are only ever unsealed for the gateway client
 * (`apiKeyFor`); no route returns them. Changing a profile's origin drops its key.
 */
export class SettingsService {
  /** Profiles whose stored key did not open for their address, already logged once. */
  private readonly warnedUnbound = new Set<string>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly vault: Vault,
    private readonly bus: EventBus,
    /** Where the person at this computer chooses the library folder; none: it cannot be changed from here. */
    private readonly folderChooser?: LibraryFolderChooser,
  ) {
    this.resealLegacyKeys();
  }

  get(): Settings {
    // A damaged or older settings file falls back field by field rather than failing start-up.
    const parsed = settingsSchema.partial().safeParse(this.store.get('settings'));
    const merged = { ...defaults, ...(parsed.success ? parsed.data : {}) };
    if (merged.activeProfileId !== null && !this.profiles().has(merged.activeProfileId)) merged.activeProfileId = null;
    return merged;
  }

  update(patch: SettingsPatch): Settings {
    if (patch.activeProfileId != null && !this.profiles().has(patch.activeProfileId)) {
      throw StudioFailure.of('profile_not_found');
    }
    return this.write(patch);
  }

  /**
   * Another library folder, chosen by the person at this computer (never taken from the window
   * alone). Resolves when they have answered; the folder applies at the next start.
   */
  async chooseLibraryFolder(proposed: string | undefined): Promise<{ chosen: boolean; settings: Settings }> {
    if (this.folderChooser === undefined) throw StudioFailure.of('library_folder_unconfirmable');
    let asked: string | undefined;
    if (proposed !== undefined) {
      refuseProposal(proposedFolderProblem(proposed));
      // The real path is what gets asked about and saved: a link cannot show one folder and save another.
      asked = await realFolderPath(proposed).catch(() => proposed);
      refuseProposal(hasDeceptiveCharacters(asked) ? inputMessages.libraryDirPlainCharacters : undefined);
    }
    const folder = await this.folderChooser.choose(asked);
    if (folder === undefined || !isAbsolute(folder)) return { chosen: false, settings: this.get() };
    return { chosen: true, settings: this.write({ libraryDir: folder }) };
  }

  private write(patch: Partial<Settings>): Settings {
    const next = { ...this.get(), ...patch };
    this.store.set('settings', next);
    this.bus.emit('settings.changed', next);
    return next;
  }

  listProfiles(): Profile[] {
    const sealed = this.sealedKeys();
    return [...this.profiles().values()].map((p) => ({ ...p, hasApiKey: sealed.has(p.id) })).sort((a, b) => a.name.localeCompare(b.name));
  }

  saveProfile(draft: ProfileDraft): Profile {
    const profiles = this.profiles();
    const previous = draft.id === undefined ? undefined : profiles.get(draft.id);
    if (draft.id !== undefined && previous === undefined) {
      throw StudioFailure.of('profile_not_found');
    }
    const problem = gatewayAddressProblem(draft.baseUrl);
    if (problem !== undefined) {
      throw StudioFailure.of('invalid_fields', {}, { message: `baseUrl: ${sayInEnglish(problem)}`, issues: [{ path: ['baseUrl'], message: problem.key }] });
    }
    const clash = [...profiles.values()].find((p) => p.name === draft.name && p.id !== draft.id);
    if (clash) throw StudioFailure.of('profile_name_taken', { name: draft.name });
    const profile: StoredProfile = { id: draft.id ?? randomUUID(), name: draft.name, baseUrl: stripSlash(draft.baseUrl) };
    // The key was given for one server: another scheme, host or port must ask for it again.
    if (previous !== undefined && gatewayOriginOf(previous.baseUrl) !== gatewayOriginOf(profile.baseUrl)) {
      const keys = this.sealedKeys();
      if (keys.delete(profile.id)) {
        this.writeKeys(keys);
        log.info(`profile ${profile.id} moved to another gateway; its API key was cleared`);
      }
    }
    profiles.set(profile.id, profile);
    this.writeProfiles(profiles);
    this.profilesChanged();
    return this.profileView(profile.id);
  }

  deleteProfile(id: string): boolean {
    const profiles = this.profiles();
    if (!profiles.delete(id)) return false;
    const keys = this.sealedKeys();
    keys.delete(id);
    this.writeProfiles(profiles);
    this.writeKeys(keys);
    if (this.get().activeProfileId === id) this.update({ activeProfileId: null });
    this.profilesChanged();
    return true;
  }

  setApiKey(id: string, apiKey: string): Profile {
    const profile = this.requireProfile(id);
    const keys = this.sealedKeys();
    keys.set(id, this.vault.encrypt(apiKey, keyBinding(id, profile.baseUrl)));
    this.writeKeys(keys);
    this.profilesChanged();
    return this.profileView(id);
  }

  clearApiKey(id: string): Profile {
    this.requireProfile(id);
    const keys = this.sealedKeys();
    keys.delete(id);
    this.writeKeys(keys);
    this.profilesChanged();
    return this.profileView(id);
  }

  /**
   * The unsealed key of a profile, for the gateway client in main only. Undefined when none is
   * stored, and when the stored one was sealed for another profile or origin (it will not open).
   */
  apiKeyFor(id: string): string | undefined {
    const profile = this.profiles().get(id);
    const sealed = this.sealedKeys().get(id);
    if (profile === undefined || sealed === undefined) return undefined;
    try {
      return this.vault.decrypt(sealed, keyBinding(id, profile.baseUrl));
    } catch {
      if (!this.warnedUnbound.has(id)) log.warn(`the stored API key of profile ${id} does not belong to its gateway address; it is ignored`);
      this.warnedUnbound.add(id);
      return undefined;
    }
  }

  /** The active profile with its base URL, or undefined in demo mode. */
  activeProfile(): StoredProfile | undefined {
    const id = this.get().activeProfileId;
    return id === null ? undefined : this.profiles().get(id);
  }

  /** A profile by id (own entries only), or undefined. */
  profile(id: string): StoredProfile | undefined {
    return this.profiles().get(id);
  }

  private profileView(id: string): Profile {
    const profile = this.listProfiles().find((p) => p.id === id);
    if (!profile) throw StudioFailure.of('profile_not_found');
    return profile;
  }

  private requireProfile(id: string): StoredProfile {
    const profile = this.profiles().get(id);
    if (!profile) throw StudioFailure.of('profile_not_found');
    return profile;
  }

  private profiles(): Map<string, StoredProfile> {
    const map = storedMap(this.store.get('profiles'), storedProfileSchema);
    for (const [key, profile] of map) if (profile.id !== key) map.delete(key);
    return map;
  }

  private sealedKeys(): Map<string, string> {
    return storedMap(this.store.get('apiKeys'), z.string());
  }

  private writeProfiles(profiles: Map<string, StoredProfile>): void {
    this.store.set('profiles', Object.fromEntries(profiles));
  }

  private writeKeys(keys: Map<string, string>): void {
    this.store.set('apiKeys', Object.fromEntries(keys));
  }

  /**
   * Keys sealed before they carried their binding (they open without associated data, which a
   * bound value never does) are sealed again, bound to their profile's current origin.
   */
  private resealLegacyKeys(): void {
    const keys = this.sealedKeys();
    const profiles = this.profiles();
    let changed = false;
    for (const [id, sealed] of keys) {
      const profile = profiles.get(id);
      let binding: string;
      try {
        if (profile === undefined) continue;
        binding = keyBinding(id, profile.baseUrl);
      } catch {
        continue; // An address edited into something unreadable: its key stays sealed and unused.
      }
      if (this.opens(sealed, binding)) continue;
      let plain: string;
      try {
        plain = this.vault.decrypt(sealed);
      } catch {
        continue;
      }
      keys.set(id, this.vault.encrypt(plain, binding));
      changed = true;
    }
    if (changed) this.writeKeys(keys);
  }

  private profilesChanged(): void {
    this.bus.emit('profiles.changed', this.listProfiles());
  }

  private opens(sealed: string, binding: string): boolean {
    try {
      this.vault.decrypt(sealed, binding);
      return true;
    } catch {
      return false;
    }
  }
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Refuses a proposed library folder with the field's message, when there is one. */
function refuseProposal(problem: Message | undefined): void {
  if (problem === undefined) return;
  throw StudioFailure.of('invalid_fields', {}, { message: `proposed: ${sayInEnglish(problem)}`, issues: [{ path: ['proposed'], message: problem.key }] });
}
