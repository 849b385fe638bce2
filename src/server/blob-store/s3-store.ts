import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import {
  type BlobStore,
  BlobStoreUnavailableError,
  BlobTooLargeError,
  ByteCounter,
  checkKey,
} from './blob-store.ts';

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
  /** A request on which the store sends nothing for this long fails (default 15 s). */
  silenceTimeoutMs?: number;
}

const PART_BYTES = 5 * 1024 * 1024;

/** A connection that does not open within this long is given up (then: unavailable). */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A connection that opened but on which the store sends nothing for this long (no answer, or an answer
 * that stalls) is given up too. It counts silence, not the whole request: a download streamed to a
 * phone at its pace keeps going, and an upload's parts are sent from memory (lib-storage buffers each).
 */
const SILENCE_TIMEOUT_MS = 15_000;

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

function isMissing(error: unknown): boolean {
  const e = error as SdkError;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * What is wrong, as the operator should read it in the log (which bucket, where) and as /api/health may
 * say it to anyone (without names or addresses).
 */
export function describeS3Failure(
  settings: Pick<S3Settings, 'endpoint' | 'bucket'>,
  error: unknown,
): { message: string; reason: string } {
  const e = error as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const bucket = `bucket "${settings.bucket}"`;
  if (e.name === 'NoSuchBucket' || (status === 404 && e.name !== 'NoSuchKey')) {
    return {
      message: `${bucket} does not exist at ${settings.endpoint}`,
      reason: 'the bucket does not exist',
    };
  }
  if (
    status === 403 ||
    e.name === 'InvalidAccessKeyId' ||
    e.name === 'SignatureDoesNotMatch' ||
    e.name === 'AccessDenied'
  ) {
    return {
      message: `${settings.endpoint} refused access to ${bucket} (${e.name ?? status}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
      reason: 'access to the bucket was refused',
    };
  }
  if (status === 301 || e.name === 'PermanentRedirect') {
    return {
      message: `${bucket} at ${settings.endpoint} is in another region than S3_REGION`,
      reason: 'the bucket is in another region',
    };
  }
  if (e.name === 'AbortError' || e.name === 'TimeoutError') {
    return { message: `${settings.endpoint} did not answer in time`, reason: 'no answer in time' };
  }
  if (status === undefined) {
    const code = e.code ?? (error as { cause?: SdkError }).cause?.code ?? e.name ?? String(error);
    return { message: `${settings.endpoint} is not reachable (${code})`, reason: 'not reachable' };
  }
  return {
    message: `${settings.endpoint} answered ${e.name ?? 'an error'} (HTTP ${status}) for ${bucket}`,
    reason: `the store answered HTTP ${status}`,
  };
}

export function s3BlobStore(settings: S3Settings): BlobStore {
  const clientSettings = {
    endpoint: settings.endpoint,
    region: settings.region,
    // Path-style addresses (http://host/bucket/key) work on every S3-compatible server.
    forcePathStyle: true,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: settings.silenceTimeoutMs ?? SILENCE_TIMEOUT_MS,
    },
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  };
  const client = new S3Client(clientSettings);
  // Health and the start-up check try once: retries would only make a polled check slow.
  const checkClient = new S3Client({ ...clientSettings, maxAttempts: 1 });
  const prefix = settings.prefix ?? '';
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${prefix}${checkKey(key)}`;
  const unavailable = (error: unknown) => {
    const { message, reason } = describeS3Failure(settings, error);
    return new BlobStoreUnavailableError(message, { reason, cause: error });
  };
  /** Sends a command; a failure of the store (not a missing key) becomes BlobStoreUnavailableError. */
  const send = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isMissing(error) && (error as SdkError).name !== 'NoSuchBucket') throw error;
      throw unavailable(error);
    }
  };

  return {
    kind: 's3',

    async put(key, stream, { maxBytes }) {
      const counter = new ByteCounter(maxBytes);
      let failure: unknown;
      // The counter's error ends the body; remember it, since the SDK reports its own error instead. The
      // SDK aborting the body because the store failed is no failure of the sender's: not remembered.
      const remember = (error: Error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ABORT_ERR') failure ??= error;
      };
      counter.on('error', remember);
      stream.on('error', (error) => {
        remember(error);
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
        // The sender's own failure (the size limit, a cut connection) is the answer, and what was stored
        // of it goes; otherwise the store failed, and a removal would fail too (the sweep retries it).
        if (!failure) throw unavailable(error);
        await this.remove(key).catch(() => {});
        throw failure;
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
        const answer = await send(() => client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) })));
        const body = answer.Body;
        if (!body) return null;
        return { stream: body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) })));
    },

    async exists(key) {
      try {
        await send(() => client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) })));
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
        const page = await send(() =>
          client.send(
            new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }),
          ),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },

    async check({ timeoutMs }) {
      try {
        await checkClient.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw unavailable(error);
      }
    },

    // An interrupted upload of up to one part (5 MB) never reaches the bucket; a larger one may leave
    // an unfinished multipart upload, which the bucket's lifecycle rule AbortIncompleteMultipartUpload
    // removes (docs/decisions/026). Nothing here to sweep.
    sweepTemporary: () => Promise.resolve(0),
  };
}
