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
import {
  changeNotice,
  newEventNotice,
  noticeEvent,
  practiceFacts,
  removedNotice,
  seriesChangeNotice,
  seriesRemovedNotice,
} from './notices.ts';
import {
  applySeriesChange,
  byStart,
  practicesInScope,
  SERIES_MESSAGES,
  seriesChange,
  type PracticeScope,
} from '../../../shared/practice-series.ts';
import { randomUUID } from 'node:crypto';
import { refuseLateArrival, refuseMissingTime } from './times.ts';

// Practices (docs/product/events.md 'Practices'). Every member reads
// them; writes need can_manage_events. A series of N weekly practices is created in one transaction
// (all or none) and shares a series id; each practice of it is then edited or deleted on its own, or
// with `scope` 'following' with the later practices of its series, in one transaction (decision 048).

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
    series_id: row.seriesId,
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
      // A series (more than one practice) shares an id; a single practice has none.
      const practice = { ...fieldsOf(input), seriesId: dates.length > 1 ? randomUUID() : null };
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

    /**
     * The edit, and in the same transaction the notice of a move or cancellation (notices.ts). With
     * `scope` 'following', the edit of the practice applies to it and the later practices of its series
     * (shared/practice-series.ts says how), all or none, with one notice for all; the practice answers.
     */
    async update(
      access: TeamAccess,
      practiceId: number,
      input: PracticeChange,
      scope: PracticeScope = 'this',
    ): Promise<Practice> {
      requireCapability(access, 'manage_events');
      const row = await db.transaction(async (tx) => {
        const before = await queries.findPracticeForUpdate(tx, access.team.id, practiceId);
        if (!before) throw notFound(EVENT_MESSAGES.practiceNotFound);
        if (scope === 'following' && before.seriesId !== null) {
          return updateFollowing(tx, access, before, input);
        }
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

    /**
     * The deletion, and in the same transaction the notice that it is off the schedule (notices.ts).
     * With `scope` 'following': the practice and the later practices of its series, in one statement,
     * with one notice for all.
     */
    async remove(
      access: TeamAccess,
      practiceId: number,
      scope: PracticeScope = 'this',
    ): Promise<{ message: string; detail: string }> {
      requireCapability(access, 'manage_events');
      const count = await db.transaction(async (tx) => {
        const ids = scope === 'following' ? await followingIds(tx, access, practiceId) : [practiceId];
        const gone = (await queries.deletePractices(tx, access.team.id, ids)).sort(byStart);
        const first = gone[0];
        if (!first) throw notFound(EVENT_MESSAGES.practiceNotFound);
        const link = `/${eventsHash({ section: 'practices' })}`;
        const facts = gone.map(practiceFacts);
        const notice =
          gone.length === 1
            ? removedNotice(access.team.name, practiceFacts(first), todayIn(zone), link)
            : seriesRemovedNotice(access.team.name, facts, todayIn(zone), link);
        if (notice) {
          const told = gone.find((p) => p.status !== 'cancelled' && p.date >= todayIn(zone)) ?? first;
          await notifyTeam(tx, {
            teamId: access.team.id,
            actorId: access.user.id,
            ...notice,
            event: noticeEvent('practice', told, zone),
          });
        }
        return gone.length;
      });
      const message = count === 1 ? PRACTICE_DELETED : SERIES_MESSAGES.practicesDeleted(count);
      return { message, detail: message };
    },
  };

  /** The practice and the later practices of its series, by start (none of another team: 404). */
  async function followingIds(tx: Db, access: TeamAccess, practiceId: number): Promise<number[]> {
    const anchor = await queries.findPracticeForUpdate(tx, access.team.id, practiceId);
    if (!anchor) throw notFound(EVENT_MESSAGES.practiceNotFound);
    if (anchor.seriesId === null) return [anchor.id];
    const series = await queries.seriesPracticesForUpdate(tx, access.team.id, anchor.seriesId);
    return practicesInScope(anchor, series, 'following').map((p) => p.id);
  }

  /** The edit of `before` with `scope` 'following' (update): each practice of it checked, then written. */
  async function updateFollowing(
    tx: Db,
    access: TeamAccess,
    before: queries.PracticeRow,
    input: PracticeChange,
  ): Promise<queries.PracticeRow> {
    const series = await queries.seriesPracticesForUpdate(tx, access.team.id, before.seriesId!);
    const targets = practicesInScope(before, series, 'following');
    const change = seriesChange(before, definedValues(input));
    const edits: { before: queries.PracticeRow; after: queries.PracticeRow }[] = [];
    // Every practice checked before any is written: a refusal names the first that cannot take it.
    const planned = targets.map((practice) => {
      const set = applySeriesChange(practice, change);
      const date = set.date ?? practice.date;
      const time = set.time ?? practice.time;
      if (!isCalendarDate(date)) throw badRequest('The series must end by the year 2200');
      if (set.date !== undefined || set.time !== undefined) refuseMissingTime(date, time, zone);
      refuseLateArrival(set.arrivalTime === undefined ? practice.arrivalTime : set.arrivalTime, time);
      return { practice, set };
    });
    for (const { practice, set } of planned) {
      if (Object.keys(set).length === 0) {
        edits.push({ before: practice, after: practice });
        continue;
      }
      const after = await queries.updatePractice(tx, access.team.id, practice.id, set);
      if (!after) throw notFound(EVENT_MESSAGES.practiceNotFound);
      edits.push({ before: practice, after });
    }
    const today = todayIn(zone);
    const notice = seriesChangeNotice(
      access.team.name,
      edits.map((e) => ({ before: practiceFacts(e.before), after: practiceFacts(e.after) })),
      today,
    );
    if (notice) {
      // The event of the notice: the practice it names (the first the team is told of).
      const named = edits.find((e) => practiceFacts(e.after).link === notice.link) ?? edits[0]!;
      await notifyTeam(tx, {
        teamId: access.team.id,
        actorId: access.user.id,
        ...notice,
        event: noticeEvent('practice', named.after, zone),
      });
    }
    return edits[0]!.after;
  }
}

/** The values an edit names (a field left out is undefined: not part of the change). */
function definedValues(input: PracticeChange): Partial<queries.PracticeValues> {
  return Object.fromEntries(Object.entries(values(input)).filter(([, v]) => v !== undefined));
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
