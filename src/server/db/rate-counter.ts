import { sql } from 'drizzle-orm';
import type { Db } from './connect.ts';

// One fixed-window counter in rate_limit_hits, shared by every app process. The rate-limit plugin
// counts requests with it; services count things a request may do many of (invite emails).

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export async function countHit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const result = await db.execute(
    sql`insert into rate_limit_hits (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.count + 1 end,
          reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
        returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl`,
  );
  // Both drivers answer { rows }; drizzle types the shared handle's result as unknown.
  const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
  return { count: Number(row?.count ?? 1), ttlMs: Number(row?.ttl ?? windowMs) };
}

/** The current window's hits under `key`, without counting one (undefined: none this window). */
export async function currentHits(db: Db, key: string): Promise<Hit | undefined> {
  const result = await db.execute(
    sql`select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
        from rate_limit_hits where key = ${key} and reset_at > now()`,
  );
  const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
  return row ? { count: Number(row.count), ttlMs: Number(row.ttl) } : undefined;
}

/** Takes back one hit of the current window (an attempt that turned out not to count). */
export async function undoHit(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`update rate_limit_hits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`,
  );
}

/** Forgets a counter altogether. */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where key = ${key}`);
}

/** Records that something happened now, remembered for `windowMs` from this latest time. */
export async function markRecent(db: Db, key: string, windowMs: number): Promise<void> {
  await db.execute(
    sql`insert into rate_limit_hits (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set count = rate_limit_hits.count + 1, reset_at = excluded.reset_at`,
  );
}

/** Whether markRecent was called for the key within its window. */
export async function isRecent(db: Db, key: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 as one from rate_limit_hits where key = ${key} and reset_at > now()`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
