import { addDays, formatDate, formatTime, isClockTime } from './events.ts';
import { NOTIFICATION_LIMITS } from './notifications.ts';
import type { RsvpEventType, RsvpResponse } from './rsvp.ts';

// RSVP reminders and answers from an email (docs/product/notifications.md 'RSVP reminders', 'Answer
// from the email'): when the automatic reminder of an event is due, when a coach may remind again, and
// the words of each. Pure and without luxon (the team's clocks are rsvp-reminder-times.ts).

export const REMINDER_LIMITS = {
  /** Team Settings' hours before an event: 0 (off) to two weeks. */
  hoursMax: 336,
} as const;

/** What Team Settings offers besides Off (0); another value set through the API shows as it is. */
export const REMINDER_HOURS_CHOICES = [12, 24, 48, 72] as const;

/** A team's hours before each event (null: the server's REMINDER_HOURS_DEFAULT); 0 is off. */
export function reminderHours(teamHours: number | null, defaultHours: number): number {
  return teamHours ?? defaultHours;
}

/** 'Off' or '48 hours before'. */
export function reminderHoursLabel(hours: number): string {
  if (hours <= 0) return 'Off';
  return `${hours} hour${hours === 1 ? '' : 's'} before`;
}

/** The last day an event may be on and still be due for its reminder at `today` with these hours. */
export function lastReminderDay(today: string, hours: number): string {
  return addDays(today, Math.ceil(hours / 24) + 1);
}

/** When a coach may remind again after a reminder they (or another coach) sent at `sentAt`. */
export function remindAgainAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + NOTIFICATION_LIMITS.remindEveryHours * 3_600_000);
}

const people = (count: number) => (count === 1 ? 'person' : 'people');

/** 'Sam', 'Sam and Mia', 'Sam, Mia and Leo'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A player's first name, as reminders and answer links name them. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export const REMINDER_MESSAGES = {
  /** The screens' button (`count` people would be reminded). */
  button: (count: number) =>
    count === 1 ? 'Remind the 1 who has not answered' : `Remind the ${count} who have not answered`,
  sending: 'Sending...',
  /** The toast after a coach's reminder. */
  reminded: (count: number) => `Reminded ${count} ${people(count)}`,
  /** Beside the button: the last reminder of the event ('at 4:05 PM' from atWords). */
  lastReminder: (count: number, automatic: boolean, at: string) =>
    automatic
      ? `Automatic reminder sent to ${count} ${people(count)} ${at}`
      : `Reminded ${count} ${people(count)} ${at}`,
  /** 429 within NOTIFICATION_LIMITS.remindEveryHours of the last reminder a coach sent. */
  tooSoon: (sentAt: string, againAt: string) =>
    `A reminder for this event was already sent ${sentAt}. You can remind again after ${againAt}.`,
  cancelled: 'This event is cancelled: nobody needs reminding.',
  started: 'This event has started: it is too late to remind.',
  coachesOnly: 'Only coaches and admins can send RSVP reminders',
  settingCoachesOnly: 'Only coaches and admins can change RSVP reminders',
  hoursRange: `RSVP reminders must be a whole number of hours from 0 to ${REMINDER_LIMITS.hoursMax}`,
} as const;

/** What a reminder or an answer link says of an event. */
export interface ReminderSubject {
  type: RsvpEventType;
  /** The opponent of a game, the title of a practice. */
  name: string;
  tournamentName: string | null;
  date: string | null;
  time: string | null;
  location: string | null;
}

/** 'the game vs Eagles', 'the Spring Cup game vs Eagles', 'practice "Passing"'. */
export function eventSubject(event: Pick<ReminderSubject, 'type' | 'name' | 'tournamentName'>): string {
  if (event.type === 'practice') return `practice "${event.name}"`;
  return event.type === 'tournament' && event.tournamentName
    ? `the ${event.tournamentName} game vs ${event.name}`
    : `the game vs ${event.name}`;
}

/** '11/28/2026 at 10:00 AM', or the date alone while the time is not known. */
export function eventWhen(event: Pick<ReminderSubject, 'date' | 'time'>): string {
  const date = formatDate(event.date);
  return event.time && isClockTime(event.time) ? `${date} at ${formatTime(event.time)}` : date;
}

/** The reminder's title: 'U12 Lions: Please answer for the game vs Eagles on 11/28/2026 at 10:00 AM'. */
export function reminderTitle(team: string, event: ReminderSubject): string {
  return `${team}: Please answer for ${eventSubject(event)} on ${eventWhen(event)}`;
}

/** The reminder's body for one person: 'No answer yet for Sam and Mia. 11/28/2026 at 10:00 AM, North Field'. */
export function reminderBody(playerNames: readonly string[], event: ReminderSubject): string {
  const when = event.location ? `${eventWhen(event)}, ${event.location}` : eventWhen(event);
  return `No answer yet for ${joinNames(playerNames.map(firstName))}. ${when}`;
}

/** The answers as an email's buttons and the answer page name them. */
export const ANSWER_LINK_LABELS: Record<RsvpResponse, string> = {
  yes: 'Going',
  maybe: 'Maybe',
  no: "Can't go",
};

export const ANSWER_LINK_MESSAGES = {
  title: 'Answer RSVP',
  invalid: 'This answer link is not valid.',
  cancelled: 'This event is cancelled: no answer is needed.',
  loading: 'Checking the link...',
  button: 'Record answer',
  recording: 'Recording...',
  /** 'Record "Going" for Sam at the game vs Eagles on 11/28/2026 at 10:00 AM?' */
  question: (response: RsvpResponse, player: string, event: ReminderSubject) =>
    `Record "${ANSWER_LINK_LABELS[response]}" for ${player} at ${eventSubject(event)} on ${eventWhen(event)}?`,
  recorded: (response: RsvpResponse, player: string) =>
    `Recorded "${ANSWER_LINK_LABELS[response]}" for ${player}.`,
  openApp: 'Open the app',
} as const;
