import path from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { folderBlobStore } from './folder-store.ts';
import { s3BlobStore } from './s3-store.ts';

export { type BlobStore, BlobStoreUnavailableError, BlobTooLargeError } from './blob-store.ts';
export { folderBlobStore } from './folder-store.ts';
export { s3BlobStore } from './s3-store.ts';

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
    return s3BlobStore({
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
