import { eventsHash } from '../../../shared/event-links.ts';
import { formatDate, formatTime } from '../../../shared/events.ts';
import type { NotificationKind } from '../../../shared/notifications.ts';

// What the bell says of a new, moved, re-timed or cancelled game or practice (docs/product/
// notifications.md 'Team events'). Pure: the services pass what the event was and is.

/** What a notice needs of a game or a practice. */
export interface EventFacts {
  /** 'Practice "Passing drills"' or 'Game vs Eagles'. */
  label: string;
  date: string;
  time: string;
  location: string | null;
  cancelled: boolean;
  link: string;
}

export interface EventNotice {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

export const practiceFacts = (p: {
  id: number;
  title: string;
  date: string;
  time: string;
  location: string;
  status: string;
}): EventFacts => ({
  label: `Practice "${p.title}"`,
  date: p.date,
  time: p.time,
  location: p.location,
  cancelled: p.status === 'cancelled',
  link: `/${eventsHash({ section: 'practices', practiceId: p.id })}`,
});

export const gameFacts = (g: {
  id: number;
  opponent: string;
  date: string;
  time: string;
  location: string | null;
  status: string;
}): EventFacts => ({
  label: `Game vs ${g.opponent}`,
  date: g.date,
  time: g.time,
  location: g.location,
  cancelled: g.status === 'cancelled',
  link: `/${eventsHash({ section: 'games', gameId: g.id })}`,
});

const when = (e: EventFacts) => `${formatDate(e.date)} at ${formatTime(e.time)}`;
const where = (e: EventFacts) => (e.location ? `${when(e)}, ${e.location}` : when(e));

/** A new event; `count` > 1 for a weekly series created at once (one notice, not one a week). */
export function newEventNotice(team: string, event: EventFacts, count = 1): EventNotice {
  const lower = event.label.charAt(0).toLowerCase() + event.label.slice(1);
  return {
    kind: 'event_new',
    title:
      count > 1
        ? `${team}: ${count} new practices ${event.label.replace(/^Practice /, '')}, weekly from ${when(event)}`
        : `${team}: New ${lower} on ${when(event)}`,
    body: where(event),
    link: event.link,
  };
}

/**
 * What an edit tells, if anything: cancelled, back on, moved (date or time) or at another place. Other
 * edits (notes, kit, a score) tell nobody; nor does any edit of an event that was and stays in the past,
 * or of one that stays cancelled.
 */
export function changeNotice(
  team: string,
  before: EventFacts,
  after: EventFacts,
  today: string,
): EventNotice | null {
  if (before.date < today && after.date < today) return null;
  const subject = `${team}: ${before.label} on ${formatDate(before.date)}`;
  const notice = (kind: NotificationKind, title: string) => ({
    kind,
    title,
    body: where(after),
    link: after.link,
  });
  if (!before.cancelled && after.cancelled) return notice('event_cancelled', `${subject} is cancelled`);
  if (before.cancelled && !after.cancelled) return notice('event_changed', `${subject} is back on`);
  if (after.cancelled) return null;
  const moved = before.date !== after.date || before.time !== after.time;
  const placed = (before.location ?? '') !== (after.location ?? '');
  if (moved && placed)
    return notice('event_changed', `${subject} moved to ${when(after)} at ${after.location ?? 'TBD'}`);
  if (moved) return notice('event_changed', `${subject} moved to ${when(after)}`);
  if (placed) return notice('event_changed', `${subject} now at ${after.location ?? 'TBD'}`);
  return null;
}
