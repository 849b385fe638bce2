import fs from 'node:fs';
import path from 'node:path';

// PGlite is a single-process database: two processes opening the same folder would corrupt it.
// A lock file holding the owner's pid keeps a second process out; a lock left by a dead process is taken over.

export class DataDirLockedError extends Error {}

// Folders this process holds. A lock file naming our own pid but not held here is stale: in a container
// the app is often pid 1 on every run.
const heldHere = new Set<string>();

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dir` and returns a function that releases it. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'app.lock');
  const key = path.resolve(lockPath);
  if (heldHere.has(key))
    throw new DataDirLockedError(`The data folder ${path.resolve(dir)} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dir)} is in use by another process (pid ${owner}). ` +
            'Stop it first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
        );
      }
      fs.unlinkSync(lockPath); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dir)}`);
}
