import { Transform, type Readable, type TransformCallback } from 'node:stream';

// Where document bytes live (docs/product/documents.md 'Files'; docs/decisions/023): outside the
// database, under a random key. Two stores: a folder under DATA_DIR (folder-store.ts) and any
// S3-compatible object store (s3-store.ts). Both take a stream and never hold a whole file in memory.

export interface BlobStore {
  /** Which store this is, for logs ('folder', 's3'). */
  readonly kind: string;
  /**
   * Writes the stream under the key. Rejects with BlobTooLargeError once more than maxBytes arrive, and
   * then leaves nothing under the key. Answers the number of bytes written.
   */
  put(key: string, stream: Readable, options: { maxBytes: number }): Promise<number>;
  /** The blob's bytes as a stream with its size, or null when there is none under the key. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the blob; a key with no blob is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key in the store (tests and checks; not for hot paths). */
  list(): Promise<string[]>;
  /**
   * A cheap proof that the store can be used (the folder is writable, the bucket answers), for health
   * and the start-up check. Rejects with BlobStoreUnavailableError saying what is wrong.
   */
  check(options: { timeoutMs: number }): Promise<void>;
  /**
   * Removes what interrupted writes left behind (a process dying mid-upload) that is older than
   * `olderThanMs`; answers how many it removed.
   */
  sweepTemporary(olderThanMs: number): Promise<number>;
}

/**
 * The store cannot be reached or used (the bucket's server down, a bucket that does not exist, keys it
 * refuses, a full or read-only disk). The message says what is wrong with names and addresses, for the
 * operator's log; `reason` says it without them, for /api/health (public). Users get a 503
 * (plugins/errors.ts).
 */
export class BlobStoreUnavailableError extends Error {
  readonly reason: string;

  constructor(message: string, options: { reason: string; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BlobStoreUnavailableError';
    this.reason = options.reason;
  }
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The blob is larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/** Keys are made by the app (crypto.randomUUID); anything else is refused before it reaches a path. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{7,127}$/.test(key)) throw new Error(`Not a blob key: ${key}`);
  return key;
}

/** Passes bytes through, counting them, and fails with BlobTooLargeError past maxBytes. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new BlobTooLargeError(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}
