import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/roles.ts';
import type { Db } from '../../db/connect.ts';
import { changeCacheOf } from '../../db/change-cache.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

const userById = preparedPerHandle((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_user_by_id'),
);

/** Runs on every signed-in request (the token's user): a prepared statement, kept per process until the user changes. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const load = async () => (await userById(db).execute({ id }))[0];
  return changeCacheOf(db)?.user(id, load) ?? load();
}

export async function insertUser(
  db: Db,
  values: { name: string; email: string; phone: string | null; role: Role; passwordHash: string | null },
): Promise<UserRow | undefined> {
  // On a duplicate email nothing is inserted and undefined comes back; the unique index decides, not a
  // prior read, so two simultaneous sign-ups cannot both win.
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateProfile(
  db: Db,
  id: number,
  values: { name: string; phone: string | null; pendingEmail: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Sets the password and bumps the token version, which signs out every existing session but the one
 * whose token hash is `keptTokenHash` (the session that changed it; none for a reset). A password
 * change or reset also ends the calendar feed URL (docs/product/limits-and-abuse.md 'Privacy in logs and
 * email'): whoever had the old password may have copied it; the next ask makes a new one.
 * `firstOnly`: only for an invited account that has no password yet (otherwise undefined comes back).
 */
export async function replacePassword(
  db: Db,
  id: number,
  passwordHash: string,
  { firstOnly = false, keptTokenHash = null }: { firstOnly?: boolean; keptTokenHash?: string | null } = {},
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      keptTokenHash,
      calendarTokenHash: null,
      calendarTokenSealed: null,
      updatedAt: sql`now()`,
    })
    .where(firstOnly ? and(eq(users.id, id), isNull(users.passwordHash)) : eq(users.id, id))
    .returning();
  return row;
}

export async function insertResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** Marks an unused, unexpired reset token as used and returns its user id; undefined if none matches. */
export async function consumeResetToken(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Ends every other outstanding reset link of the user once one of them was used. */
export async function retireResetTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The pending address becomes the account's, verified; false when it is no longer the pending one. */
export async function confirmPendingEmail(db: Db, id: number, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email, pendingEmail: null, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.pendingEmail, email)))
    .returning({ id: users.id });
  return rows.length > 0;
}
