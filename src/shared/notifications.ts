// Notifications (docs/product/notifications.md): what the bell lists, and how each kind reaches people
// who are not looking (email at once, in the daily digest, or not; web push or not).

export const NOTIFICATION_KINDS = [
  'event_new',
  'event_changed',
  'event_cancelled',
  'announcement_urgent',
  'announcement',
  'message',
  'poll_new',
  'rsvp_reminder',
  'join_request',
  'document_new',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind's email goes: at once, gathered in the daily digest, or not at all. */
export const EMAIL_MODES = ['now', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export interface KindPreference {
  email: EmailMode;
  push: boolean;
}

/**
 * Each kind as Account Settings names it, and what it does until the user chooses: urgent things at
 * once, the rest in the digest (docs/product/notifications.md 'Preferences').
 */
export const NOTIFICATION_KIND_INFO: Readonly<
  Record<NotificationKind, { label: string; defaults: KindPreference }>
> = {
  event_new: { label: 'New games and practices', defaults: { email: 'now', push: true } },
  event_changed: { label: 'Changed games and practices', defaults: { email: 'now', push: true } },
  event_cancelled: { label: 'Cancelled games and practices', defaults: { email: 'now', push: true } },
  announcement_urgent: { label: 'High-priority announcements', defaults: { email: 'now', push: true } },
  announcement: { label: 'Other announcements', defaults: { email: 'digest', push: false } },
  message: { label: 'Unread messages', defaults: { email: 'now', push: true } },
  poll_new: { label: 'New polls', defaults: { email: 'now', push: true } },
  rsvp_reminder: { label: 'RSVP reminders', defaults: { email: 'now', push: true } },
  join_request: { label: 'Requests to join (coaches)', defaults: { email: 'now', push: true } },
  document_new: { label: 'New documents', defaults: { email: 'digest', push: false } },
};

/** What an unsubscribe link turns off: one kind's email, or ('digest') the daily digest. */
export type UnsubscribeTarget = NotificationKind | 'digest';
export const UNSUBSCRIBE_TARGETS: readonly UnsubscribeTarget[] = [...NOTIFICATION_KINDS, 'digest'];

/** How the unsubscribe page and its answer name what is turned off. */
export function unsubscribeLabel(target: UnsubscribeTarget): string {
  return target === 'digest' ? 'The daily digest' : NOTIFICATION_KIND_INFO[target].label;
}

/** A user's choice for a kind, or the kind's default. */
export function preferenceFor(
  kind: NotificationKind,
  chosen: Partial<Record<NotificationKind, KindPreference>>,
): KindPreference {
  return chosen[kind] ?? NOTIFICATION_KIND_INFO[kind].defaults;
}

export const NOTIFICATION_LIMITS = {
  /** The bell's list when `?limit=` is not given, and the most one request may ask for. */
  listDefault: 20,
  listMax: 100,
  /** The most ids one 'mark read' may name. */
  markReadMax: 100,
  /** The badge shows the count up to this, then '99+'. */
  badgeMax: 99,
  /** Budget: immediate emails to one user in 24 hours; the rest wait for the digest. */
  emailsPerDay: 6,
  /** Budget: pushes to one user in an hour; the rest are coalesced into one. */
  pushesPerHour: 10,
  /** A coach's 'Remind' on one event, at most once in this many hours. */
  remindEveryHours: 6,
} as const;

/** Quiet hours until the user chooses (in the team's time zone): push and immediate email wait. */
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '07:00' } as const;
/** The digest's hour (0-23, the team's time zone) until the user chooses. */
export const DEFAULT_DIGEST_HOUR = 18;

/** The badge: the unread count, '99+' past 99, nothing at 0. */
export function bellBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_LIMITS.badgeMax ? `${NOTIFICATION_LIMITS.badgeMax}+` : String(unread);
}

/** 'HH:MM' (24-hour) as minutes after midnight. */
export function minutesOfClock(clock: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!match) throw new Error(`Not a time of day: ${clock}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Whether a local time of day (minutes after midnight) falls in quiet hours from `start` to `end`
 * (clock times; a span that crosses midnight, 21:00-07:00, is the usual case). Equal ends: none.
 */
export function inQuietHours(minuteOfDay: number, quiet: { start: string; end: string }): boolean {
  const start = minutesOfClock(quiet.start);
  const end = minutesOfClock(quiet.end);
  if (start === end) return false;
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}
