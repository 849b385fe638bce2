import { startOfDay, zonedStart } from '../../../shared/event-dates.ts';
import { eventsHash } from '../../../shared/event-links.ts';
import { formatDate, formatDateRange, formatTime, isClockTime } from '../../../shared/events.ts';
import type { NotificationKind } from '../../../shared/notifications.ts';
import type { RsvpEventType } from '../../../shared/rsvp.ts';

// What the bell says of a new, moved, re-timed, re-placed, cancelled or removed game, practice,
// tournament or tournament game (docs/product/notifications.md 'Team events'). Pure: the services pass
// what the event was and is.

/** What a notice needs of an event. */
export interface EventFacts {
  /** 'Practice "Passing drills"', 'Game vs Eagles', 'Game vs Eagles (Spring Cup)', 'Tournament "Spring Cup"'. */
  label: string;
  /** 'YYYY-MM-DD'; null while a tournament game has no date yet. */
  date: string | null;
  /** 'HH:MM', or 'TBD'/null when not known; a tournament has none. */
  time: string | null;
  /** A tournament's last day: its days are shown as a range. */
  endDate?: string | null;
  /** A tournament game's tournament's last day: a game with no date is played by then. */
  playedBy?: string | null;
  location: string | null;
  /** 'HH:MM': when the coach wants players there (any game or practice); null or absent: none. */
  arrival?: string | null;
  cancelled: boolean;
  link: string;
}

/** The event a notice is about, for quiet hours and answer links (notifyTeam's `event`). */
export interface NoticeEvent {
  type: RsvpEventType;
  id: number;
  startsAt: Date | null;
}

export interface EventNotice {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  event?: NoticeEvent;
}

export const practiceFacts = (p: {
  id: number;
  title: string;
  date: string;
  time: string;
  location: string;
  arrivalTime?: string | null;
  status: string;
}): EventFacts => ({
  label: `Practice "${p.title}"`,
  date: p.date,
  time: p.time,
  location: p.location,
  arrival: p.arrivalTime ?? null,
  cancelled: p.status === 'cancelled',
  link: `/${eventsHash({ section: 'practices', practiceId: p.id })}`,
});

export const gameFacts = (g: {
  id: number;
  opponent: string;
  date: string;
  time: string;
  location: string | null;
  arrivalTime?: string | null;
  status: string;
}): EventFacts => ({
  label: `Game vs ${g.opponent}`,
  date: g.date,
  time: g.time,
  location: g.location,
  arrival: g.arrivalTime ?? null,
  cancelled: g.status === 'cancelled',
  link: `/${eventsHash({ section: 'games', gameId: g.id })}`,
});

/** A tournament: no status of its own (it is cancelled by deleting it), its days a range. */
export const tournamentFacts = (t: {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  location: string;
}): EventFacts => ({
  label: `Tournament "${t.name}"`,
  date: t.startDate,
  time: null,
  endDate: t.endDate,
  location: t.location,
  cancelled: false,
  link: `/${eventsHash({ tournamentId: t.id })}`,
});

/** A game of a tournament: its place is its field; named with its tournament. */
export const tournamentGameFacts = (
  g: {
    id: number;
    opponent: string;
    date: string | null;
    time: string | null;
    field: string | null;
    arrivalTime?: string | null;
    status: string;
  },
  tournament: { id: number; name: string; endDate: string },
): EventFacts => ({
  label: `Game vs ${g.opponent} (${tournament.name})`,
  date: g.date,
  time: g.time,
  playedBy: tournament.endDate,
  location: g.field,
  arrival: g.arrivalTime ?? null,
  cancelled: g.status === 'cancelled',
  link: `/${eventsHash({ tournamentId: tournament.id, gameId: g.id })}`,
});

/**
 * When the event starts, for notifyTeam's `event`: its date and time in the team's zone; the start of
 * its day when the time is not known (TBD); null while it has no date.
 */
export function eventStart(date: string | null, time: string | null, zone: string): Date | null {
  if (!date) return null;
  const start = time && isClockTime(time) ? zonedStart(date, time, zone) : startOfDay(date, zone);
  return start.isValid ? start.toJSDate() : null;
}

/** The event a notice is about: a game, a tournament game ('tournament') or a practice. */
export const noticeEvent = (
  type: RsvpEventType,
  row: { id: number; date: string | null; time: string | null },
  zone: string,
): NoticeEvent => ({ type, id: row.id, startsAt: eventStart(row.date, row.time, zone) });

/** The last day the event may take place: after it, the event is history. Null: not known. */
const lastDay = (e: EventFacts) => e.endDate ?? e.date ?? e.playedBy ?? null;

/** Whether the event is over by `today` (one with no known day is not). */
export const isPast = (e: EventFacts, today: string) => {
  const last = lastDay(e);
  return last !== null && last < today;
};

function when(e: EventFacts): string {
  if (!e.date) return 'date TBD';
  if (e.endDate) return formatDateRange(e.date, e.endDate);
  return `${formatDate(e.date)} at ${formatTime(e.time)}`;
}
const where = (e: EventFacts) => (e.location ? `${when(e)}, ${e.location}` : when(e));
/** ' on 12/05/2026 at 5:30 PM', or nothing for an event with no date yet. */
const onWhen = (e: EventFacts) => (e.date ? ` on ${when(e)}` : '');
/** 'U10 Hawks: Game vs Eagles on 12/05/2026': the event as the team knew it. */
const subjectOf = (team: string, e: EventFacts) =>
  e.date ? `${team}: ${e.label} on ${formatDate(e.date)}` : `${team}: ${e.label}`;

/** A new event; `count` > 1 for a weekly series created at once (one notice, not one a week). */
export function newEventNotice(team: string, event: EventFacts, count = 1): EventNotice {
  const lower = event.label.charAt(0).toLowerCase() + event.label.slice(1);
  return {
    kind: 'event_new',
    title:
      count > 1
        ? `${team}: ${count} new practices ${event.label.replace(/^Practice /, '')}, weekly from ${when(event)}`
        : `${team}: New ${lower}${onWhen(event)}`,
    body: where(event),
    link: event.link,
  };
}

/**
 * What an edit tells, if anything: cancelled, back on, moved (date or time; a tournament's days) or at
 * another place, or to arrive at a new time. Other edits (notes, kit, a score, a name, an arrival time
 * cleared, which means arriving later) tell nobody; nor does any edit of an event
 * that was and stays in the past, or of one that stays cancelled.
 */
export function changeNotice(
  team: string,
  before: EventFacts,
  after: EventFacts,
  today: string,
): EventNotice | null {
  if (isPast(before, today) && isPast(after, today)) return null;
  const subject = subjectOf(team, before);
  const notice = (kind: NotificationKind, title: string) => ({
    kind,
    title,
    body: where(after),
    link: after.link,
  });
  if (!before.cancelled && after.cancelled) return notice('event_cancelled', `${subject} is cancelled`);
  if (before.cancelled && !after.cancelled) return notice('event_changed', `${subject} is back on`);
  if (after.cancelled) return null;
  const moved =
    before.date !== after.date ||
    (before.time ?? '') !== (after.time ?? '') ||
    (before.endDate ?? '') !== (after.endDate ?? '');
  const placed = (before.location ?? '') !== (after.location ?? '');
  if (moved && placed)
    return notice('event_changed', `${subject} moved to ${when(after)} at ${after.location ?? 'TBD'}`);
  if (moved) return notice('event_changed', `${subject} moved to ${when(after)}`);
  if (placed) return notice('event_changed', `${subject} now at ${after.location ?? 'TBD'}`);
  const arrival = after.arrival ?? null;
  if (arrival !== null && arrival !== (before.arrival ?? null))
    return notice('event_changed', `${subject}: arrive by ${formatTime(arrival)}`);
  return null;
}

/**
 * A deleted event: 'was removed from the schedule' (a deletion may be a cancellation or a mistake put
 * right: it says what is certain). Nothing for one that was over or already cancelled (the team was
 * told then). `link` is where it was: its section, or its tournament.
 */
export function removedNotice(
  team: string,
  event: EventFacts,
  today: string,
  link: string,
): EventNotice | null {
  if (event.cancelled || isPast(event, today)) return null;
  return {
    kind: 'event_cancelled',
    title: `${subjectOf(team, event)} was removed from the schedule`,
    body: where(event),
    link,
  };
}
