import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, ByteCounter, checkKey } from './blob-store.ts';

// Blobs as files in one folder (by default DATA_DIR/blobs). A blob is written to a temporary file in
// the same folder, flushed to disk, then renamed to its key, so a reader never sees half a file and a
// crash leaves only a '.tmp-' file, which list() skips and the next start may delete.

const TEMP_PREFIX = '.tmp-';

export function folderBlobStore(folder: string): BlobStore {
  let made = false;
  const ensure = async () => {
    if (made) return;
    await fs.promises.mkdir(folder, { recursive: true });
    made = true;
  };
  const fileOf = (key: string) => path.join(folder, checkKey(key));

  return {
    kind: 'folder',

    async put(key, stream, { maxBytes }) {
      await ensure();
      const target = fileOf(key);
      const temp = path.join(folder, `${TEMP_PREFIX}${randomUUID()}`);
      const counter = new ByteCounter(maxBytes);
      try {
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
        await fs.promises.rm(temp, { force: true });
        throw error;
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
        throw error;
      }
    },

    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    async exists(key) {
      try {
        await fs.promises.access(fileOf(key));
        return true;
      } catch {
        return false;
      }
    },

    async list() {
      try {
        return (await fs.promises.readdir(folder)).filter((name) => !name.startsWith(TEMP_PREFIX));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
  };
}
