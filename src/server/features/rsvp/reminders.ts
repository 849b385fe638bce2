import type { z } from 'zod';
import type { remindBody } from '../../../shared/api/notifications.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import { eventsHash } from '../../../shared/event-links.ts';
import { RSVP_MESSAGES, rsvpClosesAt, rsvpWindow } from '../../../shared/rsvp.ts';
import { reminderDue, tooSoonMessage } from '../../../shared/rsvp-reminder-times.ts';
import {
  remindAgainAt,
  reminderBody,
  REMINDER_MESSAGES,
  type ReminderSubject,
  reminderTitle,
} from '../../../shared/rsvp-reminders.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound, tooMany } from '../../http-error.ts';
import { spendWriteAllowance } from '../../write-limits.ts';
import { notifyTeam } from '../notifications/notify.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';
import { needingReminder, type Reminded, unansweredPlayersOf } from './reminding.ts';

// RSVP reminders (docs/product/notifications.md 'RSVP reminders'; docs/decisions/043): the automatic one,
// once per event whatever restarts or how many processes sweep, and a coach's 'Remind', at most once per
// event in six hours. Each tells those who need reminding (reminding.ts) with one notification each,
// stored in the transaction that records the reminder: both, or neither.

type RemindInput = z.output<typeof remindBody>;

/** Where a reminder's notification opens: the event in Team Events. */
function eventLink(event: queries.EventRef, row: queries.ReminderEventRow): string {
  if (event.type === 'tournament')
    return `/${eventsHash({ tournamentId: row.tournamentId, gameId: event.id })}`;
  return event.type === 'game'
    ? `/${eventsHash({ section: 'games', gameId: event.id })}`
    : `/${eventsHash({ section: 'practices', practiceId: event.id })}`;
}

export function createReminderService({
  db,
  config,
  now = () => new Date(),
  log,
}: {
  db: Db;
  config: Pick<Config, 'TEAM_TIME_ZONE' | 'REMINDER_HOURS_DEFAULT' | 'REMINDER_LIMIT_PER_USER_PER_HOUR'>;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: { warn(object: object, message: string): void } | undefined;
}) {
  const zone = config.TEAM_TIME_ZONE;

  /**
   * One notification each, worded for that person (the players they have not answered for); people with
   * the same players share one statement.
   */
  async function tell(
    tx: Db,
    event: queries.EventRef,
    row: queries.ReminderEventRow,
    reminded: readonly Reminded[],
    actorId: number | null,
  ): Promise<void> {
    const subject: ReminderSubject = {
      type: event.type,
      name: row.name,
      tournamentName: row.tournamentName,
      date: row.date,
      time: row.time,
      location: row.location,
    };
    const byBody = new Map<string, number[]>();
    for (const person of reminded) {
      const body = reminderBody(
        person.players.map((player) => player.name),
        subject,
      );
      byBody.set(body, [...(byBody.get(body) ?? []), person.userId]);
    }
    for (const [body, userIds] of byBody) {
      await notifyTeam(tx, {
        teamId: row.teamId,
        actorId,
        kind: 'rsvp_reminder',
        title: reminderTitle(row.teamName, subject),
        body,
        link: eventLink(event, row),
        audience: { userIds },
        // Its answer links expire when the answers close: the start, or the end of a day without a time.
        event: { type: event.type, id: event.id, startsAt: rsvpClosesAt(row, zone) ?? null },
      });
    }
  }

  /** The automatic reminder of one event, if still due and not sent: true when this call sent it. */
  async function sendAutomatic(candidate: queries.SweepCandidate, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const event = { type: candidate.type, id: candidate.id };
      // Read again under the event's lock: cancelled or moved since the sweep looked.
      const row = await queries.reminderEvent(tx, event, { lock: true });
      if (!row || row.cancelled || !reminderDue(row, candidate.hours, zone, at)) return false;
      const reminded = await needingReminder(tx, row.teamId, event);
      // Stored once per event (its unique index): another process's or an earlier run's row wins, and
      // then nobody is told again. An event with nobody to remind gets its row too, and is done.
      const stored = await queries.insertReminder(tx, {
        teamId: row.teamId,
        event,
        sentBy: null,
        automatic: true,
        recipients: reminded.length,
      });
      if (!stored) return false;
      await tell(tx, event, row, reminded, null);
      return true;
    });
  }

  return {
    /**
     * The recurring sweep (feature.ts): every upcoming event, not cancelled, within its team's reminder
     * hours and without its automatic reminder, gets it; one transaction each. Answers how many were sent.
     */
    async sweep(): Promise<number> {
      const at = now();
      const candidates = await queries.sweepCandidates(db, todayIn(zone, at), config.REMINDER_HOURS_DEFAULT);
      let sent = 0;
      let failure: unknown;
      for (const candidate of candidates) {
        if (!reminderDue(candidate, candidate.hours, zone, at)) continue;
        try {
          if (await sendAutomatic(candidate, at)) sent += 1;
        } catch (error) {
          // One event's failure does not hold the others back; the sweep is tried again (scheduler.ts).
          log?.warn({ err: error, event: `${candidate.type}:${candidate.id}` }, 'RSVP reminder failed');
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
      return sent;
    },

    /**
     * A coach's 'Remind' (POST /api/team-rsvp/remind): tells those who need reminding now. 400 for a
     * cancelled or started event; 429 within NOTIFICATION_LIMITS.remindEveryHours of the last coach's
     * reminder of the event, and past the coach's hourly allowance.
     */
    async remind(access: TeamAccess, input: RemindInput): Promise<{ sent: number }> {
      requireCapability(access, 'view_rsvp_overview', REMINDER_MESSAGES.coachesOnly);
      const event = { type: input.event_type, id: input.event_id };
      return db.transaction(async (tx) => {
        // Locked: two coaches' taps on one event are one after the other, and the second sees the first.
        const row = await queries.reminderEvent(tx, event, { teamId: access.team.id, lock: true });
        if (!row) throw notFound(RSVP_MESSAGES.eventNotFound);
        if (row.cancelled) throw badRequest(REMINDER_MESSAGES.cancelled);
        const at = now();
        if (rsvpWindow(row, zone, at) !== 'open') throw badRequest(REMINDER_MESSAGES.started);
        const last = await queries.lastManualReminder(tx, access.team.id, event);
        if (last) {
          const again = remindAgainAt(last.createdAt);
          if (at.getTime() < again.getTime()) {
            throw tooMany(tooSoonMessage(last.createdAt, zone, at), (again.getTime() - at.getTime()) / 1000);
          }
        }
        const reminded = await needingReminder(tx, access.team.id, event);
        // Nobody to remind: nothing is sent, stored or counted.
        if (reminded.length === 0) return { sent: 0 };
        await spendWriteAllowance(tx, 'reminders', access.user.id, config.REMINDER_LIMIT_PER_USER_PER_HOUR);
        await queries.insertReminder(tx, {
          teamId: access.team.id,
          event,
          sentBy: access.user.id,
          automatic: false,
          recipients: reminded.length,
        });
        await tell(tx, event, row, reminded, access.user.id);
        return { sent: reminded.length };
      });
    },

    /** The players `userId` answers for without an answer for the event (the reminder email's buttons). */
    unansweredPlayersOf: (userId: number, event: queries.EventRef) => unansweredPlayersOf(db, userId, event),
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
