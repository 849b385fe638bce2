import type { z } from 'zod';
import type { CreatedPractices, Practice, practiceBody, practicePatch } from '../../../shared/api/events.ts';
import { EVENT_MESSAGES, isCalendarDate, weeklyDates } from '../../../shared/events.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';
import { todayIn } from '../../../shared/event-dates.ts';
import { eventsHash } from '../../../shared/event-links.ts';
import { notifyTeam } from '../notifications/notify.ts';
import { changeNotice, newEventNotice, noticeEvent, practiceFacts, removedNotice } from './notices.ts';
import { refuseLateArrival, refuseMissingTime } from './times.ts';

// Practices (docs/product/events.md 'Practices'). Every member reads
// them; writes need can_manage_events. A series of N weekly practices is created in one transaction
// (all or none); each practice of it is then edited or deleted on its own.

type PracticeInput = z.output<typeof practiceBody>;
type PracticeChange = z.output<typeof practicePatch>;

export const PRACTICE_DELETED = 'Practice deleted successfully.';

function toPractice(row: queries.PracticeRow): Practice {
  return {
    id: row.id,
    team_id: row.teamId,
    title: row.title,
    date: row.date,
    time: row.time,
    location: row.location,
    address: row.address,
    duration: row.duration,
    focus: row.focus,
    notes: row.notes,
    equipment_needed: row.equipmentNeeded,
    arrival_time: row.arrivalTime,
    status: row.status,
  };
}

function values(input: PracticeChange): Partial<queries.PracticeValues> {
  return {
    title: input.title,
    date: input.date,
    time: input.time,
    location: input.location,
    address: input.address,
    duration: input.duration,
    focus: input.focus,
    notes: input.notes,
    equipmentNeeded: input.equipment_needed,
    arrivalTime: input.arrival_time,
    status: input.status,
  };
}

export function createPracticeService({ db, config }: { db: Db; config: Pick<Config, 'TEAM_TIME_ZONE'> }) {
  const zone = config.TEAM_TIME_ZONE;
  return {
    /** The scope's `teamOf` for a route naming a practice; another team's: 'Practice not found'. */
    teamOf: (practiceId: number) => queries.teamOfPractice(db, practiceId),

    /** By date, then time. */
    async list(access: TeamAccess): Promise<Practice[]> {
      return (await queries.practicesOfTeam(db, access.team.id)).map(toPractice);
    },

    /** The practice, or `repeat_weeks` weekly practices from its date, all in one transaction. */
    async create(access: TeamAccess, input: PracticeInput): Promise<CreatedPractices> {
      requireCapability(access, 'manage_events');
      const dates = weeklyDates(input.date, input.repeat_weeks);
      if (!dates.every(isCalendarDate)) throw badRequest('The series must end by the year 2200');
      // Every week of the series: one week may fall on the night the clocks go forward.
      for (const date of dates) refuseMissingTime(date, input.time, zone);
      refuseLateArrival(input.arrival_time, input.time);
      const practice = fieldsOf(input);
      const rows = await db.transaction(async (tx) => {
        const inserted = await queries.insertPractices(
          tx,
          access.team.id,
          dates.map((date) => ({ ...practice, date })),
        );
        const first = inserted[0];
        // A practice entered after the fact (all of it in the past) is history, not news.
        if (first && dates.at(-1)! >= todayIn(zone)) {
          const notice = newEventNotice(access.team.name, practiceFacts(first), inserted.length);
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            ...notice,
            event: noticeEvent('practice', first, zone),
          });
        }
        return inserted;
      });
      const practices = rows.map(toPractice).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
      return {
        practices,
        message:
          practices.length === 1
            ? EVENT_MESSAGES.practiceCreated
            : EVENT_MESSAGES.practicesCreated(practices.length),
      };
    },

    /** The edit, and in the same transaction the notice of a move or cancellation (notices.ts). */
    async update(access: TeamAccess, practiceId: number, input: PracticeChange): Promise<Practice> {
      requireCapability(access, 'manage_events');
      const row = await db.transaction(async (tx) => {
        const before = await queries.findPracticeForUpdate(tx, access.team.id, practiceId);
        if (!before) throw notFound(EVENT_MESSAGES.practiceNotFound);
        if (input.date !== undefined || input.time !== undefined) {
          refuseMissingTime(input.date ?? before.date, input.time ?? before.time, zone);
        }
        refuseLateArrival(
          input.arrival_time === undefined ? before.arrivalTime : input.arrival_time,
          input.time ?? before.time,
        );
        const after = await queries.updatePractice(tx, access.team.id, practiceId, values(input));
        if (!after) throw notFound(EVENT_MESSAGES.practiceNotFound);
        const notice = changeNotice(
          access.team.name,
          practiceFacts(before),
          practiceFacts(after),
          todayIn(zone),
        );
        if (notice) {
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            ...notice,
            event: noticeEvent('practice', after, zone),
          });
        }
        return after;
      });
      return toPractice(row);
    },

    /** The deletion, and in the same transaction the notice that it is off the schedule (notices.ts). */
    async remove(access: TeamAccess, practiceId: number): Promise<{ message: string; detail: string }> {
      requireCapability(access, 'manage_events');
      await db.transaction(async (tx) => {
        const gone = await queries.deletePractice(tx, access.team.id, practiceId);
        if (!gone) throw notFound(EVENT_MESSAGES.practiceNotFound);
        const link = `/${eventsHash({ section: 'practices' })}`;
        const notice = removedNotice(access.team.name, practiceFacts(gone), todayIn(zone), link);
        if (notice) {
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            ...notice,
            event: noticeEvent('practice', gone, zone),
          });
        }
      });
      return { message: PRACTICE_DELETED, detail: PRACTICE_DELETED };
    },
  };
}

/** Every column of a new practice (the create body has them all). */
function fieldsOf(input: PracticeInput): queries.PracticeValues {
  return {
    title: input.title,
    date: input.date,
    time: input.time,
    location: input.location,
    address: input.address,
    duration: input.duration,
    focus: input.focus,
    notes: input.notes,
    equipmentNeeded: input.equipment_needed,
    arrivalTime: input.arrival_time,
    status: 'scheduled',
  };
}

export type PracticeService = ReturnType<typeof createPracticeService>;
