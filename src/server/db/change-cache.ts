import type { Database, Db } from './connect.ts';

// What every request reads and rarely changes (the signed-in user; a team with the caller's membership),
// kept per process and dropped the moment it changes anywhere:
// - a NOTIFY from the database (migration 0006) names the team or user that changed, on every process;
// - this process drops everything before it sends a write of its own, since on PostgreSQL its own
//   notification may arrive after its next request;
// - nothing is kept while the listening connection is down, and entries expire after a minute anyway.

export const CHANGE_CHANNEL = 'club_changes';
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  value: T;
  at: number;
}

export class ChangeCache {
  private live = false;
  /** Grows with every drop: a read that began before a drop must not store what it read. */
  private generation = 0;
  private readonly users = new Map<number, Entry<unknown>>();
  /** Keyed `${teamId}:${userId}`. */
  private readonly access = new Map<string, Entry<unknown>>();
  /** Each user's bell (features/notifications): dropped by 'b' notifications (migration 0023). */
  private readonly bells = new Map<number, Entry<unknown>>();

  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  clear(): void {
    this.users.clear();
    this.access.clear();
    this.bells.clear();
  }

  /**
   * A notification: 't12' (team 12 or anything under it changed), 'u7' (user 7 changed), 'b7,9' (the
   * bells of users 7 and 9 changed; 'b*': anyone's).
   */
  changed(payload: string): void {
    const id = payload.slice(1);
    if (payload.startsWith('b')) {
      if (id === '*') this.bells.clear();
      else for (const user of id.split(',')) this.bells.delete(Number(user));
    } else if (payload.startsWith('u')) {
      this.users.delete(Number(id));
      this.bells.delete(Number(id));
      for (const key of this.access.keys()) if (key.endsWith(`:${id}`)) this.access.delete(key);
    } else if (payload.startsWith('t')) {
      for (const key of this.access.keys()) if (key.startsWith(`${id}:`)) this.access.delete(key);
    } else {
      this.clear();
    }
  }

  user<T>(userId: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.read(this.users, userId, load);
  }

  /** What a user's bell answers, kept until their notifications or teams change. */
  bell<T>(userId: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.read(this.bells, userId, load);
  }

  teamAccess<T>(teamId: number, userId: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.read(this.access, `${teamId}:${userId}`, load);
  }

  private async read<K, T>(map: Map<K, Entry<unknown>>, key: K, load: () => Promise<T | undefined>) {
    if (!this.live) return load();
    const hit = map.get(key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value as T;
    // A change that lands while this read runs drops everything; a read started before it is not kept.
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && this.live && generation === this.generation) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, { value, at: Date.now() });
    }
    return value;
  }

  bump(): void {
    this.generation += 1;
  }
}

const caches = new WeakMap<Db, ChangeCache>();

/** The cache of the app's own database handle; undefined for a transaction's handle (never cached). */
export function changeCacheOf(db: Db): ChangeCache | undefined {
  return caches.get(db);
}

/** Starts the cache for the database: listening for changes, dropping on own writes. Resolves to a stop function. */
export async function startChangeCache(database: Database): Promise<() => Promise<void>> {
  const cache = new ChangeCache();
  caches.set(database.db, cache);
  database.onWrite(() => {
    cache.bump();
    cache.clear();
  });
  const stop = await database.listen(
    CHANGE_CHANNEL,
    (payload) => {
      cache.bump();
      cache.changed(payload);
    },
    (live) => {
      cache.bump();
      cache.setLive(live);
    },
  );
  return async () => {
    caches.delete(database.db);
    await stop();
  };
}
