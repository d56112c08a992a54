/**
 * Brings the bytes of one result to a temporary file in the library folder: streamed from its
 * address (undici; the API key is never sent to result hosts), from the gateway's content route,
 * or decoded from Base64. Addresses must be public, or the gateway's own host and port
 * (`result-addresses.ts`, checked on every redirect). The size cap of the result's kind is
 * checked against the declared length first and again while streaming. Counts and hashes on the
 * way, and says whether a failure is worth another try or means the result has expired.
 */
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, interceptors, stream, type Dispatcher } from 'undici';
import { Base64TooLarge, writeBase64File } from './base64-file';
import { gatewayOriginFor, publicOnlyConnector, RefusedAddressError, type AddressPolicy, type Resolver } from './result-addresses';
import { ResultFileSink, TooLarge } from './result-file-sink';
import { ProxyTunnels } from './result-proxy';
import type { VariantEntry } from '../../../shared/catalog';
import type { GatewayClient } from '../gateway/client';
import { GatewayError, refusedForTheKey } from '../gateway/gateway-error';
import type { NetworkSettings } from '../gateway/network';
import { PRIVATE_MODES } from '../private-files';

export type ResultSource =
  | { kind: 'url'; url: string }
  /** Base64 staged by an earlier version (results are now decoded into a staged file). */
  | { kind: 'b64'; data: string }
  /** A result already on disk: a Base64 image decoded into the staging folder. */
  | { kind: 'file'; path: string }
  | { kind: 'content'; entry: VariantEntry; taskId: string };

/**
 * Why one result could not be fetched; `expired` results will never come back. `refused`: the
 * result host refused the address (403/404/410 before its known expiry), so a fresh one is asked
 * for; `key`: the gateway refused the key the content route was asked with.
 */
export type ResultFetchFailure = 'expired' | 'transient' | 'refused' | 'key' | 'permanent' | 'canceled';

export class ResultFetchError extends Error {
  constructor(
    message: string,
    readonly reason: ResultFetchFailure,
  ) {
    super(message);
    this.name = 'ResultFetchError';
  }
}

export interface FetchLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Which addresses results may be fetched from besides the gateway's own host and port; public addresses by default. */
  addressPolicy?: AddressPolicy;
  /** Stands in for DNS in tests. */
  resolve?: Resolver;
  /** The proxy variables and trusted authorities (the process's in the studio); none given, every download is direct. */
  network?: NetworkSettings;
}

/** What one fetch is for: the result's kind sets its size cap. */
export interface FetchOptions {
  client: GatewayClient;
  expiresAt: number | null;
  now: number;
  signal: AbortSignal;
  /** Largest result accepted, in bytes. */
  maxBytes: number;
  /** Mode of the file written. */
  mode?: number;
}

export interface Fetched {
  bytes: number;
  sha256: string;
  /** The type the server declared (the bytes decide what the file is; this is for the log). */
  declaredType: string | undefined;
}

interface Opened {
  body: Readable;
  declaredType: string | undefined;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1048576)} MB`;
}

/** A declared length over the cap: refused before a byte is read. */
function declaredTooLarge(length: unknown, maxBytes: number): ResultFetchError | undefined {
  const declared = Number(Array.isArray(length) ? length[0] : length);
  if (!Number.isFinite(declared) || declared <= maxBytes) return undefined;
  return new ResultFetchError(
    `The result is declared as ${megabytes(declared)}, more than the ${megabytes(maxBytes)} the studio accepts for it; it was not downloaded.`,
    'permanent',
  );
}

function refusedAddress(error: unknown): RefusedAddressError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof RefusedAddressError) return cause;
  return undefined;
}

/** The result's address, relative ones resolved against the gateway; only http(s). */
function resultAddress(url: string, baseUrl: string): URL {
  let address: URL;
  try {
    address = new URL(url, `${baseUrl}/`);
  } catch {
    throw new ResultFetchError(`The result address "${url.slice(0, 80)}" is not a valid URL.`, 'permanent');
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') {
    throw new ResultFetchError(`The result address uses ${address.protocol}, not http(s).`, 'permanent');
  }
  return address;
}

/** Why a result host's answer other than 2xx failed: past the result's expiry a refusal means it has expired. */
function refusal(status: number, options: FetchOptions): ResultFetchError {
  const refused = status === 403 || status === 404 || status === 410;
  if (refused && options.expiresAt !== null && options.now >= options.expiresAt) {
    return new ResultFetchError(`The result address has expired (HTTP ${status}); the gateway no longer serves this result.`, 'expired');
  }
  if (refused) return new ResultFetchError(`The result host refused the address (HTTP ${status}).`, 'refused');
  const transient = status === 408 || status === 425 || status === 429 || status >= 500;
  return new ResultFetchError(`The result address answered HTTP ${status}.`, transient ? 'transient' : 'permanent');
}

const CONNECT_TIMEOUT_MS = 15_000;

export class ResultFetcher {
  /** One connection pool per gateway: each may reach public addresses and that gateway's own host and port. */
  private readonly pools = new Map<string, { agent: Agent; dispatcher: Dispatcher }>();
  private readonly network: NetworkSettings;
  private readonly tunnels: ProxyTunnels;

  constructor(private readonly limits: FetchLimits) {
    this.network = limits.network ?? { env: {}, ca: undefined };
    this.tunnels = new ProxyTunnels(this.network, CONNECT_TIMEOUT_MS);
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all([...pools.map((pool) => pool.agent.close()), this.tunnels.close()]);
  }

  /**
   * Writes the result to `target`. `expiresAt` (Unix ms) turns a 403/404 after that time into
   * `expired`; `client` resolves relative addresses and opens the content route.
   */
  async fetch(source: ResultSource, target: string, options: FetchOptions): Promise<Fetched> {
    const mode = options.mode ?? PRIVATE_MODES.file;
    if (source.kind === 'b64') return this.decode(source.data, target, mode, options.maxBytes);
    // The file is made only once an answer says there are bytes to put in it.
    let sink: ResultFileSink | undefined;
    const openSink = (): ResultFileSink => (sink = new ResultFileSink(target, mode, options.maxBytes));
    let declaredType: string | undefined;
    let sha256: string;
    try {
      if (source.kind === 'url') declaredType = await this.streamUrl(source.url, openSink, options);
      else {
        const opened = source.kind === 'file' ? this.openFile(source.path) : await this.openContent(source, options);
        declaredType = opened.declaredType;
        await pipeline(opened.body, openSink(), { signal: options.signal });
      }
      sha256 = sink?.sha256() ?? '';
    } catch (error) {
      if (error instanceof ResultFetchError) throw error;
      if (options.signal.aborted) throw new ResultFetchError('The download was stopped.', 'canceled');
      if (error instanceof TooLarge)
        throw new ResultFetchError(`The result is larger than the ${megabytes(options.maxBytes)} the studio accepts for it.`, 'permanent');
      throw new ResultFetchError(`The download broke off after ${sink?.bytes ?? 0} bytes (${describe(error)}).`, 'transient');
    }
    const bytes = sink?.bytes ?? 0;
    if (bytes === 0) throw new ResultFetchError('The result address answered with an empty file.', 'transient');
    return { bytes, sha256, declaredType };
  }

  private async decode(data: string, target: string, mode: number, maxBytes: number): Promise<Fetched> {
    const tooLarge = (): ResultFetchError =>
      new ResultFetchError(`The Base64 result is larger than the ${megabytes(maxBytes)} the studio accepts for it.`, 'permanent');
    // Four Base64 characters carry three bytes: refused before decoding when it cannot fit.
    if (Math.floor((data.length * 3) / 4) > maxBytes + 3 + 256) throw tooLarge();
    let written: { bytes: number; sha256: string };
    try {
      written = await writeBase64File(data, target, { mode, maxBytes });
    } catch (error) {
      if (error instanceof Base64TooLarge) throw tooLarge();
      throw error;
    }
    if (written.bytes === 0) throw new ResultFetchError('The Base64 result is empty.', 'permanent');
    return { ...written, declaredType: undefined };
  }

  /** A staged result: its file is read like a download (counted, hashed, capped). */
  private openFile(path: string): Opened {
    return { body: createReadStream(path), declaredType: undefined };
  }

  /**
   * Streams the address's body straight into the sink `openSink` makes once a 2xx answer's headers
   * are in (undici `stream`: no stream between the socket and the file); answers the declared type.
   */
  private async streamUrl(url: string, openSink: () => Writable, options: FetchOptions): Promise<string | undefined> {
    const address = resultAddress(url, options.client.baseUrl);
    const dispatcher = this.dispatcherFor(options.client.baseUrl);
    const answer = { in: false };
    let declaredType: string | undefined;
    try {
      await stream(address, { method: 'GET', dispatcher, signal: options.signal, headers: { accept: '*/*' } }, ({ statusCode, headers }) => {
        answer.in = true;
        const failure = statusCode >= 200 && statusCode < 300 ? declaredTooLarge(headers['content-length'], options.maxBytes) : refusal(statusCode, options);
        if (failure) throw failure;
        declaredType = headerText(headers['content-type']);
        return openSink();
      });
    } catch (error) {
      // Once answered, the caller says what went wrong with the body.
      if (answer.in || options.signal.aborted) throw error;
      const refused = refusedAddress(error);
      if (refused) throw new ResultFetchError(refused.message, 'permanent');
      throw new ResultFetchError(`Could not download the result (${describe(error)}).`, 'transient');
    }
    return declaredType;
  }

  private async openContent(source: Extract<ResultSource, { kind: 'content' }>, options: FetchOptions): Promise<Opened> {
    let opened: Opened;
    try {
      const download = await options.client.tasks.openVariantContent(source.entry, source.taskId, { signal: options.signal });
      opened = { body: download.answer.body, declaredType: download.contentType };
      const tooLarge = declaredTooLarge(download.contentLength, options.maxBytes);
      if (tooLarge) {
        download.answer.body.destroy();
        throw tooLarge;
      }
    } catch (error) {
      if (error instanceof ResultFetchError) throw error;
      if (options.signal.aborted) throw new ResultFetchError('The download was stopped.', 'canceled');
      if (error instanceof GatewayError && error.status === 410) {
        throw new ResultFetchError(`The result has expired on the gateway (${error.message}).`, 'expired');
      }
      if (refusedForTheKey(error)) throw new ResultFetchError(error.gatewayMessage ?? error.message, 'key');
      const transient = !(error instanceof GatewayError) || error.retryable || error.status === 400;
      throw new ResultFetchError(`Could not fetch the result from the gateway (${describe(error)}).`, transient ? 'transient' : 'permanent');
    }
    return opened;
  }

  private dispatcherFor(baseUrl: string): Dispatcher {
    let pool = this.pools.get(baseUrl);
    if (pool === undefined) {
      const connect = publicOnlyConnector(CONNECT_TIMEOUT_MS, {
        allowed: this.limits.addressPolicy,
        gateway: gatewayOriginFor(baseUrl),
        resolve: this.limits.resolve,
        proxy: this.tunnels,
        ca: this.network.ca,
      });
      const agent = new Agent({ headersTimeout: this.limits.headersTimeoutMs, bodyTimeout: this.limits.bodyTimeoutMs, connect });
      pool = { agent, dispatcher: agent.compose(interceptors.redirect({ maxRedirections: 5 })) };
      this.pools.set(baseUrl, pool);
    }
    return pool.dispatcher;
  }
}
