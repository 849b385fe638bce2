import type { AnnouncementPriority } from '../../../shared/announcements.ts';
import { excerpt } from '../../../shared/display.ts';
import type { NotificationKind } from '../../../shared/notifications.ts';

// What the bell says of a new announcement (docs/product/notifications.md 'Announcements, polls,
// documents'). Pure: the service passes the announcement as stored.

/** Announcements in Communication; the id names the one the notice is about. */
export const announcementPath = (id: number) => `/#messages?subtab=announcements&announcementId=${id}`;

export function announcementNotice(
  team: string,
  announcement: { id: number; title: string; content: string; priority: AnnouncementPriority },
): { kind: NotificationKind; title: string; body: string; link: string } {
  return {
    kind: announcement.priority === 'high' ? 'announcement_urgent' : 'announcement',
    title: `${team}: ${announcement.title}`,
    body: excerpt(announcement.content),
    link: announcementPath(announcement.id),
  };
}
