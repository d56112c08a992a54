/**
 * The end of a result's download: a writable that counts each chunk against the size cap, hashes
 * it (SHA-256, the asset's identity) and writes it to the file, in the one pass and on the one
 * thread: no stream between the socket and the file, no copy. Chunks that arrive while the disk is
 * busy are written together in one `writev`, so the socket keeps reading while a write runs.
 */
import { createHash } from 'node:crypto';
import { close, open, writev } from 'node:fs';
import { Writable } from 'node:stream';

/** More bytes than the size cap allows. */
export class TooLarge extends Error {}

/** Bytes held before the sender is asked to wait (undici pauses the socket): enough to gather writes, flat in file size. */
const BUFFERED_BYTES = 1024 * 1024;

type Done = (error?: Error | null) => void;

export class ResultFileSink extends Writable {
  /** Bytes taken so far (counted as they arrive, before they are written). */
  bytes = 0;
  private readonly hash = createHash('sha256');
  private fd: number | undefined;

  constructor(
    private readonly path: string,
    private readonly mode: number,
    private readonly maxBytes: number,
  ) {
    super({ highWaterMark: BUFFERED_BYTES, decodeStrings: false });
  }

  /** The hex SHA-256 of every byte taken; asked once, when the file is written. */
  sha256(): string {
    return this.hash.digest('hex');
  }

  override _construct(callback: Done): void {
    open(this.path, 'w', this.mode, (error, fd) => {
      this.fd = fd;
      callback(error);
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: Done): void {
    this.take([chunk], callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: Done): void {
    this.take(
      chunks.map((entry) => entry.chunk),
      callback,
    );
  }

  override _final(callback: Done): void {
    this.closeFile(null, callback);
  }

  override _destroy(error: Error | null, callback: Done): void {
    this.closeFile(error, callback);
  }

  private closeFile(error: Error | null, callback: Done): void {
    const fd = this.fd;
    this.fd = undefined;
    if (fd === undefined) callback(error);
    else close(fd, (closing) => callback(error ?? closing));
  }

  private take(buffers: Buffer[], callback: Done): void {
    for (const buffer of buffers) {
      this.bytes += buffer.length;
      if (this.bytes > this.maxBytes) return callback(new TooLarge());
      this.hash.update(buffer);
    }
    this.writeAll(buffers, callback);
  }

  /** Writes every buffer, going on from where a short write stopped. */
  private writeAll(buffers: Buffer[], callback: Done): void {
    const fd = this.fd;
    if (fd === undefined) return callback(new Error('the file was closed before it was written'));
    writev(fd, buffers, (error, written) => {
      if (error !== null) return callback(error);
      let left = written;
      while (buffers.length > 0 && left >= (buffers[0]?.length ?? 0)) left -= buffers.shift()?.length ?? 0;
      if (buffers.length === 0) return callback(null);
      buffers[0] = (buffers[0] ?? Buffer.alloc(0)).subarray(left);
      this.writeAll(buffers, callback);
    });
  }
}
