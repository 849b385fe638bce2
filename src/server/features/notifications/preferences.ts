import { eq } from 'drizzle-orm';
import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_QUIET_HOURS,
  type KindPreference,
  NOTIFICATION_KINDS,
  type NotificationKind,
  preferenceFor,
} from '../../../shared/notifications.ts';
import type { Db } from '../../db/connect.ts';
import { notificationPreferences, notificationSettings } from '../../db/schema.ts';
import type { QuietHours } from './delivery-plan.ts';

// A user's notification preferences as the senders apply them: each kind's choice (or its default),
// quiet hours (the default 21:00-07:00 until the user chooses; null once turned off) and the digest hour.

export interface UserPreferences {
  kinds: Record<NotificationKind, KindPreference>;
  quietHours: QuietHours | null;
  digestHour: number;
}

export async function loadPreferences(db: Db, userId: number): Promise<UserPreferences> {
  const [chosen, [settings]] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
  ]);
  const byKind: Partial<Record<NotificationKind, KindPreference>> = {};
  for (const row of chosen) byKind[row.kind] = { email: row.email, push: row.push };
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, preferenceFor(kind, byKind)]),
  ) as Record<NotificationKind, KindPreference>;
  return {
    kinds,
    quietHours: settings
      ? settings.quietStart && settings.quietEnd
        ? { start: settings.quietStart, end: settings.quietEnd }
        : null
      : { ...DEFAULT_QUIET_HOURS },
    digestHour: settings?.digestHour ?? DEFAULT_DIGEST_HOUR,
  };
}
