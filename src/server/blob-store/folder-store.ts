import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, BlobStoreUnavailableError, ByteCounter, checkKey } from './blob-store.ts';
import { withTimeout } from '../with-timeout.ts';

// Blobs as files in one folder (by default DATA_DIR/blobs). A blob is written to a temporary file in
// the same folder, flushed to disk, then renamed to its key, so a reader never sees half a file and a
// crash leaves only a '.tmp-' file, which list() skips and sweepTemporary() removes once it is old.

const TEMP_PREFIX = '.tmp-';

/** What a disk says when it cannot be used: full, read-only, not ours, failing. */
const DISK_FAILURES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'ENOTDIR',
  'EMFILE',
  'ENFILE',
]);

export function folderBlobStore(folder: string): BlobStore {
  let made = false;
  const ensure = async () => {
    if (made) return;
    await fs.promises.mkdir(folder, { recursive: true });
    made = true;
  };
  const fileOf = (key: string) => path.join(folder, checkKey(key));
  /** A disk failure becomes BlobStoreUnavailableError; anything else (the sender's stream) stays. */
  const diskFailure = (error: unknown): unknown => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || !DISK_FAILURES.has(code)) return error;
    return new BlobStoreUnavailableError(`the folder ${folder} cannot be used (${code})`, {
      reason: `the folder cannot be used (${code})`,
      cause: error,
    });
  };

  return {
    kind: 'folder',

    async put(key, stream, { maxBytes }) {
      const target = fileOf(key);
      const temp = path.join(folder, `${TEMP_PREFIX}${randomUUID()}`);
      const counter = new ByteCounter(maxBytes);
      try {
        await ensure();
        const file = fs.createWriteStream(temp, { flags: 'wx' });
        await pipeline(stream, counter, file);
        // Flush before the rename, so the name never points at bytes still in the page cache.
        const handle = await fs.promises.open(temp, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(temp, target);
        return counter.bytes;
      } catch (error) {
        await fs.promises.rm(temp, { force: true }).catch(() => undefined);
        throw diskFailure(error);
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw diskFailure(error);
      }
    },

    async remove(key) {
      try {
        await fs.promises.rm(fileOf(key), { force: true });
      } catch (error) {
        throw diskFailure(error);
      }
    },

    async exists(key) {
      try {
        await fs.promises.stat(fileOf(key));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw diskFailure(error);
      }
    },

    async list() {
      try {
        return (await fs.promises.readdir(folder)).filter((name) => !name.startsWith(TEMP_PREFIX));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw diskFailure(error);
      }
    },

    async check({ timeoutMs }) {
      // Writing a small file proves more than a permission bit (a full disk, a read-only mount).
      const probe = path.join(folder, `${TEMP_PREFIX}check-${randomUUID()}`);
      const write = async () => {
        try {
          await fs.promises.mkdir(folder, { recursive: true });
          await fs.promises.writeFile(probe, 'ok');
          await fs.promises.rm(probe, { force: true });
        } catch (error) {
          const failure = diskFailure(error);
          throw failure instanceof BlobStoreUnavailableError
            ? failure
            : new BlobStoreUnavailableError(`the folder ${folder} cannot be used (${String(error)})`, {
                reason: 'the folder cannot be used',
                cause: error,
              });
        }
      };
      await withTimeout(
        write(),
        timeoutMs,
        () =>
          new BlobStoreUnavailableError(`the folder ${folder} did not answer within ${timeoutMs} ms`, {
            reason: 'no answer in time',
          }),
      );
    },

    async sweepTemporary(olderThanMs) {
      const before = Date.now() - olderThanMs;
      let names: string[];
      try {
        names = await fs.promises.readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw diskFailure(error);
      }
      let removed = 0;
      for (const name of names) {
        if (!name.startsWith(TEMP_PREFIX)) continue;
        const file = path.join(folder, name);
        try {
          // An upload in progress writes its file all the time; one untouched this long was abandoned.
          if ((await fs.promises.stat(file)).mtimeMs >= before) continue;
          await fs.promises.rm(file);
          removed += 1;
        } catch (error) {
          // Gone meanwhile (its upload finished and renamed it): nothing to remove.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw diskFailure(error);
        }
      }
      return removed;
    },
  };
}
