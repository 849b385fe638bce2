import path from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { folderBlobStore } from './folder-store.ts';
import type { S3Settings } from './s3-store.ts';

export { type BlobStore, BlobStoreUnavailableError, BlobTooLargeError } from './blob-store.ts';
export { folderBlobStore } from './folder-store.ts';

/**
 * The S3 store, its SDK loaded on first use: the SDK costs about 22 MB of memory, which a server
 * keeping its files in DATA_DIR never needs (docs/decisions/034).
 */
export function lazyS3BlobStore(settings: S3Settings): BlobStore {
  let loaded: Promise<BlobStore> | undefined;
  const store = () => (loaded ??= import('./s3-store.ts').then(({ s3BlobStore }) => s3BlobStore(settings)));
  return {
    kind: 's3',
    put: async (key, stream, options) => (await store()).put(key, stream, options),
    get: async (key) => (await store()).get(key),
    remove: async (key) => (await store()).remove(key),
    exists: async (key) => (await store()).exists(key),
    list: async () => (await store()).list(),
    check: async (options) => (await store()).check(options),
    sweepTemporary: async (olderThanMs) => (await store()).sweepTemporary(olderThanMs),
  };
}

/** The configured store: S3 when S3_ENDPOINT and S3_BUCKET are set, otherwise DATA_DIR/blobs. */
export function blobStoreFromConfig(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_TIMEOUT_SECONDS'
  >,
): BlobStore {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    return lazyS3BlobStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      silenceTimeoutMs: config.S3_TIMEOUT_SECONDS * 1000,
    });
  }
  return folderBlobStore(path.join(config.DATA_DIR, 'blobs'));
}
