import { and, asc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './db/connect.ts';

// The one owner of a durable outbox's row rules (docs/decisions/003, 037): how a due row is claimed,
// how long a failed one waits, and that only the claim that holds a row may mark it. The email outbox
// (mail/outbox.ts) and the group-chat outbox (announcements/chat-outbox.ts) are built from it; the
// retrying loop around them is outbox-drainer.ts.
//
// A claim adds one to the row's attempts, so `attempts` names the claim: a mark is written only while
// the row's attempts are still the ones its claim returned. A sender whose claim ran out, and whose row
// another sender claimed again meanwhile, writes nothing (it would otherwise mark sent a row the other
// is sending, or put back for later a row the other has just sent).

/** The columns every outbox table has. */
export type OutboxTable = PgTable & {
  id: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedUntil: PgColumn;
  sentAt: PgColumn;
  lastError: PgColumn;
};

/** What a mark needs of the row its claim returned. */
export interface ClaimedRow {
  id: number;
  attempts: number;
}

/** Retry delays double from 10 s up to this, and never give up on their own. */
export const MAX_RETRY_DELAY_SECONDS = 300;

/** The wait after the n-th failed attempt: 10 s doubling, at most 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

/** The longest text a row keeps of its last error. */
const MAX_ERROR_CHARS = 1000;

export interface OutboxRules<T extends OutboxTable> {
  /** Held by no sender: never claimed, or its claim ran out (a crashed or stalled sender's). */
  unclaimed(): SQL;
  /**
   * Claims up to `limit` due rows (oldest first) for `seconds`: longer than sending them may take, so
   * no other process sends them meanwhile. SKIP LOCKED: two senders claiming at once take different rows.
   */
  claim(db: Db, limit: number, seconds: number): Promise<T['$inferSelect'][]>;
  /** Done with (sent, or found needless), if the claim still holds the row. True when it was marked. */
  markSent(db: Db, row: ClaimedRow, also?: PgUpdateSetSource<T>): Promise<boolean>;
  /** A failed try, tried again after `delaySeconds`, if the claim still holds the row. */
  markFailed(
    db: Db,
    row: ClaimedRow,
    error: string,
    delaySeconds: number,
    also?: PgUpdateSetSource<T>,
  ): Promise<boolean>;
}

/** The rules of an outbox table; `due` narrows which unsent rows are due (e.g. not given up). */
export function outboxRules<T extends OutboxTable>(table: T, due?: SQL): OutboxRules<T> {
  const unclaimed = () => or(isNull(table.lockedUntil), lte(table.lockedUntil, sql`now()`))!;
  // Typed by the table of each outbox; the generic table is only known to have the columns above.
  const set = (values: Record<string, unknown>) => values as PgUpdateSetSource<T>;
  const stillClaimed = (row: ClaimedRow) => and(eq(table.id, row.id), eq(table.attempts, row.attempts));
  const mark = async (db: Db, row: ClaimedRow, values: PgUpdateSetSource<T>) => {
    const marked = await db
      .update(table as OutboxTable)
      .set(values as PgUpdateSetSource<OutboxTable>)
      .where(stillClaimed(row))
      .returning({ id: table.id });
    return marked.length > 0;
  };
  return {
    unclaimed,
    async claim(db, limit, seconds) {
      const dueIds = db
        .select({ id: table.id })
        .from(table as OutboxTable)
        .where(and(isNull(table.sentAt), lte(table.nextAttemptAt, sql`now()`), unclaimed(), due))
        .orderBy(asc(table.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(table as OutboxTable)
        .set(
          set({
            lockedUntil: sql`now() + ${seconds} * interval '1 second'`,
            attempts: sql`${table.attempts} + 1`,
          }) as PgUpdateSetSource<OutboxTable>,
        )
        .where(sql`${table.id} in ${dueIds}`)
        .returning();
      return rows as T['$inferSelect'][];
    },
    markSent: (db, row, also) =>
      mark(db, row, set({ sentAt: sql`now()`, lockedUntil: null, lastError: null, ...also })),
    markFailed: (db, row, error, delaySeconds, also) =>
      mark(
        db,
        row,
        set({
          lockedUntil: null,
          lastError: error.slice(0, MAX_ERROR_CHARS),
          nextAttemptAt: sql`now() + ${delaySeconds} * interval '1 second'`,
          ...also,
        }),
      ),
  };
}
