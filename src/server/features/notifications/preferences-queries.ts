import { eq, inArray, sql } from 'drizzle-orm';
import type { NotificationPreferencesUpdate } from '../../../shared/api/notifications.ts';
import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_QUIET_HOURS,
  type KindPreference,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationKind,
  preferenceFor,
} from '../../../shared/notifications.ts';
import type { Db } from '../../db/connect.ts';
import { notificationPreferences, notificationSettings, users } from '../../db/schema.ts';

// Each user's notification preferences (docs/product/notifications.md 'Preferences'): a row per kind
// the user chose (a kind without one follows its default, shared/notifications.ts) and one row of quiet
// hours and digest hour (none: the defaults). Read by Account Settings and by the sender, which applies
// them when a delivery goes out (docs/decisions/043), so a choice counts for what was still waiting.

/** A user's preferences made whole: every kind, quiet hours (null: none) and the digest hour. */
export interface UserPreferences {
  kinds: Record<NotificationKind, KindPreference>;
  /** 'HH:MM' in the team's time zone; null: no quiet hours. */
  quietHours: { start: string; end: string } | null;
  /** 0-23, the team's time zone. */
  digestHour: number;
}

const defaultSettings = () => ({ quietHours: { ...DEFAULT_QUIET_HOURS }, digestHour: DEFAULT_DIGEST_HOUR });

function whole(
  chosen: Partial<Record<NotificationKind, KindPreference>>,
  settings: Omit<UserPreferences, 'kinds'> = defaultSettings(),
): UserPreferences {
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, preferenceFor(kind, chosen)]),
  ) as Record<NotificationKind, KindPreference>;
  return { kinds, quietHours: settings.quietHours, digestHour: settings.digestHour };
}

/**
 * The preferences of several users in two statements, whatever their number (the sender's batch of
 * deliveries): every id asked for is in the answer, with the defaults when it chose nothing.
 */
export async function loadPreferencesOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, UserPreferences>> {
  const ids = [...new Set(userIds)];
  const answer = new Map<number, UserPreferences>();
  if (ids.length === 0) return answer;
  const [chosenRows, settingsRows] = await Promise.all([
    db
      .select({
        userId: notificationPreferences.userId,
        kind: notificationPreferences.kind,
        email: notificationPreferences.email,
        push: notificationPreferences.push,
      })
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, ids)),
    db.select().from(notificationSettings).where(inArray(notificationSettings.userId, ids)),
  ]);
  const chosen = new Map<number, Partial<Record<NotificationKind, KindPreference>>>();
  for (const row of chosenRows) {
    const mine = chosen.get(row.userId) ?? {};
    mine[row.kind] = { email: row.email, push: row.push };
    chosen.set(row.userId, mine);
  }
  const settings = new Map(
    settingsRows.map((row) => [
      row.userId,
      {
        quietHours:
          row.quietStart !== null && row.quietEnd !== null
            ? { start: row.quietStart, end: row.quietEnd }
            : null,
        digestHour: row.digestHour,
      },
    ]),
  );
  for (const id of ids) answer.set(id, whole(chosen.get(id) ?? {}, settings.get(id)));
  return answer;
}

/**
 * One user's preferences: each kind's email (now, digest, off) and push choice, quiet hours (null: none)
 * and the digest hour, the defaults filled in. What the sender calls before emailing or pushing.
 */
export async function loadPreferences(db: Db, userId: number): Promise<UserPreferences> {
  return (await loadPreferencesOf(db, [userId])).get(userId) ?? whole({});
}

/**
 * Stores what an update names and leaves the rest: the kinds it lists (others keep their choice or
 * default), quiet hours if given (null: none) and the digest hour if given.
 */
export async function savePreferences(
  db: Db,
  userId: number,
  update: NotificationPreferencesUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    const kinds = update.kinds ?? [];
    if (kinds.length > 0) {
      await tx
        .insert(notificationPreferences)
        .values(kinds.map(({ kind, email, push }) => ({ userId, kind, email, push })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { email: sql`excluded.email`, push: sql`excluded.push` },
        });
    }
    const quiet = update.quiet_hours;
    const hour = update.digest_hour;
    if (quiet === undefined && hour === undefined) return;
    // A first row takes the defaults for what the update does not name.
    const quietColumns =
      quiet === undefined
        ? { quietStart: DEFAULT_QUIET_HOURS.start, quietEnd: DEFAULT_QUIET_HOURS.end }
        : { quietStart: quiet?.start ?? null, quietEnd: quiet?.end ?? null };
    await tx
      .insert(notificationSettings)
      .values({ userId, ...quietColumns, digestHour: hour ?? DEFAULT_DIGEST_HOUR })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: {
          ...(quiet === undefined ? {} : quietColumns),
          ...(hour === undefined ? {} : { digestHour: hour }),
        },
      });
  });
}

/**
 * Turns off one kind's email for the user (an unsubscribe link), keeping its push choice. False when
 * there is no such user (an old link of a deleted account).
 */
export async function turnEmailOff(db: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  const defaultPush = NOTIFICATION_KIND_INFO[kind].defaults.push;
  const result = await db.execute(sql`
    insert into ${notificationPreferences} (user_id, kind, email, push)
    select ${users.id}, ${kind}::text, 'off', ${defaultPush}::boolean
      from ${users}
     where ${eq(users.id, userId)}
    on conflict (user_id, kind) do update set email = 'off'
    returning user_id`);
  // Both drivers answer { rows }; drizzle types the shared handle's result as unknown.
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Turns the daily digest off (its email's unsubscribe link): every kind whose email goes to the digest
 * now sends none. False when there is no such user.
 */
export async function turnDigestOff(db: Db, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const { kinds } = await loadPreferences(db, userId);
  const digested = NOTIFICATION_KINDS.filter((kind) => kinds[kind].email === 'digest');
  if (digested.length === 0) return true;
  await db
    .insert(notificationPreferences)
    .values(digested.map((kind) => ({ userId, kind, email: 'off' as const, push: kinds[kind].push })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: 'off' },
    });
  return true;
}
