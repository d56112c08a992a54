/**
 * Image uploads (`POST /v1/uploads/images`): the file is checked by content (its header gives its
 * real format and pixel size) and against the 10 MB cap before anything is sent,
 * streamed from disk as multipart, and remembered by content hash so the same file is uploaded
 * once per gateway scope.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import type { ErrorParams, ErrorReason } from '../../../shared/contract';
import { UPLOAD_MAX_PIXELS } from '../../../shared/contract/uploads';
import { UPLOAD_LIMITS, uploadRecordSchema } from '../../../shared/gateway/uploads';
import { imageLibrary } from '../media/image-library';
import { readImageHeader } from '../media/image-header';
import { sha256OfFile } from '../sha256-stream';
import { decodeAnswer } from './decode';
import type { GatewayHttp, GatewayRequest } from './http';
import { InvalidRequestError } from './invalid-request';
import { multipartFileBody, type BeforeLastBytes } from './multipart-body';
import type { UploadCache } from './upload-cache';

/** What the studio knows about a local image from its header, before its bytes are hashed. */
export interface ImageHeader {
  /** Bytes. */
  size: number;
  mimeType: string;
  width: number | undefined;
  height: number | undefined;
  hasAlpha: boolean;
}

/** What the studio knows about a local image from its bytes. */
export interface ImageFacts extends ImageHeader {
  sha256: string;
}

export interface UploadedImage extends ImageFacts {
  /** Public address usable in `image_urls` and the other reference fields. */
  url: string;
  fileId: string | undefined;
  /** True when the address came from the cache and nothing was sent. */
  reused: boolean;
}

export interface UploadOptions {
  /** File name sent with the upload; default the file's own name. */
  fileName?: string;
  /** `purpose` field; default `generation`. */
  purpose?: string;
  signal?: AbortSignal | undefined;
}

/** sharp's format names of the types the gateway accepts. */
const MIME_BY_FORMAT: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const ACCEPTED = 'upload a JPEG, PNG, WebP or GIF image';

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 1_000_000)} megapixels`;
}

function toMegabytes(bytes: number): number {
  return Number((bytes / (1024 * 1024)).toFixed(1));
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the checks need of an image's header. */
interface HeaderFacts {
  format: string;
  width: number;
  height: number;
  pageHeight?: number | undefined;
  pages?: number | undefined;
  hasAlpha: boolean;
}

/**
 * The header only: the pixel count is checked by the caller with a clearer message than the
 * decoder gives. A still PNG, JPEG or WebP is read without the image library, any other file by it.
 */
async function headerOf(path: string): Promise<HeaderFacts> {
  return (await readImageHeader(path)) ?? imageLibrary()(path, { limitInputPixels: false }).metadata();
}

/**
 * Reads a local image's header and checks it against the upload limits (type by content, size),
 * without reading the rest of it. Throws InvalidRequestError naming the file when it cannot be
 * uploaded. `toBeFitted`: the picture is to be fitted to a model's limits first, so its bytes
 * may exceed the upload's (its pixels may not). `modifiedMs`: when the file was last changed.
 */
export async function checkImageFile(
  path: string,
  displayName: string = basename(path),
  options: { toBeFitted?: boolean } = {},
): Promise<ImageHeader & { modifiedMs: number }> {
  const target = `Upload of ${displayName}`;
  const refuse = (message: string, reason: ErrorReason, params: ErrorParams = {}): InvalidRequestError =>
    new InvalidRequestError(target, [{ path: 'file', message }], { reason, params: { file: displayName, ...params } });
  const { size, mtimeMs } = await stat(path);
  if (size === 0) throw refuse('the file is empty', 'upload_empty');
  if (size > UPLOAD_LIMITS.maxBytes && options.toBeFitted !== true) {
    throw refuse(`the file is ${megabytes(size)}; the gateway accepts at most ${megabytes(UPLOAD_LIMITS.maxBytes)}`, 'upload_too_large', {
      megabytes: toMegabytes(size),
      limitMegabytes: toMegabytes(UPLOAD_LIMITS.maxBytes),
    });
  }
  const metadata = await headerOf(path).catch(() => {
    throw refuse(`this is not an image the studio can read; ${ACCEPTED}`, 'upload_not_image');
  });
  const mimeType = Object.hasOwn(MIME_BY_FORMAT, metadata.format) ? MIME_BY_FORMAT[metadata.format] : undefined;
  if (mimeType === undefined) {
    throw refuse(`${metadata.format.toUpperCase()} images are not accepted; ${ACCEPTED}`, 'upload_type_refused', { format: metadata.format.toUpperCase() });
  }
  // A small file can declare a huge picture (a decompression bomb): its header is enough to refuse it.
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height) * Math.max(1, metadata.pages ?? 1);
  if (pixels > UPLOAD_MAX_PIXELS) {
    throw refuse(
      `the image has ${megapixels(pixels)} (all frames together); the studio accepts at most ${megapixels(UPLOAD_MAX_PIXELS)}`,
      'upload_too_many_pixels',
      {
        megapixels: Math.round(pixels / 1_000_000),
        limitMegapixels: Math.round(UPLOAD_MAX_PIXELS / 1_000_000),
      },
    );
  }
  return { size, mimeType, width: metadata.width, height: metadata.height, hasAlpha: metadata.hasAlpha, modifiedMs: mtimeMs };
}

/** A local image's header checked (as `checkImageFile`) and its bytes hashed, the hash read on the worker beside the header. */
export async function inspectImageFile(path: string, displayName: string = basename(path), options: { toBeFitted?: boolean } = {}): Promise<ImageFacts> {
  const hashed = quietly(sha256OfFile(path));
  const { modifiedMs: _modifiedMs, ...header } = await checkImageFile(path, displayName, options);
  return { ...header, sha256: await hashed };
}

type UploadRecord = z.infer<typeof uploadRecordSchema>;

/** `promise`, its failure left to whoever awaits it (none is reported as unhandled while nobody has yet). */
function quietly<T>(promise: Promise<T>): Promise<T> {
  void promise.catch(() => undefined);
  return promise;
}

/** A promise settled from outside, at most once; its failure is quiet until awaited. */
function settleable<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = quietly(new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail))));
  return { promise, resolve, reject };
}

/** A local file as checked, to be sent. */
interface CheckedFile {
  path: string;
  fileName: string;
  header: ImageHeader;
  modifiedMs: number;
}

/** Uploads for one gateway scope (profile + base URL), deduplicated by content hash. */
export class UploadsApi {
  private readonly inFlight = new Map<string, Promise<UploadedImage>>();
  /** Sizes of the uploads under way: a file of one of these sizes may be one of them. */
  private readonly sizesInFlight = new Map<number, number>();
  /** Per file size, the latest upload's decision to send or reuse: decisions of one size are made in turn. */
  private readonly decisionsBySize = new Map<number, Promise<unknown>>();

  constructor(
    private readonly http: GatewayHttp,
    private readonly cache: UploadCache,
    /** Cache scope: uploads are reused only against the same gateway. */
    readonly scope: string,
    /** Hashes a file that is hashed before it is sent (the shared worker; tests order decisions with their own). */
    private readonly hashFile: (path: string) => Promise<string> = sha256OfFile,
  ) {}

  /**
   * Uploads a file from disk, or returns the address of the identical file uploaded before.
   * A file whose size no earlier upload has cannot be one of them: its bytes go out as they are
   * hashed, the last of them held back until the hash has cleared them. Any other file is hashed
   * first and sent only when the cache (or an upload of its size decided before it) does not know it.
   */
  async uploadFile(path: string, options: UploadOptions = {}): Promise<UploadedImage> {
    const fileName = options.fileName ?? basename(path);
    const { modifiedMs, ...header } = await checkImageFile(path, fileName);
    const file: CheckedFile = { path, fileName, header, modifiedMs };
    // Counted before the cache is asked, so the same file added twice at once is hashed first the second time.
    const sizeSeen = this.sizesInFlight.has(header.size);
    const hashed = sizeSeen ? quietly(this.hashFile(path)) : undefined;
    this.countInFlight(header.size, 1);
    try {
      const decided = await this.inTurn(header.size, async () => {
        if (hashed !== undefined) return this.decide(hashed, header, () => this.send(file, options));
        if (await this.cache.holdsSize(this.scope, header.size)) return this.decide(quietly(this.hashFile(path)), header, () => this.send(file, options));
        return this.sendWhileHashing(file, options);
      });
      return await decided.image;
    } finally {
      this.countInFlight(header.size, -1);
    }
  }

  /** Forgets a cached upload (e.g. when the gateway stopped serving its address). */
  async forget(sha256: string): Promise<void> {
    await this.cache.delete(this.scope, sha256);
  }

  /**
   * Runs `decision` once the earlier uploads of files of `size` have made theirs, so one that
   * sends while hashing has claimed its bytes before a later one of the same size looks for them.
   */
  private inTurn<T>(size: number, decision: () => Promise<T>): Promise<T> {
    const earlier = this.decisionsBySize.get(size) ?? Promise.resolve();
    const mine = earlier.then(decision, decision);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.decisionsBySize.set(size, settled);
    void settled.then(() => {
      if (this.decisionsBySize.get(size) === settled) this.decisionsBySize.delete(size);
    });
    return mine;
  }

  /** Sends the file as it is hashed; the send's last bytes wait for the hash's verdict, and a known file's send is dropped unfinished. */
  private async sendWhileHashing(file: CheckedFile, options: UploadOptions): Promise<{ sent: boolean; image: Promise<UploadedImage> }> {
    const dropped = new AbortController();
    const signal = options.signal === undefined ? dropped.signal : AbortSignal.any([options.signal, dropped.signal]);
    const verdict = settleable<undefined>();
    const digest = settleable<string>();
    // Each attempt hashes what it reads; the first to read the whole file gives the hash, and a retry after the verdict waits for nothing.
    const sending = quietly(
      this.send(file, { ...options, signal }, (sha256) => {
        digest.resolve(sha256);
        return verdict.promise;
      }),
    );
    // A send that fails before it has read the whole file leaves no hash to decide on: its error is the upload's.
    void sending.catch((error: unknown) => digest.reject(error instanceof Error ? error : new Error(String(error))));
    const drop = (reason: Error): void => {
      verdict.reject(reason);
      dropped.abort(reason);
    };
    let decided: { sent: boolean; image: Promise<UploadedImage> };
    try {
      decided = await this.decide(digest.promise, file.header, () => sending);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (decided.sent) verdict.resolve(undefined);
    else drop(new Error('the same bytes were uploaded before'));
    return decided;
  }
  /**
   * Once the file is hashed: the earlier upload it matches (cached, or under way), or `send`
   * started and remembered. Looked up and claimed in one turn, so the same bytes are sent once.
   */
  private async decide(
    hashed: Promise<string>,
    header: ImageHeader,
    send: () => Promise<UploadRecord>,
  ): Promise<{ sent: boolean; image: Promise<UploadedImage> }> {
    const facts: ImageFacts = { ...header, sha256: await hashed };
    const cached = await this.cache.get(this.scope, facts.sha256);
    if (cached) return { sent: false, image: Promise.resolve({ ...facts, url: cached.url, fileId: cached.fileId, reused: true }) };
    const pending = this.inFlight.get(facts.sha256);
    if (pending) return { sent: false, image: pending.then((image) => ({ ...image, reused: true })) };
    const upload = send()
      .then(async (record) => {
        const uploaded: UploadedImage = { ...facts, url: record.data.url, fileId: record.data.id, reused: false };
        await this.cache.put(this.scope, facts.sha256, {
          url: uploaded.url,
          mimeType: facts.mimeType,
          size: facts.size,
          width: facts.width,
          height: facts.height,
          fileId: uploaded.fileId,
          uploadedAt: Date.now(),
        });
        return uploaded;
      })
      .finally(() => this.inFlight.delete(facts.sha256));
    this.inFlight.set(facts.sha256, upload);
    return { sent: true, image: upload };
  }

  private countInFlight(size: number, by: 1 | -1): void {
    const count = (this.sizesInFlight.get(size) ?? 0) + by;
    if (count > 0) this.sizesInFlight.set(size, count);
    else this.sizesInFlight.delete(size);
  }

  private async send(file: CheckedFile, options: UploadOptions, beforeLastBytes?: BeforeLastBytes): Promise<UploadRecord> {
    const { path, fileName, header, modifiedMs } = file;
    const req: GatewayRequest = {
      method: 'POST',
      path: '/v1/uploads/images',
      multipart: () =>
        multipartFileBody(
          { field: 'file', path, fileName, mimeType: header.mimeType, size: header.size, modifiedMs },
          { purpose: options.purpose ?? 'generation' },
          beforeLastBytes,
        ),
      // An upload costs nothing: a duplicate after a lost answer is harmless, so it retries like a GET.
      retry: 'idempotent',
      signal: options.signal,
    };
    return decodeAnswer(uploadRecordSchema, req, await this.http.requestJson(req));
  }
}
