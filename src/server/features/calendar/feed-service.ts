import { createHash, hash } from 'node:crypto';
import { constants } from 'node:zlib';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import {
  CALENDAR_MESSAGES,
  type CalendarEvent,
  calendarEvents,
  type CalendarGameInput,
  type CalendarPracticeInput,
  type CalendarTournamentInput,
  monthOf,
  shiftMonth,
} from '../../../shared/calendar.ts';
import { isRepeatedLocalTime, todayIn, zonedStart } from '../../../shared/event-dates.ts';
import { arrivalText } from '../../../shared/events.ts';
import { roleOnTeam } from '../../../shared/roles.ts';
import { canRsvpFor } from '../../../shared/rsvp.ts';
import type { Config } from '../../config.ts';
import { CHANGE_CHANNEL } from '../../db/change-cache.ts';
import type { Database } from '../../db/connect.ts';
import {
  type AnswerCache,
  COMPRESS_FROM_BYTES,
  compress,
  type KeptAnswer,
} from '../../plugins/answer-cache.ts';
import { findUserById } from '../auth/queries.ts';
import { isMineAs, isViewer } from '../roster/view.ts';
import {
  type FeedTeam,
  feedLastModified,
  feedRows,
  type FeedRows,
  feedTeamsOf,
  findFeedPlayer,
} from './feed-queries.ts';
import { tokenMatches } from './token-service.ts';

// The iCalendar feed (docs/product/calendar-rsvp-and-feed.md 'The calendar feed'; docs/decisions/017).
// Calendar apps poll it about hourly with If-None-Match, so the common answer is a 304 worked out from
// memory: the user (the change cache's entry) and their teams with data versions (kept here), hashed into
// the ETag. The written feed is kept in the answer cache under its teams' versions, once for every user
// with the same teams, and gzipped; only a change under a team makes it be read and written again.

/** Grows when the feed's format changes, so no client keeps a feed written by older code. */
const FEED_FORMAT = 3;
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;
/** Events written between two turns of the event loop. */
const EVENTS_PER_SLICE = 25;
/** Feeds kept per read of a user's teams: the user's own and one per player they answer for. */
const MAX_FEEDS_PER_READ = 50;

/**
 * The user's feed teams (and which team a player narrows the feed to), kept per process. A membership
 * added anywhere grows only that team's version and so notifies 't<team>', which names no user: any
 * notification, and any write of this process, therefore drops everything kept here.
 */
export class FeedContextCache {
  private live = false;
  /** Grows with every drop: a read that began before a drop must not store what it read. */
  private generation = 0;
  private readonly entries = new Map<string, { value: unknown; at: number }>();

  drop(): void {
    this.generation += 1;
    this.entries.clear();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.drop();
  }

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    if (this.live && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, at: Date.now() });
    }
    return value;
  }
}

export interface FeedOptions {
  zone: string;
  /** The host part of every UID ('game-12@club.example'). */
  host: string;
  clubName: string;
}

/** TEXT values may hold no control characters but tab and newline (RFC 5545 3.3.11). */
const clean = (text: string) =>
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => (c === '\r' ? '' : ' '));

/** ical-generator writes NAME and X-WR-CALNAME as given: escaped here like every other TEXT. */
const escapeText = (text: string) =>
  clean(text)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');

/**
 * An event's SUMMARY: a tournament day without a game is titled with the tournament's name
 * (docs/decisions/017); a cancelled one starts 'Cancelled: ', for the calendars that ignore STATUS
 * (calcurse) (docs/product/calendar-rsvp-and-feed.md 'The calendar feed').
 */
function summaryOf(event: CalendarEvent): string {
  const title = event.isPlaceholder ? (event.tournamentName ?? event.title) : event.title;
  return event.status === 'cancelled' ? `${CALENDAR_MESSAGES.cancelledPrefix}${title}` : title;
}

interface Stamp {
  updated: number;
  revision: number;
  teamId: number;
}

/** The feed's text: deterministic for the same rows, so an unchanged feed is byte-for-byte the same. */
export async function renderFeed(rows: FeedRows, options: FeedOptions, today: string): Promise<string> {
  const { zone } = options;
  const teamNames = new Map(rows.teams.map((team) => [team.id, team.name]));
  const tournaments = new Map(rows.tournaments.map((row) => [row.id, row]));
  const tournamentGames = new Map(rows.tournamentGames.map((row) => [row.id, row]));
  const games = new Map(rows.games.map((row) => [row.id, row]));
  const practices = new Map(rows.practices.map((row) => [row.id, row]));

  const gamesOfTournament = new Map<number, FeedRows['tournamentGames']>();
  for (const game of rows.tournamentGames) {
    const list = gamesOfTournament.get(game.tournament_id);
    if (list) list.push(game);
    else gamesOfTournament.set(game.tournament_id, [game]);
  }
  const tournamentInputs: CalendarTournamentInput[] = rows.tournaments.map((row) => ({
    ...row,
    games: gamesOfTournament.get(row.id) ?? [],
  }));
  const events = calendarEvents(
    {
      tournaments: tournamentInputs,
      games: rows.games satisfies CalendarGameInput[],
      practices: rows.practices satisfies CalendarPracticeInput[],
    },
    today,
  );

  // What makes an event change: its row, and for a tournament game its tournament too (name, place).
  const stampOf = (event: CalendarEvent): Stamp | undefined => {
    const own = (row: { updated: number; revision: number; team_id: number } | undefined) =>
      row && { updated: row.updated, revision: row.revision, teamId: row.team_id };
    if (event.source === 'game') return own(games.get(event.sourceId));
    if (event.source === 'practice') return own(practices.get(event.sourceId));
    if (event.source === 'tournament_day') return own(tournaments.get(event.sourceId));
    const game = tournamentGames.get(event.sourceId);
    const tournament = game && tournaments.get(game.tournament_id);
    if (!game || !tournament) return undefined;
    // Both only grow, so their sum grows with either.
    return {
      updated: Math.max(game.updated, tournament.updated),
      revision: game.revision + tournament.revision,
      teamId: game.team_id,
    };
  };

  const calendarName =
    rows.teams.length === 0 ? options.clubName : rows.teams.map((team) => team.name).join(', ');
  const vtimezone = getVtimezoneComponent(zone);
  // Without a VTIMEZONE for the zone (a zone the package lacks), times are written in UTC instead.
  const eventZone = vtimezone ? zone : null;
  const multiTeam = rows.teams.length > 1;

  const add = (calendar: ICalCalendar, event: CalendarEvent) => {
    const stamp = stampOf(event);
    if (!stamp) return;
    const allDay = event.time === null;
    // An overlap time is its first occurrence, and the event lasts its own minutes however the clocks
    // change meanwhile (docs/product/events.md 'Times').
    const start = allDay
      ? DateTime.fromISO(event.date, { zone })
      : zonedStart(event.date, event.time ?? '', zone);
    if (!start.isValid) return;
    const end = allDay ? start.plus({ days: 1 }) : start.plus({ minutes: event.durationMinutes ?? 60 });
    // A local time the autumn overlap holds twice is read as its first occurrence by RFC-faithful
    // parsers and as the second by others (ical.js): such an event's times are written in UTC, which
    // every parser reads alike.
    const inUtc = !allDay && (isRepeatedLocalTime(start) || isRepeatedLocalTime(end));
    const changed = DateTime.fromSeconds(stamp.updated, { zone: 'utc' });

    const lines: string[] = [];
    if (multiTeam) lines.push(`Team: ${teamNames.get(stamp.teamId) ?? ''}`);
    // When to be there comes next, before anything else: a calendar's preview shows the first lines.
    const arrival = arrivalText(event.arrivalTime);
    if (arrival) lines.push(arrival);
    if (event.source === 'tournament_day') lines.push(CALENDAR_MESSAGES.placeholderTitle);
    if (event.source === 'tournament_game') lines.push(`Tournament: ${event.tournamentName ?? ''}`);
    if (event.type === 'game' && !event.isPlaceholder) lines.push(`Kit: ${event.kit}`);
    if (event.notes) lines.push(`Notes: ${event.notes}`);
    if (event.tournamentNotes) lines.push(`Tournament notes: ${event.tournamentNotes}`);
    const location = [event.location, event.address].filter(Boolean).join(', ');

    calendar.createEvent({
      id: `${event.id}@${options.host}`,
      summary: clean(summaryOf(event)),
      start: inUtc ? start.toUTC() : start,
      end: inUtc ? end.toUTC() : end,
      allDay,
      timezone: inUtc ? null : eventZone,
      ...(location ? { location: clean(location) } : {}),
      ...(lines.length ? { description: clean(lines.join('\n')) } : {}),
      stamp: changed,
      lastModified: changed,
      sequence: stamp.revision,
      ...(event.status === 'cancelled'
        ? { status: ICalEventStatus.CANCELLED }
        : event.status === 'conditional'
          ? { status: ICalEventStatus.TENTATIVE }
          : event.status
            ? { status: ICalEventStatus.CONFIRMED }
            : {}),
    });
  };

  // The calendar's properties. No calendar-wide zone: with one ical-generator writes DTSTAMP and
  // LAST-MODIFIED as floating local times, and its VTIMEZONE lands before REFRESH-INTERVAL (a
  // property after a component). Each event names its zone; the VTIMEZONE is put in here, after the
  // properties: it is also the one component an empty calendar needs (RFC 5545 3.6).
  const head = ical({
    prodId: '//Club Teams//Team calendar//EN',
    name: escapeText(calendarName),
    ttl: 60 * 60,
  }).toString();
  const parts = [head.slice(0, head.lastIndexOf('END:VCALENDAR'))];
  if (vtimezone) parts.push(`${vtimezone.replace(/\r?\n/g, '\r\n').trim()}\r\n`);
  // The events in slices, each written by a calendar of its own and the event loop let go between
  // them: writing (and folding) 500 events costs about 100 ms of CPU, which must not stall every
  // other request at once. Lines fold one by one, so the slices join to the same bytes.
  for (let from = 0; from < events.length; from += EVENTS_PER_SLICE) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice = ical();
    for (const event of events.slice(from, from + EVENTS_PER_SLICE)) add(slice, event);
    const text = slice.toString();
    const at = text.indexOf('BEGIN:VEVENT');
    if (at !== -1) parts.push(text.slice(at, text.lastIndexOf('END:VCALENDAR')));
  }
  // Every content line ends with CRLF, the last one too (ical-generator leaves it off).
  parts.push('END:VCALENDAR\r\n');
  return parts.join('');
}

export interface ResolvedFeed {
  etag: string;
  /** Where the written feed is kept: the teams and their versions, not the reader. */
  answerKey: string;
  teams: FeedTeam[];
  userId: number;
  tokenHash: string;
  playerId: number | undefined;
  /** The first date the feed holds (feedSince). */
  since: string;
}

/** A written feed as answered: its text, this reader's tag, and where the text is kept. */
export interface WrittenFeed {
  answer: KeptAnswer;
  etag: string;
  answerKey: string;
}

/** The newest change the rows hold (ms), and at least the window's start: the text's own date. */
function newestChange(rows: FeedRows, since: string, zone: string): number {
  let newest = DateTime.fromISO(since, { zone }).toSeconds();
  for (const list of [rows.tournaments, rows.tournamentGames, rows.games, rows.practices]) {
    for (const row of list) newest = Math.max(newest, row.updated);
  }
  return newest * 1000;
}

/**
 * The first date of the feed: the first of the month `pastMonths` before today's (config
 * CALENDAR_FEED_PAST_MONTHS, 12 by default: a season's results, bounded over a club's years). It
 * moves once a month, so the feed (and its ETag) changes once a month for it, not daily.
 */
export function feedSince(today: string, pastMonths: number): string {
  return `${shiftMonth(monthOf(today), -pastMonths)}-01`;
}

export function createFeedService({
  database,
  config,
  answers,
}: {
  database: Database;
  config: Pick<Config, 'TEAM_TIME_ZONE' | 'PUBLIC_URL' | 'CLUB_NAME' | 'CALENDAR_FEED_PAST_MONTHS'>;
  answers: AnswerCache;
}) {
  const { db } = database;
  const options: FeedOptions = {
    zone: config.TEAM_TIME_ZONE,
    host: new URL(config.PUBLIC_URL).hostname,
    clubName: config.CLUB_NAME,
  };
  // Everything of the configuration the text depends on, so a change of it never keeps an old feed.
  const formatTag = createHash('sha256')
    .update(JSON.stringify([FEED_FORMAT, options]))
    .digest('base64url')
    .slice(0, 12);
  const contexts = new FeedContextCache();
  const rendering = new Map<string, Promise<{ answer: KeptAnswer; teams: FeedTeam[] }>>();
  // Last-Modified (decision 017): the newest change each written text holds, by its answer key, and
  // the date each tag was answered with, so a poll that already had its date reads nothing.
  const newestByKey = new Map<string, number>();
  const modifiedByTag = new Map<string, Date>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
  };

  // The window's first date, worked out once a day rather than on every poll.
  let feedWindow = { today: '', since: '' };
  const sinceToday = () => {
    const today = todayIn(options.zone);
    if (feedWindow.today !== today)
      feedWindow = { today, since: feedSince(today, config.CALENDAR_FEED_PAST_MONTHS) };
    return feedWindow.since;
  };

  const versions = (teams: readonly FeedTeam[]) =>
    teams.map((team) => `${team.id}:${team.dataVersion}`).join(',');
  const answerKeyOf = (teams: readonly FeedTeam[], since: string) =>
    `calendar feed ${formatTag} ${since} ${versions(teams)}`;
  const etagOf = (
    feed: Pick<ResolvedFeed, 'userId' | 'tokenHash' | 'playerId' | 'since'>,
    teams: readonly FeedTeam[],
  ) => {
    const parts = [
      formatTag,
      feed.userId,
      feed.tokenHash,
      versions(teams),
      feed.playerId ?? '',
      feed.since,
    ].join('|');
    return `W/"cal-${hash('sha256', parts, 'base64url').slice(0, 27)}"`;
  };

  /**
   * The feed of `allTeams` (only the player's team when `teamId` is given; none of them: undefined),
   * with its tags. Kept beside the teams' cached read, which stays the same array until a change drops
   * it: a calendar app polling an unchanged feed does not build and hash its tags again.
   */
  const resolvedFeeds = new WeakMap<readonly FeedTeam[], Map<string, ResolvedFeed>>();
  function resolvedFeed(
    allTeams: FeedTeam[],
    feed: Pick<ResolvedFeed, 'userId' | 'tokenHash' | 'playerId' | 'since'>,
    teamId: number | undefined,
  ): ResolvedFeed | undefined {
    const key = `${feed.userId} ${feed.tokenHash} ${feed.playerId ?? ''} ${teamId ?? ''} ${feed.since}`;
    let kept = resolvedFeeds.get(allTeams);
    const hit = kept?.get(key);
    if (hit) return hit;
    const teams = teamId === undefined ? allTeams : allTeams.filter((team) => team.id === teamId);
    if (feed.playerId !== undefined && teams.length === 0) return undefined;
    const resolved = { ...feed, teams, etag: etagOf(feed, teams), answerKey: answerKeyOf(teams, feed.since) };
    if (!kept) {
      kept = new Map();
      resolvedFeeds.set(allTeams, kept);
    }
    if (kept.size >= MAX_FEEDS_PER_READ) kept.clear();
    kept.set(key, resolved);
    return resolved;
  }

  return {
    /** Listens for changes anywhere (LISTEN club_changes) and to this process's writes; resolves to a stop function. */
    async start(): Promise<() => Promise<void>> {
      database.onWrite(() => contexts.drop());
      return database.listen(
        CHANGE_CHANNEL,
        () => contexts.drop(),
        (live) => contexts.setLive(live),
      );
    },

    /**
     * The feed the URL names, or undefined for a wrong secret, another user's id, a user without a
     * secret, or a player the user may not answer for: all of them answer the same 404.
     */
    async resolve(
      userId: number,
      token: string,
      playerId: number | undefined,
    ): Promise<ResolvedFeed | undefined> {
      const user = await findUserById(db, userId);
      if (!user || !tokenMatches(token, user.calendarTokenHash)) return undefined;
      const allTeams = await contexts.read(`teams ${userId}`, () => feedTeamsOf(db, userId));
      let teamId: number | undefined;
      if (playerId !== undefined) {
        teamId = await contexts.read(`player ${userId} ${playerId}`, async () => {
          const viewer = { userId: user.id, email: user.emailVerifiedAt === null ? null : user.email };
          const player = await findFeedPlayer(db, playerId, userId, viewer.email);
          if (!player?.memberRole) return 0;
          // The roster's is_mine rule under the role on the player's team (a coach account may be a
          // parent there): a parent's linked child, a player themselves.
          const role = roleOnTeam(user.role, player.memberRole);
          const isMine = isMineAs(
            role,
            () => player.contactIsUser,
            () => isViewer(player, viewer),
          );
          return canRsvpFor(role, { status: player.status, is_mine: isMine }) ? player.teamId : 0;
        });
      }
      const feed = { userId, tokenHash: user.calendarTokenHash ?? '', playerId, since: sinceToday() };
      return resolvedFeed(allTeams, feed, teamId);
    },

    /** The written feed: kept, or read and written now (once, however many ask at the same moment). */
    async answer(feed: ResolvedFeed): Promise<WrittenFeed> {
      const kept = answers.get(feed.answerKey);
      if (kept) return { answer: kept, etag: feed.etag, answerKey: feed.answerKey };
      let pending = rendering.get(feed.answerKey);
      if (!pending) {
        pending = (async () => {
          const rows = await feedRows(
            db,
            feed.teams.map((team) => team.id),
            feed.since,
          );
          const body = await renderFeed(rows, options, todayIn(options.zone));
          // Kept and tagged under the versions read with the rows (one snapshot), so a tag never names
          // rows older than the text it stands for.
          const teams = rows.teams.map((team) => ({ id: team.id, dataVersion: Number(team.version) }));
          const key = answerKeyOf(teams, feed.since);
          remember(newestByKey, key, newestChange(rows, feed.since, options.zone));
          answers.set(key, body);
          // Zlib's default level, not the lists' fastest: a season's feed is written once per change
          // and then sent to every calendar app polling it, and level 1 makes it a quarter larger
          // (500 events: 9.7 against 7.8 KB, for the same 0.8 ms).
          const gzipped =
            body.length >= COMPRESS_FROM_BYTES
              ? await compress(body, constants.Z_DEFAULT_COMPRESSION)
              : undefined;
          if (gzipped) answers.set(key, body, gzipped);
          return { answer: gzipped ? { body, gzipped } : { body }, teams };
        })().finally(() => rendering.delete(feed.answerKey));
        rendering.set(feed.answerKey, pending);
      }
      // Another user with the same teams may have started the writing: the tag is this user's own.
      const { answer, teams } = await pending;
      return { answer, etag: etagOf(feed, teams), answerKey: answerKeyOf(teams, feed.since) };
    },

    /** The Last-Modified this tag was answered with, when this process knows it without reading. */
    knownLastModified(etag: string): Date | undefined {
      return modifiedByTag.get(etag);
    },

    /**
     * The feed's Last-Modified for a written text: what the database records for this feed address
     * (shared by every process), moved on when the text differs from the one answered before.
     */
    async lastModified(feed: ResolvedFeed, written: WrittenFeed): Promise<Date> {
      const known = modifiedByTag.get(written.etag);
      if (known) return known;
      const contentHash = createHash('sha256').update(written.answer.body).digest('base64url');
      // A text kept longer than its date (both are bounded) is dated now: later than true, never earlier.
      const newest = newestByKey.get(written.answerKey) ?? Date.now();
      const modified = await feedLastModified(
        db,
        { userId: feed.userId, playerId: feed.playerId ?? 0 },
        contentHash,
        new Date(newest),
      );
      remember(modifiedByTag, written.etag, modified);
      return modified;
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
