import { BlobStoreUnavailableError } from './blob-store.ts';

/** Resolves as `work` does, or rejects with BlobStoreUnavailableError once `ms` have passed. */
export async function withTimeout<T>(work: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new BlobStoreUnavailableError(message(), { reason: 'no answer in time' })),
      ms,
    );
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
