// Notifications (docs/product/notifications.md): what the bell lists. Each kind names what happened,
// so a later channel (email, push, the digest) can choose by kind; these are the kinds written today.

export const NOTIFICATION_KINDS = ['event_new', 'event_changed', 'event_cancelled'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LIMITS = {
  /** The bell's list when `?limit=` is not given, and the most one request may ask for. */
  listDefault: 20,
  listMax: 100,
  /** The most ids one 'mark read' may name. */
  markReadMax: 100,
  /** The badge shows the count up to this, then '99+'. */
  badgeMax: 99,
} as const;

/** The bell's badge: the unread count, '99+' past 99, nothing at 0. */
export function bellBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_LIMITS.badgeMax ? `${NOTIFICATION_LIMITS.badgeMax}+` : String(unread);
}
