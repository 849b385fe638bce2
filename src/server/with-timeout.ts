/**
 * Resolves as `work` does, or rejects with `late()` once `ms` have passed. The work itself goes on: a
 * caller that can stop it (close a connection, abort a request) does so itself.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
