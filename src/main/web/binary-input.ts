import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorFor, UPLOAD_MAX_BYTES, type ErrorParams, type StudioError } from '../../shared/contract';

/** Fields of a binary call besides its files: a small JSON object (a file name, a few flags). */
const MAX_INPUT_FIELD_BYTES = 64 * 1024;
/** Files of one call: `uploads.add` sends one. */
const MAX_FILES = 4;

/** A multipart call the transport refused before the router saw it. */
export class BinaryInputRefused extends Error {
  constructor(readonly error: StudioError) {
    super(error.message);
  }
}

/**
 * Lets `POST /api/invoke/:route` take a multipart body besides JSON: the window sends files as
 * bytes (never Base64 inside JSON). The part named `input` holds the JSON of the other fields;
 * every file part becomes a field of the same name, as bytes (a Buffer, which is a Uint8Array).
 */
export async function registerBinaryInput(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_FILES, fields: 1, fieldSize: MAX_INPUT_FIELD_BYTES, parts: MAX_FILES + 1 },
  });
}

/** The call's input read from a multipart body; throws BinaryInputRefused with a reason the window words. */
export async function readBinaryInput(request: FastifyRequest): Promise<unknown> {
  const input: Record<string, unknown> = {};
  const files: Record<string, Uint8Array> = {};
  let fileName = 'file';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        fileName = part.filename || fileName;
        files[part.fieldname] = await part.toBuffer();
      } else if (part.fieldname === 'input') {
        Object.assign(input, parseInputField(part.value));
      }
    }
  } catch (error) {
    if (error instanceof BinaryInputRefused) throw error;
    const name = typeof input.fileName === 'string' ? input.fileName : fileName;
    throw new BinaryInputRefused(refusalFor(error, name, Number(request.headers['content-length'] ?? 0)));
  }
  // Bytes come only from file parts: a JSON field of the same name is dropped.
  const fields = Object.fromEntries(Object.entries(input).filter(([key]) => !Object.hasOwn(files, key)));
  return { ...fields, ...files };
}

function parseInputField(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') throw new BinaryInputRefused(errorFor('input_unreadable'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new BinaryInputRefused(errorFor('input_unreadable'));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BinaryInputRefused(errorFor('input_unreadable'));
  return parsed as Record<string, unknown>;
}

const megabytes = (bytes: number): number => Number((bytes / (1024 * 1024)).toFixed(1));

function refusalFor(error: unknown, file: string, bodyBytes: number): StudioError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    // The body's length is the file's plus a few hundred bytes of multipart framing.
    const params: ErrorParams = { file, megabytes: megabytes(Math.max(bodyBytes, UPLOAD_MAX_BYTES + 1)), limitMegabytes: megabytes(UPLOAD_MAX_BYTES) };
    return errorFor('upload_too_large', params);
  }
  return errorFor('input_unreadable');
}
