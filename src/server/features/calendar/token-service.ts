import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { CalendarToken } from '../../../shared/api/calendar.ts';
import type { Db } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../http-error.ts';
import { newLinkToken, sha256 } from '../../secrets.ts';
import type { UserRow } from '../auth/queries.ts';
import { calendarSealer } from './sealing.ts';

// The calendar subscription secret (docs/decisions/017): 32 random bytes, base64url (256 bits). Made
// on the first ask and shown the same afterwards; regenerating replaces it, and the old URL then
// answers 404 like a wrong one.

export const feedPath = (userId: number, token: string) => `/api/calendar/feed/${userId}/${token}.ics`;

/** Whether `token` is the secret whose SHA-256 (hex) is `storedHash`, compared in constant time. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const given = Buffer.from(sha256(token), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function createCalendarTokenService({ db, signingSecret }: { db: Db; signingSecret: string }) {
  const sealer = calendarSealer(signingSecret);
  const answer = (userId: number, token: string): CalendarToken => ({
    user_id: userId,
    token,
    feed_path: feedPath(userId, token),
  });

  /** The kept secret, when its sealed copy opens and matches the hash. */
  const opened = (row: Pick<UserRow, 'id' | 'calendarTokenHash' | 'calendarTokenSealed'>) => {
    if (!row.calendarTokenSealed) return undefined;
    const token = sealer.open(row.calendarTokenSealed, row.id);
    return token !== undefined && tokenMatches(token, row.calendarTokenHash) ? token : undefined;
  };

  /** Stores a new secret; with `onlyReplacing`, only if the stored hash is still that one (null: none yet). */
  async function store(userId: number, onlyReplacing?: string | null): Promise<string | undefined> {
    const token = newLinkToken();
    const values = { calendarTokenHash: sha256(token), calendarTokenSealed: sealer.seal(token, userId) };
    const same =
      onlyReplacing === undefined
        ? undefined
        : onlyReplacing === null
          ? isNull(users.calendarTokenHash)
          : eq(users.calendarTokenHash, onlyReplacing);
    const rows = await db
      .update(users)
      .set(values)
      .where(same ? and(eq(users.id, userId), same) : eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length > 0 ? token : undefined;
  }

  return {
    async get(user: UserRow): Promise<CalendarToken> {
      const kept = opened(user);
      if (kept) return answer(user.id, kept);
      // None yet, or a sealed copy this server can no longer open (its signing secret changed): a new
      // one, unless another request made one meanwhile (two tabs asking at once get the same secret).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const [row] = await db
          .select({
            id: users.id,
            calendarTokenHash: users.calendarTokenHash,
            calendarTokenSealed: users.calendarTokenSealed,
          })
          .from(users)
          .where(eq(users.id, user.id));
        // The account was deleted while this request ran.
        if (!row) throw notFound('User not found');
        const current = opened(row);
        if (current) return answer(user.id, current);
        const made = await store(user.id, row.calendarTokenHash);
        if (made) return answer(user.id, made);
      }
      throw new Error('Could not store a calendar token');
    },

    async regenerate(user: UserRow): Promise<CalendarToken> {
      const made = await store(user.id);
      if (!made) throw new Error('Could not store a calendar token');
      return answer(user.id, made);
    },
  };
}

export type CalendarTokenService = ReturnType<typeof createCalendarTokenService>;
