/**
 * A `multipart/form-data` body of one file and a few text fields, streamed from disk with its
 * length known up front. Written by hand rather than through `FormData` because an upload must be
 * able to hold its last bytes back until it is told to send them: the bytes go out while they are
 * hashed, and a file the upload cache already knows is never sent whole.
 */
import { createHash, randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';

/** A request body ready for the transport: its headers' values and its bytes. */
export interface MultipartBody {
  contentType: string;
  contentLength: number;
  /** Each chunk is read into a buffer used again a few chunks later: write it out (or copy it) before asking for the next. */
  body: AsyncIterable<Uint8Array>;
}

export interface MultipartFile {
  /** The form field's name. */
  field: string;
  path: string;
  fileName: string;
  mimeType: string;
  /** Bytes, and the modification time (ms) they were read at: a file changed since is refused, not sent. */
  size: number;
  modifiedMs: number;
}

/** Disk reads of this size keep a 10 MB upload to a few dozen writes. */
const READ_BYTES = 256 * 1024;
/**
 * Buffers read into in turn, so an upload touches 1 MB of new memory rather than its whole size
 * (a new buffer a read cost 100 ms of page faults per 10 MB here, against 12 ms with reused ones).
 * A buffer is read into again when the chunk read into it was handed out two chunks ago, by when
 * it has left the socket: the transport asks for the next chunk only after a write over the
 * socket's high-water mark (16-64 KB, far below a read) has drained. Four: the chunk going out,
 * the one held back, the one being read, and one of slack.
 */
const BUFFERS = 4;

/** A header value's quotes, as browsers write them (`"` and line breaks escaped). */
function quoted(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/** Awaited before the file's last chunk goes out, with the SHA-256 (hex) of every byte read; when it throws, the body fails. */
export type BeforeLastBytes = (sha256: string) => Promise<void>;

/** The file's bytes as they stand, failing when the file is no longer the one that was checked. */
async function* fileBytes(file: MultipartFile, beforeLastBytes: BeforeLastBytes | undefined): AsyncGenerator<Uint8Array> {
  // Hashed here, on the bytes that go out: about 1 ms a MB on this thread, where a second read on a worker cost more.
  const hash = beforeLastBytes === undefined ? undefined : createHash('sha256');
  const buffers: Buffer[] = [];
  const handle = await open(file.path, 'r');
  // Made as needed: a small file takes one or two.
  const readInto = (turn: number, at: number): Promise<{ bytesRead: number; buffer: Buffer }> =>
    handle.read((buffers[turn % BUFFERS] ??= Buffer.allocUnsafeSlow(READ_BYTES)), 0, READ_BYTES, at);
  let read = 0;
  let held: Uint8Array | undefined;
  // The next read runs while a chunk goes out, so the socket does not wait for the disk.
  let reading: Promise<{ bytesRead: number; buffer: Buffer }> | undefined = readInto(0, 0);
  try {
    for (let turn = 1; reading !== undefined; turn++) {
      const { bytesRead, buffer } = await reading;
      reading = undefined;
      if (bytesRead === 0) break;
      read += bytesRead;
      if (read <= file.size) reading = readInto(turn, read);
      const chunk = buffer.subarray(0, bytesRead);
      hash?.update(chunk);
      if (held !== undefined) yield held;
      held = chunk;
    }
  } finally {
    await reading?.catch(() => undefined);
    await handle.close();
  }
  const now = await stat(file.path);
  if (read !== file.size || now.size !== file.size || now.mtimeMs !== file.modifiedMs) {
    throw new Error(`${file.fileName} changed while it was being uploaded; add it again`);
  }
  if (hash !== undefined) await beforeLastBytes?.(hash.digest('hex'));
  if (held !== undefined) yield held;
}

/**
 * The multipart body of `file` followed by `fields`. `beforeLastBytes` is awaited, with the hash
 * of the file's bytes, before its last chunk goes out; when it throws, the body fails and the
 * request is dropped unfinished.
 */
export function multipartFileBody(file: MultipartFile, fields: Readonly<Record<string, string>>, beforeLastBytes?: BeforeLastBytes): MultipartBody {
  const boundary = `----AtelierFormBoundary${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.fileName)}"\r\n` +
      `Content-Type: ${file.mimeType}\r\n\r\n`,
  );
  const tail = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}`)
      .join('') + `\r\n--${boundary}--\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.byteLength + file.size + tail.byteLength,
    body: (async function* () {
      yield head;
      yield* fileBytes(file, beforeLastBytes);
      yield tail;
    })(),
  };
}
