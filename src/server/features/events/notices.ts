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

/** What an edit amounts to for the team, by what it changed (changeNotice's kinds of news). */
type Change =
  | { what: 'cancelled' | 'back on' | 'moved' | 'moved and placed' | 'placed' }
  | { what: 'arrival'; arrival: string };

/**
 * What an edit tells, if anything: cancelled, back on, moved (date or time; a tournament's days) or at
 * another place, or to arrive at a new time. Other edits (notes, kit, a score, a name, an arrival time
 * cleared, which means arriving later) tell nobody; nor does any edit of an event
 * that was and stays in the past, or of one that stays cancelled.
 */
function changeOf(before: EventFacts, after: EventFacts, today: string): Change | null {
  if (isPast(before, today) && isPast(after, today)) return null;
  if (!before.cancelled && after.cancelled) return { what: 'cancelled' };
  if (before.cancelled && !after.cancelled) return { what: 'back on' };
  if (after.cancelled) return null;
  const moved =
    before.date !== after.date ||
    (before.time ?? '') !== (after.time ?? '') ||
    (before.endDate ?? '') !== (after.endDate ?? '');
  const placed = (before.location ?? '') !== (after.location ?? '');
  if (moved && placed) return { what: 'moved and placed' };
  if (moved) return { what: 'moved' };
  if (placed) return { what: 'placed' };
  const arrival = after.arrival ?? null;
  if (arrival !== null && arrival !== (before.arrival ?? null)) return { what: 'arrival', arrival };
  return null;
}

/** The notice of an edit, if it tells anything (changeOf). */
export function changeNotice(
  team: string,
  before: EventFacts,
  after: EventFacts,
  today: string,
): EventNotice | null {
  const change = changeOf(before, after, today);
  if (!change) return null;
  const subject = subjectOf(team, before);
  const notice = (kind: NotificationKind, title: string) => ({
    kind,
    title,
    body: where(after),
    link: after.link,
  });
  switch (change.what) {
    case 'cancelled':
      return notice('event_cancelled', `${subject} is cancelled`);
    case 'back on':
      return notice('event_changed', `${subject} is back on`);
    case 'moved and placed':
      return notice('event_changed', `${subject} moved to ${when(after)} at ${after.location ?? 'TBD'}`);
    case 'moved':
      return notice('event_changed', `${subject} moved to ${when(after)}`);
    case 'placed':
      return notice('event_changed', `${subject} now at ${after.location ?? 'TBD'}`);
    case 'arrival':
      return notice('event_changed', `${subject}: arrive by ${formatTime(change.arrival)}`);
  }
}

/** A practice of a series before and after an edit of 'this and following'. */
export interface SeriesEdit {
  before: EventFacts;
  after: EventFacts;
}

/**
 * One notice for an edit of 'this and following' practices of a series (decision 048), not one a
 * practice: of the practices whose edit tells the team something (changeNotice), the first names the
 * series: 'U10 Hawks: 6 practices "Passing" from 12/08/2026 moved to 6:30 PM'. One such practice:
 * its own notice; none: nothing. `edits` by start.
 */
export function seriesChangeNotice(team: string, edits: SeriesEdit[], today: string): EventNotice | null {
  const told = edits.filter((e) => changeOf(e.before, e.after, today) !== null);
  const first = told[0];
  if (!first) return null;
  if (told.length === 1) return changeNotice(team, first.before, first.after, today);
  const { before, after } = first;
  const change = changeOf(before, after, today)!;
  const name = before.label.replace(/^Practice /, '');
  const subject = `${team}: ${told.length} practices ${name} from ${formatDate(before.date!)}`;
  // The new time of all of them, or, moved to other days, where the first now is.
  const movedTo =
    before.date === after.date ? `moved to ${formatTime(after.time)}` : `moved, the first to ${when(after)}`;
  const notice = (kind: NotificationKind, title: string) => ({
    kind,
    title,
    body: where(after),
    link: after.link,
  });
  switch (change.what) {
    case 'cancelled':
      return notice('event_cancelled', `${subject} are cancelled`);
    case 'back on':
      return notice('event_changed', `${subject} are back on`);
    case 'moved and placed':
      return notice('event_changed', `${subject} ${movedTo} at ${after.location ?? 'TBD'}`);
    case 'moved':
      return notice('event_changed', `${subject} ${movedTo}`);
    case 'placed':
      return notice('event_changed', `${subject} now at ${after.location ?? 'TBD'}`);
    case 'arrival':
      return notice('event_changed', `${subject}: arrive by ${formatTime(change.arrival)}`);
  }
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

/**
 * One notice for the deletion of 'this and following' practices of a series (decision 048): of the
 * practices the team would be told of (removedNotice), one counts them all; one: its own notice.
 * `gone` by start.
 */
export function seriesRemovedNotice(
  team: string,
  gone: EventFacts[],
  today: string,
  link: string,
): EventNotice | null {
  const told = gone.filter((e) => removedNotice(team, e, today, link) !== null);
  const first = told[0];
  if (!first) return null;
  if (told.length === 1) return removedNotice(team, first, today, link);
  const name = first.label.replace(/^Practice /, '');
  return {
    kind: 'event_cancelled',
    title: `${team}: ${told.length} practices ${name} from ${formatDate(first.date!)} were removed from the schedule`,
    body: where(first),
    link,
  };
}
