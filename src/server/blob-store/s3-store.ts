import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { type BlobStore, BlobTooLargeError, ByteCounter, checkKey } from './blob-store.ts';

// Blobs in an S3-compatible bucket (AWS S3, MinIO, Garage, ...), so several app processes share them.
// Uploads stream through lib-storage: a file up to one part (5 MB) is buffered once and sent with a
// single PUT, a larger one goes in 5 MB parts, one at a time; nothing holds a whole 10 MB file.

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Keys live under this prefix in the bucket ('' for none). */
  prefix?: string;
}

const PART_BYTES = 5 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function s3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    // Path-style addresses (http://host/bucket/key) work on every S3-compatible server.
    forcePathStyle: true,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const prefix = settings.prefix ?? '';
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${prefix}${checkKey(key)}`;

  return {
    kind: 's3',

    async put(key, stream, { maxBytes }) {
      const counter = new ByteCounter(maxBytes);
      let failure: unknown;
      // The counter's error ends the body; remember it, since the SDK reports its own error instead.
      counter.on('error', (error) => {
        failure ??= error;
      });
      stream.on('error', (error) => {
        failure ??= error;
        counter.destroy(error);
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: stream.pipe(counter) },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await this.remove(key).catch(() => {});
        throw failure ?? error;
      }
      if (failure) {
        await this.remove(key).catch(() => {});
        throw failure;
      }
      if (counter.bytes > maxBytes) throw new BlobTooLargeError(maxBytes);
      return counter.bytes;
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        const body = answer.Body;
        if (!body) return null;
        return { stream: body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async list() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
