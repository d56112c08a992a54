/**
 * Chooses the gateway the studio talks to (the active profile with its unsealed key, or the
 * embedded demo gateway) and keeps one client per connection. Services and routes ask it for a
 * client; the key never leaves main.
 */
import { createHash } from 'node:crypto';
import { gatewayAddressProblem, inputMessages } from '../../../shared/contract';
import { StudioFailure } from '../router/failure';
import type { SettingsService } from '../settings/settings-service';
import type { ConnectionTest } from '../../../shared/contract';
import { GatewayClient, type GatewayClientOptions } from './client';
import { testConnection, type ConnectionTestOptions } from './connection-test';
import type { ConnectionProvider } from './connection-provider';
import { MemoryUploadCache, type UploadCache } from './upload-cache';

/** The client for the gateway in use, and which gateway that is. */
export interface ActiveGateway {
  client: GatewayClient;
  /** True when no profile is active and the embedded demo gateway answers. */
  demoMode: boolean;
  profileId: string | null;
}

export interface GatewayServiceOptions {
  /** Where uploads are remembered (the library database in the studio); in memory by default. */
  uploadCache?: UploadCache | undefined;
  /** Client settings (timeouts, retry policy) for every connection. */
  client?: Partial<Omit<GatewayClientOptions, 'baseUrl' | 'apiKey' | 'uploadCache' | 'uploadScope'>>;
}

export class GatewayService {
  /** One client per profile ('demo' for the demo gateway), replaced when its address or key changes. */
  private readonly clients = new Map<string, { fingerprint: string; client: GatewayClient }>();
  private readonly uploadCache: UploadCache;

  constructor(
    private readonly settings: SettingsService,
    /** The embedded demo gateway, handed over by the shell. */
    private readonly demo: ConnectionProvider,
    private readonly options: GatewayServiceOptions = {},
  ) {
    this.uploadCache = options.uploadCache ?? new MemoryUploadCache();
  }

  /** The client of the gateway in use right now. */
  async active(): Promise<ActiveGateway> {
    const profile = this.settings.activeProfile();
    if (profile === undefined) {
      const { baseUrl, apiKey } = await this.demo.connection();
      return { client: this.clientFor('demo', baseUrl, apiKey), demoMode: true, profileId: null };
    }
    const apiKey = this.settings.apiKeyFor(profile.id);
    if (apiKey === undefined) {
      throw StudioFailure.of('missing_api_key', { profile: profile.name });
    }
    return { client: this.clientFor(profile.id, profile.baseUrl, apiKey), demoMode: false, profileId: profile.id };
  }

  /**
   * The client of a given profile (null: the demo gateway), for work that outlives a change of the
   * active profile, such as queued jobs.
   */
  async forProfile(profileId: string | null): Promise<GatewayClient> {
    if (profileId === null) {
      const { baseUrl, apiKey } = await this.demo.connection();
      return this.clientFor('demo', baseUrl, apiKey);
    }
    const profile = this.settings.profile(profileId);
    if (!profile) throw StudioFailure.of('job_profile_deleted');
    const apiKey = this.settings.apiKeyFor(profileId);
    if (apiKey === undefined) {
      throw StudioFailure.of('job_profile_missing_key', { profile: profile.name });
    }
    return this.clientFor(profile.id, profile.baseUrl, apiKey);
  }

  /** "Test connection" for a saved profile, with its stored key (which stays here). */
  async testProfile(profileId: string, options: ConnectionTestOptions = {}): Promise<ConnectionTest> {
    const profile = this.settings.profile(profileId);
    if (!profile) throw StudioFailure.of('profile_not_found');
    const apiKey = this.settings.apiKeyFor(profileId);
    if (apiKey === undefined) return { ok: false, cause: 'no_key', status: null, models: null, detail: null };
    return testConnection(profile.baseUrl, apiKey, options);
  }

  /** Closes every connection pool. */
  async stop(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map(({ client }) => client.close()));
  }

  private clientFor(profile: string, baseUrl: string, apiKey: string): GatewayClient {
    // A settings file edited by hand could still name a plain-http server elsewhere: the key never goes there.
    const problem = profile === 'demo' ? undefined : gatewayAddressProblem(baseUrl);
    if (problem !== undefined) {
      throw StudioFailure.of('profile_address_refused', {
        profile: this.settings.profile(profile)?.name ?? profile,
        address: baseUrl,
        insecure: problem === inputMessages.gatewayPlainHttp,
      });
    }
    // A fingerprint, not the key, tells whether the profile's connection changed (new key or address).
    const fingerprint = createHash('sha256').update(`${profile}\n${baseUrl}\n${apiKey}`).digest('hex');
    const current = this.clients.get(profile);
    if (current?.fingerprint === fingerprint) return current.client;
    // The old client may still be serving a paid request: let it finish rather than abort it.
    if (current) void current.client.retire().catch(() => undefined);
    const client = new GatewayClient({
      ...this.options.client,
      baseUrl,
      apiKey,
      uploadCache: this.uploadCache,
      uploadScope: `${profile}@${baseUrl}`,
    });
    this.clients.set(profile, { fingerprint, client });
    return client;
  }
}
