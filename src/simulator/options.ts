/**
 * Options of the demo gateway and their defaults. Every knob a test needs to tune lives here;
 * docs/simulator.md explains the chosen defaults.
 */
import type { FaultRule } from './faults';
import type { GenImageRouting } from './images/variant-gen-image';
import type { CharacterReading } from './videos/character-readings';

/** Unit of `remain_balance` / `used_balance` in balance records. */
export type DisplayUnit = 'USD' | 'CNY' | 'tokens';

/** Durations of simulated asynchronous work, in milliseconds. */
interface SimulatorTiming {
  /** Time an image task takes from submission to `completed`. */
  image: number;
  /** Time a video task takes from submission to `completed` (also remix). */
  video: number;
  /** Time a character task takes from submission to `completed`. */
  character: number;
  /** Pause between two streamed text events (0 = as fast as possible). */
  textChunk: number;
}

/** How results are made: drawn and encoded per request, or as fixtures (`media/fixture-media.ts`). */
export type MediaMode = 'rendered' | 'fixture';

/** Per-key fixed-window request limit; exceeding it answers HTTP 429. */
export interface RateLimitOptions {
  /** Requests allowed per key per window. */
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /** Whether 429 answers carry a `Retry-After` header (seconds until the window resets). */
  retryAfter: boolean;
}

/**
 * Behaviours where real deployments differ and tests need each one. They start from the
 * options and can be changed at run time (`POST /__admin/settings`).
 */
export interface SimulatorSettings {
  /** How `gen-image-2` requests reach its direct or task channel (docs/simulator.md). */
  genImage2Routing: GenImageRouting;
  /** Whether `GET /v1/videos/{id}/content` exists (a deployment without it answers 404). */
  contentRoute: boolean;
  /** Whether a request that asks for a character is answered with a character task, a video, or by its own rule. */
  characterCreation: CharacterReading;
}

/** Every option with its value after defaults were applied. */
export interface ResolvedSimulatorOptions {
  /** Port to bind on 127.0.0.1; 0 (default) picks a free port. */
  port: number;
  /** Host to bind; default 127.0.0.1. */
  host: string;
  /** Base URL used in generated links; default the address the server listens on. */
  publicBaseUrl: string | undefined;
  timing: SimulatorTiming;
  /** Lifetime of result addresses after completion (seconds); default 24 h. */
  resultTtlSeconds: number;
  /** Credits charged per request, by model id; models not listed cost `defaultPrice`. */
  prices: Record<string, number>;
  /** Credits charged for a model missing from `prices`. */
  defaultPrice: number;
  rateLimit: RateLimitOptions;
  /** Separate, stricter limit on `POST /v1/tokens` (per key). */
  tokenCreationLimit: RateLimitOptions;
  displayUnit: DisplayUnit;
  /** CNY per USD used when `displayUnit` is CNY (fixed, documented). */
  cnyPerUsd: number;
  /** Fault rules active at start (and restored by an admin reset). */
  faults: FaultRule[];
  /** The demo key (with its `sk-` prefix). */
  demoKey: string;
  /** Remaining quota of the demo key in internal units (500000 = 1 USD). */
  demoKeyQuota: number;
  /** Whether the demo key has unlimited quota. */
  demoKeyUnlimited: boolean;
  /** Remaining quota of the demo user account in internal units. */
  userQuota: number;
  /** Channel group of the demo user. */
  userGroup: string;
  /** Model ids that have no channel: hidden from lists, 503 `model_not_found` when called. */
  disabledModels: string[];
  /** Token guarding the `/__admin` endpoints (header `x-admin-token`); default random. */
  adminToken: string | undefined;
  /** Seed of the pseudo-random source (fault probabilities, ids); fixed for reproducible runs. */
  randomSeed: number;
  /** Fastify request logging. */
  logger: boolean;
  /**
   * Folder where the simulator keeps its state (accounts, tasks, files) across restarts, and
   * tries its last port again; undefined (default) keeps everything in memory.
   */
  stateDir: string | undefined;
  /** Where problems that do not fail a request are reported (an unreadable saved state). */
  onWarning: (message: string) => void;
  /** Behaviour settings at start (and after an admin reset). */
  settings: SimulatorSettings;
  /**
   * `rendered` (default): results show their request (caption, references, mask, motion).
   * `fixture`: results only have the asked size, encoding, length and sound, and cost next to
   * nothing to make; for tests that do not look at what a result shows. Default from the
   * environment variable `ATELIER_DEMO_MEDIA` (`fixture` or `rendered`), so a test run can choose
   * it for demo gateways started in child processes too.
   */
  media: MediaMode;
  /**
   * Where the demo gateway reads the time (default `Date.now`); task lives, expiries and rate
   * windows follow it. A test passes the virtual clock it drives the studio with.
   */
  clock: () => number;
}

/** What `startSimulator` accepts: every field optional, nested objects partially. */
export type SimulatorOptions = Partial<Omit<ResolvedSimulatorOptions, 'timing' | 'rateLimit' | 'tokenCreationLimit' | 'settings'>> & {
  timing?: Partial<SimulatorTiming>;
  settings?: Partial<SimulatorSettings>;
  rateLimit?: Partial<RateLimitOptions>;
  tokenCreationLimit?: Partial<RateLimitOptions>;
};

/** Internal quota units per USD (interface: 1 USD = 500000 units). */
export const QUOTA_PER_USD = 500_000;
/** Credits per USD (interface: fixed at 200). */
export const CREDITS_PER_USD = 200;
/** Internal quota units per credit (2500). */
export const QUOTA_PER_CREDIT = QUOTA_PER_USD / CREDITS_PER_USD;

/** Fixed demo key: recognisable, 48 characters after `sk-` like generated keys. */
const DEFAULT_DEMO_KEY = 'sk-demo' + 'atelierlocalgateway'.padEnd(44, '0');

/**
 * Default price table in credits per request (200 credits = 1 USD). Text requests are flat-rate
 * here; media prices roughly follow public list prices of comparable models.
 */
const DEFAULT_PRICES: Readonly<Record<string, number>> = {
  'gen-5-pro-official': 4,
  'gen-5.3-codex-official': 2,
  'gen-5.2-official': 1,
  'chat-opus-4-6': 3,
  'chat-sonnet-4-6': 1,
  'chat-haiku-4-5': 0.5,
  'gen-image-2': 8,
  'nova-3.1-flash-image': 6,
  'nova-3.1-flash-image-preview': 6,
  'nova-3-pro-image': 20,
  'nova-3-pro-image-preview': 20,
  'nova-3-pro-image-preview-official': 24,
  'vid-2': 40,
  vid2: 60,
  'vid2-pro': 120,
  'vid-2-pro': 120,
  'vid-2-vip': 80,
  'vid-2-vvip': 160,
  'vid-2-official': 60,
  'clip3-720p': 50,
  'clip3-1080p': 80,
  'clip-o3-720p': 60,
  'clip-o3-1080p': 100,
  'clip-3.0-turbo': 30,
  'clip-v3-omni': 90,
  'lumen-image-1': 5,
  'lumen-video-1': 30,
  'tone-speech-1': 1,
};

const DEFAULT_TIMING: Readonly<SimulatorTiming> = {
  image: 4_000,
  video: 8_000,
  character: 6_000,
  textChunk: 15,
};

/** Fill every missing option with its default. */
export function resolveOptions(input: SimulatorOptions = {}): ResolvedSimulatorOptions {
  return {
    port: input.port ?? 0,
    host: input.host ?? '127.0.0.1',
    publicBaseUrl: input.publicBaseUrl,
    timing: { ...DEFAULT_TIMING, ...input.timing },
    resultTtlSeconds: input.resultTtlSeconds ?? 24 * 3600,
    prices: { ...DEFAULT_PRICES, ...input.prices },
    defaultPrice: input.defaultPrice ?? 1,
    rateLimit: { max: 600, windowMs: 60_000, retryAfter: true, ...input.rateLimit },
    tokenCreationLimit: { max: 30, windowMs: 60_000, retryAfter: true, ...input.tokenCreationLimit },
    displayUnit: input.displayUnit ?? 'USD',
    cnyPerUsd: input.cnyPerUsd ?? 7.2,
    faults: input.faults ?? [],
    demoKey: input.demoKey ?? DEFAULT_DEMO_KEY,
    demoKeyQuota: input.demoKeyQuota ?? 20 * QUOTA_PER_USD,
    demoKeyUnlimited: input.demoKeyUnlimited ?? false,
    userQuota: input.userQuota ?? 100 * QUOTA_PER_USD,
    userGroup: input.userGroup ?? 'default',
    disabledModels: input.disabledModels ?? [],
    adminToken: input.adminToken,
    randomSeed: input.randomSeed ?? 20_240_601,
    logger: input.logger ?? false,
    stateDir: input.stateDir,
    onWarning: input.onWarning ?? ((message) => process.emitWarning(message)),
    settings: { genImage2Routing: 'request', contentRoute: true, characterCreation: 'request', ...input.settings },
    media: input.media ?? mediaFromEnvironment(),
    clock: input.clock ?? Date.now,
  };
}

/** `ATELIER_DEMO_MEDIA=fixture` asks for fixture media; anything else (or nothing) for rendered. */
function mediaFromEnvironment(): MediaMode {
  return process.env.ATELIER_DEMO_MEDIA === 'fixture' ? 'fixture' : 'rendered';
}
