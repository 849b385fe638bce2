import fs from 'node:fs';
import path from 'node:path';

// PGlite is a single-process database: two processes opening the same folder would corrupt it.
// A lock file naming the owner keeps a second process out; a lock left by a process that is gone is
// taken over. The file holds the owner's pid and its start time (from /proc), so a pid that the system
// has since given to another program (after a crash and a reboot) does not block the start forever.
// Lock files of earlier versions hold only the pid: such a pid is still the owner only if it is a
// Node.js process that was already running when the lock was written (docs/decisions/008).

export class DataDirLockedError extends Error {}

// Folders this process holds. A lock file naming our own pid but not held here is stale: in a container
// the app is often pid 1 on every run.
const heldHere = new Set<string>();

interface LockOwner {
  pid: number;
  /** Clock ticks since boot when the process started (field 22 of /proc/<pid>/stat); null where unknown. */
  started: string | null;
}

/** The start time of a running process, or null where /proc cannot tell (not Linux). */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ, the unit of /proc start times: 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** When a running process started (ms since the epoch), or null where /proc cannot tell. */
function processStartedAtMs(pid: number): number | null {
  const ticks = processStartTime(pid);
  try {
    const bootSeconds = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1];
    if (ticks === null || bootSeconds === undefined) return null;
    return (Number(bootSeconds) + Number(ticks) / CLOCK_TICKS_PER_SECOND) * 1000;
  } catch {
    return null;
  }
}

/** Whether a running process is a Node.js program (as this app is), or null where /proc cannot tell. */
function processIsNode(pid: number): boolean | null {
  try {
    const program = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    const name = path.basename(program);
    return name.startsWith('node') || name === path.basename(process.execPath);
  } catch {
    return null;
  }
}

/** Leeway for the boot time's whole seconds and a clock adjusted since. */
const CLOCK_LEEWAY_MS = 5_000;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(text: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner> | number;
    // Older lock files held only the pid.
    if (typeof parsed === 'number') return { pid: parsed, started: null };
    if (typeof parsed.pid === 'number') return { pid: parsed.pid, started: parsed.started ?? null };
  } catch {
    // Not ours or half-written: treated as stale below.
  }
  return undefined;
}

/** Whether the process the lock names is still the one that wrote it (at `writtenAtMs`). */
function ownerIsRunning(owner: LockOwner, writtenAtMs: number): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || owner.pid === process.pid) return false;
  if (!processIsAlive(owner.pid)) return false;
  if (owner.started !== null) {
    const started = processStartTime(owner.pid);
    // Same pid, another start time: the pid was reused by a program that is not this app.
    return started === null || started === owner.started;
  }
  // An earlier version's lock, the pid alone: another kind of program, or one that started after the
  // lock was written, cannot be the one that wrote it. Where /proc cannot tell, the pid is taken as
  // the owner (the message names it).
  if (processIsNode(owner.pid) === false) return false;
  const startedAt = processStartedAtMs(owner.pid);
  return startedAt === null || startedAt <= writtenAtMs + CLOCK_LEEWAY_MS;
}

/** Takes the lock on `dir` and returns a function that releases it. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'app.lock');
  const key = path.resolve(lockPath);
  if (heldHere.has(key))
    throw new DataDirLockedError(`The data folder ${path.resolve(dir)} is already open in this process.`);
  const mine = JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner && ownerIsRunning(owner, fs.statSync(lockPath).mtimeMs)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dir)} is in use by another process (pid ${owner.pid}). ` +
            'Stop it first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
        );
      }
      fs.unlinkSync(lockPath); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dir)}`);
}

/** The pid a lock file names (for tests and messages). */
export function lockOwnerPid(text: string): number | undefined {
  return readOwner(text.trim())?.pid;
}
