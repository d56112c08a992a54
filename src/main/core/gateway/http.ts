/**
 * The one request path of the gateway client: URL building, authentication, timeouts,
 * cancellation, response size limits, error normalisation and the retry policy. Every endpoint
 * wrapper goes through `requestJson` or `openStream`; nothing else talks HTTP to the gateway.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { sleep, systemClock, type Clock } from '../lifecycle/clock';
import { createLogger } from '../log';
import { GatewayError } from './gateway-error';
import { answerTooLarge, errorFromAnswer, errorFromTransport, malformedAnswer, type RequestSite } from './normalise-error';
import type { MultipartBody } from './multipart-body';
import { gatewayDispatcherFor, processNetworkSettings, type NetworkSettings } from './network';
import { answerExcerpt } from './raw-answer';
import { redactSecrets, StreamRedactor } from './redact';
import { DEFAULT_RETRY_POLICY, nextDelay, parseRetryAfter, type RetryMode, type RetryPolicy } from './retry-policy';

const log = createLogger('gateway');

/** Where the gateway is and the key to present. */
interface GatewayConnection {
  /** Base address without `/v1`, e.g. `https://gateway.example.com`. */
  baseUrl: string;
  apiKey: string;
}

export interface GatewayTimeouts {
  /** Establishing the TCP/TLS connection. */
  connectMs: number;
  /** From sending the request to receiving the answer's headers. */
  headersMs: number;
  /** Longest pause between two chunks of the answer body. */
  bodyMs: number;
}

const DEFAULT_TIMEOUTS: Readonly<GatewayTimeouts> = { connectMs: 10_000, headersMs: 60_000, bodyMs: 60_000 };

/** Largest JSON answer read into memory (downloads are streamed, not read through this). */
const DEFAULT_MAX_JSON_BYTES = 20 * 1024 * 1024;

export interface GatewayHttpOptions extends GatewayConnection {
  timeouts?: Partial<GatewayTimeouts>;
  retry?: Partial<RetryPolicy>;
  maxJsonBytes?: number;
  userAgent?: string;
  /** Source of jitter; replaceable for reproducible schedules. */
  random?: () => number;
  /** The proxy environment and trusted certificates; this process's unless given (tests). */
  network?: NetworkSettings;
  /** Time for the waits between attempts and for `Retry-After` dates: the studio's clock (a virtual one in tests). */
  clock?: Clock;
}

export interface GatewayRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below the base address, starting with `/`, e.g. `/v1/models`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body. */
  json?: unknown;
  /** Multipart body, built afresh for every attempt. */
  multipart?: () => MultipartBody;
  /** How the key is presented; `x-api-key` is accepted by `/v1/messages` only. */
  auth?: 'bearer' | 'x-api-key';
  headers?: Record<string, string>;
  retry: RetryMode;
  signal?: AbortSignal | undefined;
  /** Per-request header and body timeouts (the connect timeout belongs to the client). */
  timeouts?: Partial<Pick<GatewayTimeouts, 'headersMs' | 'bodyMs'>>;
  /** Cap of this answer, when it differs from the client's (e.g. Base64 image results). */
  maxBytes?: number;
  /** For 2xx answers that still report a failure (account endpoints: `success: false`). */
  reportsFailure?: (body: unknown) => boolean;
}

export interface JsonAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface StreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
  /** Turns a failure while reading `body` into a GatewayError for this request. */
  failure(error: unknown): GatewayError;
}

class BodyTooLarge extends Error {}

/** A function, not an inline check, so TypeScript does not treat `aborted` as fixed after one test. */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** The gateway's HTTP client for one connection (base URL + key), with its own connection pool. */
export class GatewayHttp {
  readonly baseUrl: string;
  private readonly apiKey: string;
  /** The connection pool, once the proxy for the gateway is known (the system's settings are asked asynchronously). */
  private readonly agent: Promise<Dispatcher>;
  private readonly timeouts: GatewayTimeouts;
  private readonly policy: RetryPolicy;
  private readonly maxJsonBytes: number;
  private readonly userAgent: string;
  private readonly random: () => number;
  private readonly clock: Clock;

  constructor(options: GatewayHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey.trim();
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.maxJsonBytes = options.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
    this.userAgent = options.userAgent ?? 'Atelier';
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
    this.agent = gatewayDispatcherFor(this.baseUrl, this.timeouts, options.network ?? processNetworkSettings());
  }

  /** Sends a request and reads its JSON answer; throws GatewayError for every failure. */
  async requestJson(req: GatewayRequest): Promise<JsonAnswer> {
    return this.withRetries(req, () => this.attemptJson(req));
  }

  /**
   * Sends a request and hands over the 2xx answer body as a stream (SSE, downloads). Retries
   * (per `req.retry`) happen only until the headers arrive; reading the body is the caller's.
   */
  async openStream(req: GatewayRequest): Promise<StreamAnswer> {
    return this.withRetries(req, async () => {
      const { site, status, headers, body } = await this.send(req);
      if (status >= 200 && status < 300) {
        return { status, headers, body, failure: (error) => this.bodyFailure(site, status, error, req.signal) };
      }
      const text = await this.readText(site, status, body, this.maxJsonBytes, req.signal);
      throw this.answerError(site, status, headers, text);
    });
  }

  /** Removes this client's key (and key-like strings) from a text. */
  redact(text: string): string {
    return redactSecrets(text, [this.apiKey]);
  }

  /** A redactor for text this client receives in pieces (a streamed reply). */
  streamRedactor(): StreamRedactor {
    return new StreamRedactor([this.apiKey]);
  }

  /** A bounded excerpt of a parsed answer without this client's key, to show the user what came back. */
  excerpt(body: unknown): string {
    return answerExcerpt({ json: body }, [this.apiKey]);
  }

  /** Closes the connection pool once the requests in flight have finished. */
  async drain(): Promise<void> {
    await (await this.agent).close();
  }

  /** Closes the connection pool; requests in flight are aborted. */
  async close(): Promise<void> {
    await (await this.agent).destroy();
  }

  private site(req: GatewayRequest): RequestSite {
    return { method: req.method, path: req.path, secrets: [this.apiKey] };
  }

  private async attemptJson(req: GatewayRequest): Promise<JsonAnswer> {
    const { site, status, headers, body } = await this.send(req);
    const text = await this.readText(site, status, body, req.maxBytes ?? this.maxJsonBytes, req.signal);
    if (status < 200 || status >= 300) throw this.answerError(site, status, headers, text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch (error) {
      const preview = text.trim() === '' ? 'empty answer' : `not JSON: ${text.slice(0, 120)}`;
      throw malformedAnswer(site, status, preview, error, answerExcerpt({ text }, site.secrets));
    }
    if (req.reportsFailure?.(parsed) === true) {
      throw errorFromAnswer(site, status, parsed, parseRetryAfter(headers['retry-after'], this.clock.now()));
    }
    return { status, headers, body: parsed };
  }

  private async send(req: GatewayRequest): Promise<{ site: RequestSite; status: number; headers: IncomingHttpHeaders; body: Readable }> {
    const site = this.site(req);
    if (aborted(req.signal)) {
      throw new GatewayError({
        kind: 'canceled',
        method: req.method,
        path: req.path,
        retryable: false,
        mayHaveReachedServer: false,
        outcomeUnknown: false,
      });
    }
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: 'application/json', ...req.headers };
    // With no key at all, send no credentials rather than an empty one (the gateway says so clearly).
    if (this.apiKey !== '' && req.auth === 'x-api-key') headers['x-api-key'] = this.apiKey;
    else if (this.apiKey !== '') headers.authorization = `Bearer ${this.apiKey}`;
    let body: string | AsyncIterable<Uint8Array> | undefined;
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.multipart) {
      const form = req.multipart();
      headers['content-type'] = form.contentType;
      headers['content-length'] = String(form.contentLength);
      // Handed to undici as it is, not through a Readable: undici asks for each chunk once the last has drained, which lets the body read into reused buffers.
      body = form.body;
    }
    try {
      const response = await request(this.url(req), {
        method: req.method,
        headers,
        // undici takes an async iterable body (its documentation and `writeIterable`), though its types leave it out.
        body: body as Dispatcher.DispatchOptions['body'],
        signal: req.signal ?? null,
        dispatcher: await this.agent,
        headersTimeout: req.timeouts?.headersMs ?? this.timeouts.headersMs,
        bodyTimeout: req.timeouts?.bodyMs ?? this.timeouts.bodyMs,
      });
      return { site, status: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      throw errorFromTransport(site, error, { canceled: aborted(req.signal) });
    }
  }

  private url(req: GatewayRequest): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return `${this.baseUrl}${req.path}${search}`;
  }

  /** Reads a whole answer body as text, refusing answers over `limit` bytes. */
  private async readText(site: RequestSite, status: number, body: Readable, limit: number, signal: AbortSignal | undefined): Promise<string> {
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limit) throw new BodyTooLarge();
        chunks.push(chunk);
      }
    } catch (error) {
      body.destroy();
      if (error instanceof BodyTooLarge) throw answerTooLarge(site, status, limit);
      throw errorFromTransport(site, error, { status, canceled: aborted(signal) });
    }
    // One copy at a time: the pieces go once joined, the bytes once read as text.
    const whole = Buffer.concat(chunks, total);
    chunks.length = 0;
    try {
      return whole.toString('utf8');
    } catch {
      // Past what a string can hold (a limit given above it): too large, not a broken connection.
      throw answerTooLarge(site, status, limit);
    }
  }

  private answerError(site: RequestSite, status: number, headers: IncomingHttpHeaders, text: string): GatewayError {
    const retryAfter = parseRetryAfter(headers['retry-after'], this.clock.now());
    if (status >= 300 && status < 400) {
      const location = typeof headers.location === 'string' ? headers.location : 'another address';
      return new GatewayError({
        kind: 'http',
        method: site.method,
        path: site.path,
        status,
        gatewayMessage: redactSecrets(`redirected to ${location}`, site.secrets),
        shape: 'empty',
        summary: 'The gateway moved to another address. Update the profile address.',
        retryable: false,
        mayHaveReachedServer: true,
        outcomeUnknown: false,
      });
    }
    return errorFromAnswer(site, status, text, retryAfter);
  }

  private bodyFailure(site: RequestSite, status: number, error: unknown, signal: AbortSignal | undefined): GatewayError {
    if (error instanceof GatewayError) return error;
    return errorFromTransport(site, error, { status, canceled: aborted(signal) });
  }

  private async withRetries<T>(req: GatewayRequest, attempt: () => Promise<T>): Promise<T> {
    for (let attempts = 1; ; attempts++) {
      try {
        return await attempt();
      } catch (caught) {
        const error = caught instanceof GatewayError ? caught : errorFromTransport(this.site(req), caught, { canceled: false });
        const delay =
          attempts < this.policy.maxAttempts && this.mayRetry(req.retry, error) ? nextDelay(attempts, this.policy, error.retryAfterMs, this.random) : undefined;
        if (delay === undefined) throw error.withAttempts(attempts);
        log.warn(`${req.method} ${req.path}: ${error.kind}${error.status === undefined ? '' : ` ${error.status}`}; retry ${attempts} in ${delay} ms`);
        await sleep(this.clock, delay, req.signal);
        // An abort ends the wait at once: the request ends canceled rather than tried again.
        if (aborted(req.signal)) {
          throw new GatewayError({
            kind: 'canceled',
            method: req.method,
            path: req.path,
            retryable: false,
            mayHaveReachedServer: error.mayHaveReachedServer,
            outcomeUnknown: error.outcomeUnknown,
            attempts,
          });
        }
      }
    }
  }

  private mayRetry(mode: RetryMode, error: GatewayError): boolean {
    if (!error.retryable || mode === 'none') return false;
    if (mode === 'unsent-only') return !error.mayHaveReachedServer;
    return true;
  }
}
