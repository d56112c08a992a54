/**
 * Image uploads (`POST /v1/uploads/images`): the file is checked by content (the image library
 * reads its real format and pixel size) and against the 10 MB cap before anything is sent,
 * streamed from disk as multipart, and remembered by content hash so the same file is uploaded
 * once per gateway scope.
 */
import { createReadStream, openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FormData } from 'undici';
import type { ErrorParams, ErrorReason } from '../../../shared/contract';
import { UPLOAD_MAX_PIXELS } from '../../../shared/contract/uploads';
import { UPLOAD_LIMITS, uploadRecordSchema } from '../../../shared/gateway/uploads';
import { imageLibrary } from '../media/image-library';
import { startSha256 } from '../sha256-stream';
import { decodeAnswer } from './decode';
import type { GatewayHttp, GatewayRequest } from './http';
import { InvalidRequestError } from './invalid-request';
import type { UploadCache } from './upload-cache';

/** What the studio knows about a local image from its bytes. */
export interface ImageFacts {
  sha256: string;
  /** Bytes. */
  size: number;
  mimeType: string;
  width: number | undefined;
  height: number | undefined;
  hasAlpha: boolean;
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

/** The file's SHA-256, read in large chunks and hashed off this thread while its header is read. */
async function sha256Of(path: string): Promise<string> {
  const hash = startSha256();
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const behind = hash.update(chunk as Buffer);
    if (behind) await behind;
  }
  return hash.digest();
}

/**
 * Reads a local image's facts and checks it against the upload limits (type by content, size).
 * Throws InvalidRequestError naming the file when it cannot be uploaded. `toBeFitted`: the
 * picture is to be fitted to a model's limits first, so its bytes may exceed the upload's (its
 * pixels may not).
 */
export async function inspectImageFile(path: string, displayName: string = basename(path), options: { toBeFitted?: boolean } = {}): Promise<ImageFacts> {
  const target = `Upload of ${displayName}`;
  const refuse = (message: string, reason: ErrorReason, params: ErrorParams = {}): InvalidRequestError =>
    new InvalidRequestError(target, [{ path: 'file', message }], { reason, params: { file: displayName, ...params } });
  const { size } = await stat(path);
  if (size === 0) throw refuse('the file is empty', 'upload_empty');
  if (size > UPLOAD_LIMITS.maxBytes && options.toBeFitted !== true) {
    throw refuse(`the file is ${megabytes(size)}; the gateway accepts at most ${megabytes(UPLOAD_LIMITS.maxBytes)}`, 'upload_too_large', {
      megabytes: toMegabytes(size),
      limitMegabytes: toMegabytes(UPLOAD_LIMITS.maxBytes),
    });
  }
  // Started beside the header: the upload cache must know the bytes before anything is sent.
  const hashed = sha256Of(path);
  void hashed.catch(() => undefined);
  // The header only: the pixel count is checked below with a clearer message than the decoder gives.
  const metadata = await imageLibrary()(path, { limitInputPixels: false })
    .metadata()
    .catch(() => {
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
  return {
    sha256: await hashed,
    size,
    mimeType,
    width: metadata.width,
    height: metadata.height,
    hasAlpha: metadata.hasAlpha,
  };
}

/** Uploads for one gateway scope (profile + base URL), deduplicated by content hash. */
export class UploadsApi {
  private readonly inFlight = new Map<string, Promise<UploadedImage>>();

  constructor(
    private readonly http: GatewayHttp,
    private readonly cache: UploadCache,
    /** Cache scope: uploads are reused only against the same gateway. */
    readonly scope: string,
  ) {}

  /** Uploads a file from disk, or returns the address of the identical file uploaded before. */
  async uploadFile(path: string, options: UploadOptions = {}): Promise<UploadedImage> {
    const fileName = options.fileName ?? basename(path);
    const facts = await inspectImageFile(path, fileName);
    const cached = await this.cache.get(this.scope, facts.sha256);
    if (cached) return { ...facts, url: cached.url, fileId: cached.fileId, reused: true };
    // The same bytes added twice at once are uploaded once.
    const pending = this.inFlight.get(facts.sha256);
    if (pending) return { ...(await pending), reused: true };
    const upload = this.send(path, fileName, facts, options).finally(() => this.inFlight.delete(facts.sha256));
    this.inFlight.set(facts.sha256, upload);
    return upload;
  }

  /** Forgets a cached upload (e.g. when the gateway stopped serving its address). */
  async forget(sha256: string): Promise<void> {
    await this.cache.delete(this.scope, sha256);
  }

  private async send(path: string, fileName: string, facts: ImageFacts, options: UploadOptions): Promise<UploadedImage> {
    const req: GatewayRequest = {
      method: 'POST',
      path: '/v1/uploads/images',
      multipart: async () => {
        const form = new FormData();
        form.append('file', await openAsBlob(path, { type: facts.mimeType }), fileName);
        form.append('purpose', options.purpose ?? 'generation');
        return form;
      },
      // An upload costs nothing: a duplicate after a lost answer is harmless, so it retries like a GET.
      retry: 'idempotent',
      signal: options.signal,
    };
    const record = decodeAnswer(uploadRecordSchema, req, await this.http.requestJson(req));
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
  }
}
