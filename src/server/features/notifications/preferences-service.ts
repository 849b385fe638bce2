import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
  UnsubscribeAnswer,
} from '../../../shared/api/notifications.ts';
import { UNSUBSCRIBE_MESSAGES } from '../../../shared/notification-preferences.ts';
import { NOTIFICATION_KINDS, unsubscribeLabel } from '../../../shared/notifications.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest } from '../../http-error.ts';
import type { UserRow } from '../auth/queries.ts';
import { type LinkSigner, verifyUnsubscribe } from '../auth/signed-links.ts';
import * as queries from './preferences-queries.ts';

// Preferences (docs/product/notifications.md 'Preferences', 'Unsubscribe'): each user reads and
// changes only their own; an email's unsubscribe link turns off its kind's email without signing in.

function toAnswer(preferences: queries.UserPreferences): NotificationPreferences {
  return {
    kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, ...preferences.kinds[kind] })),
    quiet_hours: preferences.quietHours,
    digest_hour: preferences.digestHour,
  };
}

export function createPreferenceService({ db, links }: { db: Db; links: LinkSigner }) {
  const read = async (user: UserRow) => toAnswer(await queries.loadPreferences(db, user.id));
  return {
    read,

    /** Stores what the body names (the rest is kept) and answers the whole preferences. */
    async update(user: UserRow, update: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
      await queries.savePreferences(db, user.id, update);
      return read(user);
    },

    /** The link's kind of email is off for its owner; a tampered, unknown or expired link is refused. */
    async unsubscribe(token: string | undefined): Promise<UnsubscribeAnswer> {
      const claims = token ? verifyUnsubscribe(links, token) : undefined;
      if (claims === 'expired') throw badRequest(UNSUBSCRIBE_MESSAGES.expired);
      if (!claims) throw badRequest(UNSUBSCRIBE_MESSAGES.invalid);
      const done =
        claims.kind === 'digest'
          ? await queries.turnDigestOff(db, claims.userId)
          : await queries.turnEmailOff(db, claims.userId, claims.kind);
      if (!done) throw badRequest(UNSUBSCRIBE_MESSAGES.invalid);
      return { kind: claims.kind, label: unsubscribeLabel(claims.kind) };
    },
  };
}

export type PreferenceService = ReturnType<typeof createPreferenceService>;
