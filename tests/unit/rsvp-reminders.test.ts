import { describe, expect, it } from 'vitest';
import { whoNeedsReminding } from '../../src/server/features/rsvp/reminding.ts';
import type { PlayerRow } from '../../src/server/features/roster/queries.ts';
import {
  atWords,
  reminderDue,
  reminderStartsAt,
  tooSoonMessage,
} from '../../src/shared/rsvp-reminder-times.ts';
import {
  ANSWER_LINK_MESSAGES,
  eventSubject,
  firstName,
  joinNames,
  lastReminderDay,
  remindAgainAt,
  reminderBody,
  REMINDER_MESSAGES,
  reminderHours,
  reminderHoursLabel,
  type ReminderSubject,
  reminderTitle,
} from '../../src/shared/rsvp-reminders.ts';

// RSVP reminders' rules (docs/product/notifications.md 'RSVP reminders', 'Answer from the email'): when
// the automatic one is due, when a coach may remind again, who is reminded of what, and the words.

const ZONE = 'America/Chicago';
/** 2026-11-26 10:00 in Chicago (UTC-6). */
const NOW = new Date('2026-11-26T16:00:00Z');

describe('reminderHours', () => {
  it("is the team's choice, or the server's default when it made none; 0 is off", () => {
    expect(reminderHours(null, 48)).toBe(48);
    expect(reminderHours(24, 48)).toBe(24);
    expect(reminderHours(0, 48)).toBe(0);
    expect(reminderHoursLabel(0)).toBe('Off');
    expect(reminderHoursLabel(1)).toBe('1 hour before');
    expect(reminderHoursLabel(72)).toBe('72 hours before');
  });
});

describe('reminderDue', () => {
  const event = (date: string | null, time: string | null, tournamentEndDate: string | null = null) => ({
    date,
    time,
    tournamentEndDate,
  });

  it('is due from `hours` before the start until the start', () => {
    // 2026-11-28 10:00 Chicago is 48 hours after NOW.
    expect(reminderDue(event('2026-11-28', '10:00'), 48, ZONE, NOW)).toBe(true);
    expect(reminderDue(event('2026-11-28', '10:01'), 48, ZONE, NOW)).toBe(false);
    expect(reminderDue(event('2026-11-28', '10:00'), 47, ZONE, NOW)).toBe(false);
    expect(reminderDue(event('2026-11-26', '10:01'), 1, ZONE, NOW)).toBe(true);
    // Started: answers are closed, too late.
    expect(reminderDue(event('2026-11-26', '10:00'), 48, ZONE, NOW)).toBe(false);
    expect(reminderDue(event('2026-11-25', '18:00'), 48, ZONE, NOW)).toBe(false);
  });

  it('is never due when reminders are off', () => {
    expect(reminderDue(event('2026-11-27', '10:00'), 0, ZONE, NOW)).toBe(false);
  });

  it('counts an event without a time from the start of its day, and due until its day ends', () => {
    expect(reminderStartsAt(event('2026-11-28', 'TBD'), ZONE)).toEqual(new Date('2026-11-28T06:00:00Z'));
    expect(reminderDue(event('2026-11-28', 'TBD'), 38, ZONE, NOW)).toBe(true);
    expect(reminderDue(event('2026-11-28', null), 37, ZONE, NOW)).toBe(false);
    // Today without a time: still open until midnight.
    expect(reminderDue(event('2026-11-26', 'TBD'), 1, ZONE, NOW)).toBe(true);
  });

  it('never reminds of a tournament game without a date', () => {
    expect(reminderStartsAt(event(null, null, '2026-11-27'), ZONE)).toBeUndefined();
    expect(reminderDue(event(null, null, '2026-11-27'), 336, ZONE, NOW)).toBe(false);
  });

  it("bounds the sweep's dates: the last day that may be due", () => {
    expect(lastReminderDay('2026-11-26', 48)).toBe('2026-11-29');
    expect(lastReminderDay('2026-11-26', 12)).toBe('2026-11-28');
  });

  it('keeps the wall clock across a clock change (the autumn night is 25 hours)', () => {
    // 2026-11-01 01:30 Chicago happens twice; the reminder counts from the first.
    const before = new Date('2026-10-31T06:30:00Z'); // 01:30 CDT the day before
    expect(reminderDue(event('2026-11-01', '01:30'), 24, ZONE, before)).toBe(true);
  });
});

describe("a coach's reminder again", () => {
  it('may follow six hours after the last', () => {
    expect(remindAgainAt(new Date('2026-11-26T22:05:00Z'))).toEqual(new Date('2026-11-27T04:05:00Z'));
  });

  it("says when it was sent and when the next may go, on the team's clocks", () => {
    // 4:05 PM Chicago; again at 10:05 PM the same day.
    const sent = new Date('2026-11-26T22:05:00Z');
    const now = new Date('2026-11-26T22:30:00Z');
    expect(tooSoonMessage(sent, ZONE, now)).toBe(
      'A reminder for this event was already sent at 4:05 PM. You can remind again after 10:05 PM.',
    );
    // 8:00 PM: the next is after midnight, another day.
    const late = new Date('2026-11-27T02:00:00Z');
    expect(tooSoonMessage(late, ZONE, late)).toBe(
      'A reminder for this event was already sent at 8:00 PM. You can remind again after 2:00 AM on 11/27/2026.',
    );
    // Sent yesterday evening, read after midnight.
    expect(atWords(late, ZONE, new Date('2026-11-27T07:00:00Z'))).toBe('on 11/26/2026 at 8:00 PM');
  });
});

describe('who needs reminding', () => {
  const player = (id: number, name: string) => ({ id, name }) as PlayerRow;
  const answerers = [
    { userId: 1, players: [player(10, 'Ava Adams'), player(11, 'Al Adams')] },
    { userId: 2, players: [player(12, 'Kai Kent')] },
    { userId: 3, players: [player(13, 'Sol Self')] },
  ];

  it('is each person with a player not answered for, with only those players', () => {
    expect(whoNeedsReminding(answerers, new Set([11, 12]))).toEqual([
      { userId: 1, players: [{ id: 10, name: 'Ava Adams' }] },
      { userId: 3, players: [{ id: 13, name: 'Sol Self' }] },
    ]);
    expect(whoNeedsReminding(answerers, new Set([10, 11, 12, 13]))).toEqual([]);
    expect(whoNeedsReminding([], new Set())).toEqual([]);
  });
});

describe('the words', () => {
  const game: ReminderSubject = {
    type: 'game',
    name: 'Eagles',
    tournamentName: null,
    date: '2026-11-28',
    time: '10:00',
    location: 'North Field',
  };

  it('names the event, its team, date and time, and the players not answered for', () => {
    expect(reminderTitle('U12 Lions', game)).toBe(
      'U12 Lions: Please answer for the game vs Eagles on 11/28/2026 at 10:00 AM',
    );
    expect(reminderBody(['Sam Stone', 'Mia Stone'], game)).toBe(
      'No answer yet for Sam and Mia. 11/28/2026 at 10:00 AM, North Field',
    );
    expect(
      reminderTitle('U12 Lions', { ...game, type: 'tournament', tournamentName: 'Spring Cup', time: 'TBD' }),
    ).toBe('U12 Lions: Please answer for the Spring Cup game vs Eagles on 11/28/2026');
    expect(eventSubject({ type: 'practice', name: 'Passing', tournamentName: null })).toBe(
      'practice "Passing"',
    );
    expect(reminderBody(['Leo'], { ...game, location: null })).toBe(
      'No answer yet for Leo. 11/28/2026 at 10:00 AM',
    );
  });

  it('asks before recording an answer from an email', () => {
    expect(ANSWER_LINK_MESSAGES.question('yes', 'Sam', game)).toBe(
      'Record "Going" for Sam at the game vs Eagles on 11/28/2026 at 10:00 AM?',
    );
    expect(ANSWER_LINK_MESSAGES.recorded('no', 'Sam')).toBe('Recorded "Can\'t go" for Sam.');
  });

  it('counts people', () => {
    expect(REMINDER_MESSAGES.button(1)).toBe('Remind the 1 who has not answered');
    expect(REMINDER_MESSAGES.button(3)).toBe('Remind the 3 who have not answered');
    expect(REMINDER_MESSAGES.reminded(1)).toBe('Reminded 1 person');
    expect(REMINDER_MESSAGES.lastReminder(3, false, 'at 4:05 PM')).toBe('Reminded 3 people at 4:05 PM');
    expect(REMINDER_MESSAGES.lastReminder(2, true, 'at 9:00 AM')).toBe(
      'Automatic reminder sent to 2 people at 9:00 AM',
    );
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C');
    expect(firstName('  Sam  Stone ')).toBe('Sam');
  });
});
