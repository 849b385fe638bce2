import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../src/shared/calendar.ts';
import type { FeedRows } from '../../src/server/features/calendar/feed-queries.ts';
import { renderFeed } from '../../src/server/features/calendar/feed-service.ts';
import { expectDetail, fromToday, okJson, statementsDuring } from '../support/events.ts';
import { BACKENDS, startTestApp, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  addPlayer,
  call,
  type Cast,
  castOfTeam,
  joinApproved,
  signUp,
} from '../support/teams.ts';

// GET /api/calendar/feed/{userId}/{token}.ics (docs/product/calendar-rsvp-and-feed.md 'The calendar
// feed', docs/decisions/017): read by a real parser (ical.js) and checked by hand against the rules a
// strict validator applies.

const ZONE = 'America/Chicago';

interface Parsed {
  calendar: ICAL.Component;
  events: Map<string, ICAL.Component>;
}

/** Parses with ical.js, with the feed's own VTIMEZONE registered so times convert through it. */
function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = new Map<string, ICAL.Component>();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    events.set(String(event.getFirstPropertyValue('uid')), event);
  }
  return { calendar, events };
}

/** The content lines, unfolded. */
function unfolded(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
}

/** Each VEVENT's raw text by UID, for byte comparisons of single events. */
function rawEvents(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of text.split('BEGIN:VEVENT\r\n').slice(1)) {
    const body = block.slice(0, block.indexOf('END:VEVENT\r\n'));
    const uid = /^UID:(.*)$/m.exec(body.replace(/\r\n[ \t]/g, ''))?.[1]?.trim() ?? '';
    out.set(uid, body);
  }
  return out;
}

const TEXT_PROPERTIES = new Set(['SUMMARY', 'LOCATION', 'DESCRIPTION', 'NAME', 'X-WR-CALNAME']);

/** What a strict RFC 5545 validator checks, by hand. */
function expectStrictlyValid(text: string): void {
  // CRLF everywhere, the last line too; no bare CR or LF.
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const physical = text.split('\r\n').slice(0, -1);
  for (const line of physical) {
    // Folded at 75 octets: bytes, not characters (multi-byte names).
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(line, 'no empty content line').not.toBe('');
  }
  const lines = unfolded(text);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain('VERSION:2.0');
  expect(lines.some((line) => line.startsWith('PRODID:'))).toBe(true);
  // Calendar properties come before every component; at least one component.
  let depth = 0;
  let seenComponent = false;
  const stack: string[] = [];
  for (const line of lines) {
    if (line.startsWith('BEGIN:')) {
      if (depth === 1) seenComponent = true;
      stack.push(line.slice(6));
      depth += 1;
      continue;
    }
    if (line.startsWith('END:')) {
      expect(stack.pop()).toBe(line.slice(4));
      depth -= 1;
      continue;
    }
    if (depth === 1) expect(seenComponent, `calendar property after a component: ${line}`).toBe(false);
    const name = /^[A-Z0-9-]+/.exec(line)?.[0] ?? '';
    const value = line.slice(line.indexOf(':') + 1);
    if (TEXT_PROPERTIES.has(name)) {
      // Commas, semicolons and backslashes escaped; nothing else follows a backslash.
      const rest = value.replace(/\\[\\;,nN]/g, '');
      expect(rest, `${name} escaping`).not.toMatch(/[;,\\]/);
      expect(value).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
    }
    if ((name === 'DTSTART' || name === 'DTEND') && stack.at(-1) === 'VEVENT') {
      // In the team's zone, all-day, or in UTC (an event at a time the autumn overlap repeats).
      expect(line).toMatch(
        new RegExp(`^${name}(;VALUE=DATE:\\d{8}|;TZID=${ZONE}:\\d{8}T\\d{6}|:\\d{8}T\\d{6}Z)$`),
      );
    }
    if (name === 'DTSTAMP' || name === 'LAST-MODIFIED') expect(line).toMatch(/^[A-Z-]+:\d{8}T\d{6}Z$/);
  }
  expect(depth).toBe(0);
  expect(seenComponent).toBe(true);
  expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
  expect(lines).toContain('X-PUBLISHED-TTL:PT1H');
  expect(lines).toContain('BEGIN:VTIMEZONE');
  expect(lines).toContain(`TZID:${ZONE}`);
  // Every event has the properties RFC 5545 requires, each once.
  for (const raw of rawEvents(text).values()) {
    const eventLines = raw.replace(/\r\n[ \t]/g, '').split('\r\n');
    for (const required of ['UID:', 'DTSTAMP:', 'DTSTART']) {
      expect(eventLines.filter((line) => line.startsWith(required))).toHaveLength(1);
    }
  }
}

const utc = (event: ICAL.Component, property: 'dtstart' | 'dtend') =>
  (event.getFirstPropertyValue(property) as ICAL.Time).toJSDate().toISOString();

describe.each(BACKENDS)('calendar feed on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  const ids: Record<string, number> = {};
  let family: Account;
  let kidHere = 0;
  let kidThere = 0;
  let otherKid = 0;

  const post = async (account: Account, url: string, body: Record<string, unknown>) =>
    okJson<{ id: number }>(await call(t, 'POST', url, account.token, body), 201);
  const feedPathOf = async (account: Account) =>
    okJson<{ feed_path: string }>(await call(t, 'GET', '/api/calendar/token', account.token)).feed_path;
  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });

  beforeAll(async () => {
    // The times below are fixed 2026 dates (July, December, the day DST ends): a window wide enough
    // that they stay in the feed whatever today is. The default window has a test of its own.
    t = await startTestApp(backend, { CALENDAR_FEED_PAST_MONTHS: '1200' });
    cast = await castOfTeam(t);
    close = () => t.close();
    const team = cast.team.id;
    ids['july'] = (
      await post(cast.coach, `/api/games/${team}`, {
        opponent: 'Rovers, FC; Juniors',
        date: '2026-07-15',
        time: '18:30',
        location: 'North Field',
        address: '12 Elm St, Springfield',
        kit: 'Home (blue)',
        notes: 'Bring water; sunscreen, hats',
        type: 'league',
        arrival_time: '17:45',
      })
    ).id;
    ids['december'] = (
      await post(cast.coach, `/api/games/${team}`, {
        opponent: 'Zürich Ünited Élite Fußballmannschaft — Über Alles Großartig Ελληνικά 日本語チーム',
        date: '2026-12-15',
        time: '18:30',
        location: 'Südpark Stadion, Spielfeld Nummer Drei (hinter der Schule)',
      })
    ).id;
    ids['dstEnd'] = (
      await post(cast.coach, `/api/games/${team}`, {
        opponent: 'Clock Changers',
        date: '2026-11-01',
        time: '10:00',
        location: 'East Field',
      })
    ).id;
    ids['cancelled'] = (
      await post(cast.coach, `/api/games/${team}`, {
        opponent: 'Rained Out United',
        date: '2026-12-20',
        time: '09:00',
        location: 'East Field',
        status: 'cancelled',
      })
    ).id;
    ids['tournament'] = (
      await post(cast.coach, `/api/tournaments/team/${team}`, {
        name: 'Spring Cup, Open',
        location: 'Cup Park',
        address: '1 Cup Way',
        start_date: '2026-06-06',
        end_date: '2026-06-07',
        notes: 'Parking in lot B',
      })
    ).id;
    ids['tournamentGame'] = (
      await post(cast.coach, `/api/tournaments/${ids['tournament']}/games`, {
        opponent: 'Lions',
        date: '2026-06-06',
        time: '09:00',
        field: 'Field 3',
        kit: 'Away',
        arrival_time: '08:15',
      })
    ).id;
    ids['tournamentGameTbd'] = (
      await post(cast.coach, `/api/tournaments/${ids['tournament']}/games`, {
        opponent: 'Tigers',
        date: '2026-06-06',
        time: 'TBD',
      })
    ).id;
    const practices = okJson<{ practices?: { id: number }[] } | { id: number }[]>(
      await call(t, 'POST', '/api/practices', cast.coach.token, {
        team_id: team,
        title: 'Tuesday Training',
        date: '2026-07-16',
        time: '17:30',
        location: 'North Field',
        duration: 75,
        arrival_time: '17:00',
      }),
      201,
    );
    const practiceList = Array.isArray(practices) ? practices : (practices.practices ?? []);
    ids['practice'] = practiceList[0]?.id ?? (practices as unknown as { id: number }).id;
    // The other team has a game too.
    ids['otherTeamGame'] = (
      await post(cast.otherCoach, `/api/games/${cast.otherTeam.id}`, {
        opponent: 'Falcons Rival',
        date: '2026-08-01',
        time: '11:00',
        location: 'West Field',
      })
    ).id;

    // A parent with a child on each team.
    family = await signUp(t, 'parent', 'Fran Family');
    kidHere = (await addPlayer(t, cast.coach, team, { name: 'Kid Here' })).id;
    kidThere = (await addPlayer(t, cast.otherCoach, cast.otherTeam.id, { name: 'Kid There' })).id;
    otherKid = (await addPlayer(t, cast.coach, team, { name: 'Not Theirs' })).id;
    await joinApproved(t, cast.coach, family, cast.team.invite_code ?? '', kidHere);
    // A second team: joining by code takes one team, so the membership and the link are made directly.
    await t.db.execute(sql`insert into team_members (team_id, user_id, role)
      values (${cast.otherTeam.id}, ${family.id}, 'parent')`);
    await t.db.execute(sql`insert into parent_contacts (team_id, player_id, name, email, user_id)
      values (${cast.otherTeam.id}, ${kidThere}, ${family.name}, ${family.email}, ${family.id})`);

    // Every event last changed an hour ago, so an edit now shows in LAST-MODIFIED (whole seconds).
    for (const table of ['games', 'tournaments', 'tournament_games', 'practices']) {
      await t.db.execute(
        sql`update ${sql.identifier(table)} set updated_at = updated_at - interval '1 hour'`,
      );
    }
  });
  afterAll(() => close());

  it('answers a valid RFC 5545 calendar with every event of the team, without a bearer token', async () => {
    const response = await fetchFeed(await feedPathOf(cast.coach));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['etag']).toMatch(/^W\/".+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expectStrictlyValid(response.body);
    const { calendar, events } = parse(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('U10 Hawks');
    expect([...events.keys()].sort()).toEqual(
      [
        `game-${ids['july']}@club.test`,
        `game-${ids['december']}@club.test`,
        `game-${ids['dstEnd']}@club.test`,
        `game-${ids['cancelled']}@club.test`,
        `tournament-game-${ids['tournamentGame']}@club.test`,
        `tournament-game-${ids['tournamentGameTbd']}@club.test`,
        `tournament-${ids['tournament']}-2026-06-07@club.test`,
        `practice-${ids['practice']}@club.test`,
      ].sort(),
    );
    // Nothing of the other team.
    expect(response.body).not.toContain('Falcons Rival');
  });

  it('writes titles, places, descriptions and escapes them', async () => {
    const text = (await fetchFeed(await feedPathOf(cast.coach))).body;
    const { events } = parse(text);
    const july = events.get(`game-${ids['july']}@club.test`);
    expect(july?.getFirstPropertyValue('summary')).toBe('vs Rovers, FC; Juniors');
    expect(july?.getFirstPropertyValue('location')).toBe('North Field, 12 Elm St, Springfield');
    // The arrival time first, in the screens' words (docs/product/calendar-rsvp-and-feed.md 'The
    // calendar feed').
    expect(july?.getFirstPropertyValue('description')).toBe(
      'Arrive by 5:45 PM\nKit: Home (blue)\nNotes: Bring water; sunscreen, hats',
    );
    expect(july?.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(unfolded(text)).toContain('SUMMARY:vs Rovers\\, FC\\; Juniors');

    const placeholder = events.get(`tournament-${ids['tournament']}-2026-06-07@club.test`);
    // A tournament day without a game carries the tournament's name (docs/decisions/017).
    expect(placeholder?.getFirstPropertyValue('summary')).toBe('Spring Cup, Open');
    expect(placeholder?.getFirstPropertyValue('description')).toBe(
      `${CALENDAR_MESSAGES.placeholderTitle}\nTournament notes: Parking in lot B`,
    );
    expect(placeholder?.getFirstPropertyValue('location')).toBe('Cup Park, 1 Cup Way');

    const tournamentGame = events.get(`tournament-game-${ids['tournamentGame']}@club.test`);
    expect(tournamentGame?.getFirstPropertyValue('summary')).toBe('vs Lions');
    expect(tournamentGame?.getFirstPropertyValue('location')).toBe('Cup Park, Field 3, 1 Cup Way');
    expect(tournamentGame?.getFirstPropertyValue('description')).toBe(
      'Arrive by 8:15 AM\nTournament: Spring Cup, Open\nKit: Away\nTournament notes: Parking in lot B',
    );
    // A game with no arrival time says nothing of one.
    expect(
      events
        .get(`tournament-game-${ids['tournamentGameTbd']}@club.test`)
        ?.getFirstPropertyValue('description'),
    ).toBe('Tournament: Spring Cup, Open\nKit: Not specified\nTournament notes: Parking in lot B');

    const practice = events.get(`practice-${ids['practice']}@club.test`);
    expect(practice?.getFirstPropertyValue('summary')).toBe('Tuesday Training');
    expect(practice?.getFirstPropertyValue('description')).toBe('Arrive by 5:00 PM');

    // The long multi-byte title survives folding intact.
    const december = events.get(`game-${ids['december']}@club.test`);
    expect(december?.getFirstPropertyValue('summary')).toBe(
      'vs Zürich Ünited Élite Fußballmannschaft — Über Alles Großartig Ελληνικά 日本語チーム',
    );
    expect(text.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
  });

  it('writes times in the team zone with its VTIMEZONE, and all-day events as dates', async () => {
    const text = (await fetchFeed(await feedPathOf(cast.coach))).body;
    const { events } = parse(text);
    const lines = unfolded(text);
    const july = events.get(`game-${ids['july']}@club.test`);
    const december = events.get(`game-${ids['december']}@club.test`);
    const dstEnd = events.get(`game-${ids['dstEnd']}@club.test`);
    if (!july || !december || !dstEnd) throw new Error('events missing');
    // 18:30 in Chicago: CDT (UTC-5) in July, CST (UTC-6) in December, past midnight UTC.
    expect(utc(july, 'dtstart')).toBe('2026-07-15T23:30:00.000Z');
    expect(utc(july, 'dtend')).toBe('2026-07-16T01:00:00.000Z');
    expect(utc(december, 'dtstart')).toBe('2026-12-16T00:30:00.000Z');
    expect(lines).toContain(`DTSTART;TZID=${ZONE}:20260715T183000`);
    expect(lines).toContain(`DTSTART;TZID=${ZONE}:20261215T183000`);
    // The day DST ends keeps the wall-clock time: 10:00 CST.
    expect(lines).toContain(`DTSTART;TZID=${ZONE}:20261101T100000`);
    expect(utc(dstEnd, 'dtstart')).toBe('2026-11-01T16:00:00.000Z');
    // A practice lasts its own duration.
    const practice = events.get(`practice-${ids['practice']}@club.test`);
    if (!practice) throw new Error('practice missing');
    expect(utc(practice, 'dtend')).toBe('2026-07-16T23:45:00.000Z');
    // Without a time: all-day on its date (a tournament game 'TBD', a tournament day).
    const tbd = rawEvents(text).get(`tournament-game-${ids['tournamentGameTbd']}@club.test`) ?? '';
    expect(tbd).toContain('DTSTART;VALUE=DATE:20260606\r\n');
    expect(tbd).toContain('DTEND;VALUE=DATE:20260607\r\n');
    const day = rawEvents(text).get(`tournament-${ids['tournament']}-2026-06-07@club.test`) ?? '';
    expect(day).toContain('DTSTART;VALUE=DATE:20260607\r\n');
    const tbdEvent = events.get(`tournament-game-${ids['tournamentGameTbd']}@club.test`);
    expect((tbdEvent?.getFirstPropertyValue('dtstart') as ICAL.Time).isDate).toBe(true);
  });

  it("keeps cancelled games, marked STATUS:CANCELLED and 'Cancelled: ' in SUMMARY", async () => {
    const { events } = parse((await fetchFeed(await feedPathOf(cast.coach))).body);
    const cancelled = events.get(`game-${ids['cancelled']}@club.test`);
    expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
    // calcurse ignores STATUS: the title itself says it.
    expect(cancelled?.getFirstPropertyValue('summary')).toBe('Cancelled: vs Rained Out United');
    expect(events.get(`game-${ids['july']}@club.test`)?.getFirstPropertyValue('summary')).toBe(
      'vs Rovers, FC; Juniors',
    );
  });

  it('keeps a cancelled practice, marked like a cancelled game, until it is put back', async () => {
    const practice = `practice-${ids['practice']}@club.test`;
    const setStatus = async (status: string) =>
      okJson(await call(t, 'PUT', `/api/practices/${ids['practice']}`, cast.coach.token, { status }));
    await setStatus('cancelled');
    try {
      const cancelled = parse((await fetchFeed(await feedPathOf(cast.parent))).body).events.get(practice);
      expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(cancelled?.getFirstPropertyValue('summary')).toBe('Cancelled: Tuesday Training');
    } finally {
      await setStatus('scheduled');
    }
    const back = parse((await fetchFeed(await feedPathOf(cast.parent))).body).events.get(practice);
    expect(back?.getFirstPropertyValue('summary')).toBe('Tuesday Training');
    expect(back?.getFirstPropertyValue('status')).toBeNull();
  });

  it('answers 304 to If-None-Match without reading anything once warm, and the same bytes when nothing changed', async () => {
    const path = await feedPathOf(cast.parent);
    const first = await fetchFeed(path);
    expect(first.statusCode).toBe(200);
    const etag = first.headers['etag'] as string;
    await fetchFeed(path, { 'if-none-match': etag });
    let notModified = first;
    const statements = await statementsDuring(t, async () => {
      notModified = await fetchFeed(path, { 'if-none-match': etag });
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['etag']).toBe(etag);
    expect(statements).toEqual([]);
    // Written again from the rows (the kept answer off): byte for byte the same, same tag.
    t.app.answerCache.enabled = false;
    try {
      const again = await fetchFeed(path);
      expect(again.body).toBe(first.body);
      expect(again.headers['etag']).toBe(etag);
    } finally {
      t.app.answerCache.enabled = true;
    }
    // A tag of another feed does not match.
    expect((await fetchFeed(path, { 'if-none-match': 'W/"cal-other"' })).statusCode).toBe(200);
  });

  it('the 304 of a cold process reads no event rows', async () => {
    const path = await feedPathOf(cast.coach);
    const first = await fetchFeed(path);
    const etag = first.headers['etag'] as string;
    // A write of this process drops what it keeps (change cache, feed teams).
    await t.db.execute(sql`update teams set name = name where id = ${cast.otherTeam.id}`);
    let response = first;
    const statements = await statementsDuring(t, async () => {
      response = await fetchFeed(path, { 'if-none-match': etag });
    });
    expect(response.statusCode).toBe(304);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => /games|practices|tournament/i.test(s))).toBe(false);
  });

  it('an edited game changes the tag, and the SEQUENCE and LAST-MODIFIED of that event only', async () => {
    const path = await feedPathOf(cast.coach);
    const before = await fetchFeed(path);
    const etag = before.headers['etag'] as string;
    const edited = await call(t, 'PUT', `/api/games/${cast.team.id}/${ids['july']}`, cast.coach.token, {
      notes: 'Bring water; sunscreen, hats, snacks',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await fetchFeed(path, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expectStrictlyValid(after.body);

    const uid = `game-${ids['july']}@club.test`;
    const oldEvents = rawEvents(before.body);
    const newEvents = rawEvents(after.body);
    expect([...newEvents.keys()].sort()).toEqual([...oldEvents.keys()].sort());
    for (const [key, raw] of newEvents) {
      if (key !== uid) expect(raw, key).toBe(oldEvents.get(key));
    }
    const was = parse(before.body).events.get(uid);
    const now = parse(after.body).events.get(uid);
    expect(now?.getFirstPropertyValue('sequence')).toBe(Number(was?.getFirstPropertyValue('sequence')) + 1);
    const modified = (event: ICAL.Component | undefined) =>
      (event?.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime();
    expect(modified(now)).toBeGreaterThan(modified(was));
    expect(now?.getFirstPropertyValue('dtstamp')?.toString()).toBe(
      now?.getFirstPropertyValue('last-modified')?.toString(),
    );
  });

  it('holds the events of all the user’s teams; ?player_id= narrows it to that child’s team', async () => {
    const path = await feedPathOf(family);
    const all = await fetchFeed(path);
    expectStrictlyValid(all.body);
    const { events } = parse(all.body);
    expect(events.has(`game-${ids['july']}@club.test`)).toBe(true);
    expect(events.has(`game-${ids['otherTeamGame']}@club.test`)).toBe(true);
    // ical.js leaves NAME and X- properties as written; their value type is TEXT, escaped like any other.
    expect(unfolded(all.body)).toContain('X-WR-CALNAME:U10 Hawks\\, U12 Falcons');
    expect(unfolded(all.body)).toContain('NAME:U10 Hawks\\, U12 Falcons');
    // With two teams each event says whose it is.
    expect(
      events.get(`game-${ids['otherTeamGame']}@club.test`)?.getFirstPropertyValue('description'),
    ).toMatch(/^Team: U12 Falcons\n/);
    // The arrival time comes right after the team's name (the notes were edited by a test above).
    expect(events.get(`game-${ids['july']}@club.test`)?.getFirstPropertyValue('description')).toMatch(
      /^Team: U10 Hawks\nArrive by 5:45 PM\nKit: Home \(blue\)\nNotes: /,
    );

    const here = await fetchFeed(`${path}?player_id=${kidHere}`);
    expect(here.statusCode).toBe(200);
    const hereEvents = parse(here.body).events;
    expect(hereEvents.has(`game-${ids['july']}@club.test`)).toBe(true);
    expect(hereEvents.has(`game-${ids['otherTeamGame']}@club.test`)).toBe(false);
    expect(here.headers['etag']).not.toBe(all.headers['etag']);

    const there = parse((await fetchFeed(`${path}?player_id=${kidThere}`)).body).events;
    expect([...there.keys()]).toEqual([`game-${ids['otherTeamGame']}@club.test`]);

    // Not their child, a player of no team of theirs, no such player: 404 like a wrong secret.
    expectDetail(await fetchFeed(`${path}?player_id=${otherKid}`), 404, CALENDAR_MESSAGES.feedNotFound);
    const coachPath = await feedPathOf(cast.coach);
    expectDetail(await fetchFeed(`${coachPath}?player_id=${kidThere}`), 404, CALENDAR_MESSAGES.feedNotFound);
    expectDetail(await fetchFeed(`${path}?player_id=2147483647`), 404, CALENDAR_MESSAGES.feedNotFound);
    // A coach may answer for every active player of the team.
    expect((await fetchFeed(`${coachPath}?player_id=${otherKid}`)).statusCode).toBe(200);
    // Not a player id at all: 400 naming the field.
    const bad = await fetchFeed(`${path}?player_id=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/player_id/);
  });

  it('a membership added after the feed was read shows at once', async () => {
    const newcomer = await signUp(t, 'parent', 'Nell Newcomer');
    const path = await feedPathOf(newcomer);
    const before = await fetchFeed(path);
    expect(parse(before.body).events.size).toBe(0);
    await joinApproved(t, cast.coach, newcomer, cast.team.invite_code ?? '');
    const after = await fetchFeed(path, { 'if-none-match': before.headers['etag'] as string });
    expect(after.statusCode).toBe(200);
    expect(parse(after.body).events.has(`game-${ids['july']}@club.test`)).toBe(true);
  });

  it('a user with no teams gets a valid empty calendar (a club admin sees only their own teams)', async () => {
    for (const account of [cast.stranger, cast.admin]) {
      const response = await fetchFeed(await feedPathOf(account));
      expect(response.statusCode).toBe(200);
      expectStrictlyValid(response.body);
      const { calendar, events } = parse(response.body);
      expect(events.size).toBe(0);
      expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Test Valley FC');
    }
  });

  it('sends it gzipped to a client that takes it', async () => {
    const path = await feedPathOf(cast.coach);
    const plain = await fetchFeed(path);
    const zipped = await fetchFeed(path, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.headers['etag']).toBe(plain.headers['etag']);
  });

  it('compares If-None-Match weakly: the tag without W/, a list of tags and * answer 304', async () => {
    const path = await feedPathOf(cast.parent);
    const etag = (await fetchFeed(path)).headers['etag'] as string;
    expect(etag).toMatch(/^W\//);
    for (const header of [etag, etag.slice(2), `"cal-other", ${etag}`, `W/"x",${etag.slice(2)}`, '*']) {
      const response = await fetchFeed(path, { 'if-none-match': header });
      expect(response.statusCode, header).toBe(304);
      expect(response.body, header).toBe('');
    }
    for (const header of ['W/"cal-other"', '"cal-other"', etag.slice(3, -1)]) {
      expect((await fetchFeed(path, { 'if-none-match': header })).statusCode, header).toBe(200);
    }
  });

  it('sends Last-Modified and honours If-Modified-Since; If-None-Match wins when both come', async () => {
    // Whole seconds: a change is fetched a second later, when its date is no longer this second's.
    const aSecondLater = () => new Promise((resolve) => setTimeout(resolve, 1100));
    const reader = await signUp(t, 'parent', 'Lana Lastmod');
    await joinApproved(t, cast.coach, reader, cast.team.invite_code ?? '');
    const path = await feedPathOf(reader);
    const first = await fetchFeed(path);
    const lastModified = first.headers['last-modified'] as string;
    expect(lastModified).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
    // The newest change the feed holds: no later than the last edit of its events.
    const notModified = await fetchFeed(path, { 'if-modified-since': lastModified });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const later = new Date(Date.parse(lastModified) + 3_600_000).toUTCString();
    expect((await fetchFeed(path, { 'if-modified-since': later })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await fetchFeed(path, { 'if-modified-since': earlier })).statusCode).toBe(200);
    expect((await fetchFeed(path, { 'if-modified-since': 'yesterday' })).statusCode).toBe(200);
    // If-None-Match wins: a tag that does not match gets the feed whatever the date says.
    const both = await fetchFeed(path, { 'if-none-match': 'W/"cal-other"', 'if-modified-since': later });
    expect(both.statusCode).toBe(200);

    // A change moves it on, a removal too (which leaves no row to date it).
    const extra = await post(cast.coach, `/api/games/${cast.team.id}`, {
      opponent: 'Here Today',
      date: '2026-09-09',
      time: '09:00',
      location: 'South Field',
    });
    await aSecondLater();
    const added = await fetchFeed(path, { 'if-modified-since': lastModified });
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain('Here Today');
    const addedAt = added.headers['last-modified'] as string;
    expect(Date.parse(addedAt)).toBeGreaterThan(Date.parse(lastModified));
    expect((await fetchFeed(path, { 'if-modified-since': addedAt })).statusCode).toBe(304);
    okJson(await call(t, 'DELETE', `/api/games/${cast.team.id}/${extra.id}`, cast.coach.token));
    await aSecondLater();
    const removed = await fetchFeed(path, { 'if-modified-since': addedAt });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).not.toContain('Here Today');
    const removedAt = removed.headers['last-modified'] as string;
    expect(Date.parse(removedAt)).toBeGreaterThan(Date.parse(addedAt));
    // An answer that changes nothing in the feed (an RSVP) leaves the date as it was.
    okJson(
      await call(t, 'POST', '/api/team-rsvp/submit', cast.coach.token, {
        event_type: 'game',
        event_id: ids['december'],
        player_id: otherKid,
        response: 'yes',
      }),
    );
    const afterAnswer = await fetchFeed(path, { 'if-modified-since': removedAt });
    expect(afterAnswer.statusCode).toBe(304);
  });

  it('an autumn-overlap time is its first occurrence and keeps its duration for every parser', async () => {
    // 2026-11-01 in Chicago: 01:00-01:59 happens twice (CDT, then CST).
    const night = (
      await post(cast.coach, `/api/games/${cast.team.id}`, {
        opponent: 'Night Owls',
        date: '2026-11-01',
        time: '01:30',
        location: 'Lit Field',
      })
    ).id;
    // Starts at 01:00 CDT and ends at 01:30 CST: its end is the repeated hour too.
    const early = (
      await post(cast.coach, `/api/games/${cast.team.id}`, {
        opponent: 'Early Birds',
        date: '2026-11-01',
        time: '01:00',
        location: 'Lit Field',
      })
    ).id;
    const text = (await fetchFeed(await feedPathOf(cast.coach))).body;
    expectStrictlyValid(text);
    const { events } = parse(text);
    const nightEvent = events.get(`game-${night}@club.test`);
    const earlyEvent = events.get(`game-${early}@club.test`);
    if (!nightEvent || !earlyEvent) throw new Error('events missing');
    // 01:30 CDT (UTC-5) for 90 minutes, read by ical.js (which takes the second occurrence of a local
    // time) exactly as an RFC-faithful parser reads it: the times are written in UTC.
    expect(utc(nightEvent, 'dtstart')).toBe('2026-11-01T06:30:00.000Z');
    expect(utc(nightEvent, 'dtend')).toBe('2026-11-01T08:00:00.000Z');
    expect(utc(earlyEvent, 'dtstart')).toBe('2026-11-01T06:00:00.000Z');
    expect(utc(earlyEvent, 'dtend')).toBe('2026-11-01T07:30:00.000Z');
    expect(new ICAL.Event(nightEvent).duration.toSeconds()).toBe(90 * 60);
    expect(new ICAL.Event(earlyEvent).duration.toSeconds()).toBe(90 * 60);
    const raw = rawEvents(text).get(`game-${night}@club.test`) ?? '';
    expect(raw).toContain('DTSTART:20261101T063000Z\r\n');
    expect(raw).toContain('DTEND:20261101T080000Z\r\n');
    // The day's other times stay in the team's zone.
    expect(rawEvents(text).get(`game-${ids['dstEnd']}@club.test`)).toContain(
      `DTSTART;TZID=${ZONE}:20261101T100000\r\n`,
    );
  });

  it('refuses a time in the spring-forward gap on every write, naming the gap', async () => {
    const gap =
      '2:30 AM does not exist on 03/08/2026 in America/Chicago: clocks go from 2:00 AM to 3:00 AM. Please choose another time.';
    const team = cast.team.id;
    const game = { opponent: 'Gap Town', location: 'Nowhere', date: '2026-03-08', time: '02:30' };
    expectDetail(await call(t, 'POST', `/api/games/${team}`, cast.coach.token, game), 400, gap);
    // An edit that leaves the time in the gap: a new time, or a new date under the stored time.
    const kept = await post(cast.coach, `/api/games/${team}`, { ...game, time: '03:30' });
    expectDetail(
      await call(t, 'PUT', `/api/games/${team}/${kept.id}`, cast.coach.token, { time: '02:30' }),
      400,
      gap,
    );
    const halfPast = await post(cast.coach, `/api/games/${team}`, { ...game, date: '2026-03-07' });
    expectDetail(
      await call(t, 'PUT', `/api/games/${team}/${halfPast.id}`, cast.coach.token, { date: '2026-03-08' }),
      400,
      gap,
    );
    // Every week of a practice series: the third of four falls on that night; none is stored.
    const series = await call(t, 'POST', '/api/practices', cast.coach.token, {
      team_id: team,
      title: 'Night Drills',
      date: '2026-02-22',
      time: '02:30',
      location: 'Nowhere',
      repeat_weeks: 4,
    });
    expectDetail(series, 400, gap);
    const stored = await t.db.execute(sql`select 1 from practices where title = 'Night Drills'`);
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([]);
    // Tournament games, added and edited.
    const cup = await post(cast.coach, `/api/tournaments/team/${team}`, {
      name: 'Gap Cup',
      location: 'Nowhere',
      start_date: '2026-03-07',
      end_date: '2026-03-08',
    });
    expectDetail(
      await call(t, 'POST', `/api/tournaments/${cup.id}/games`, cast.coach.token, {
        opponent: 'Gap United',
        date: '2026-03-08',
        time: '02:30',
      }),
      400,
      gap,
    );
    const tbd = await post(cast.coach, `/api/tournaments/${cup.id}/games`, {
      opponent: 'Gap United',
      date: '2026-03-08',
      time: 'TBD',
    });
    expectDetail(
      await call(t, 'PUT', `/api/tournaments/${cup.id}/games/${tbd.id}`, cast.coach.token, { time: '02:30' }),
      400,
      gap,
    );
    // The times around the gap are fine.
    for (const time of ['01:59', '03:00']) {
      okJson(await call(t, 'POST', `/api/games/${team}`, cast.coach.token, { ...game, time }), 201);
    }
  });

  it('answers 404 {detail} to a wrong secret, another user’s id, and any malformed address; never a 500', async () => {
    const path = await feedPathOf(cast.coach);
    const token = /\/([^/]+)\.ics$/.exec(path)?.[1] ?? '';
    const wrong = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    const notFound = [
      `/api/calendar/feed/${cast.coach.id}/${wrong}.ics`,
      `/api/calendar/feed/${cast.parent.id}/${token}.ics`,
      `/api/calendar/feed/${cast.coach.id}/${token}`,
      `/api/calendar/feed/${cast.coach.id}/${token}.ical`,
      `/api/calendar/feed/${cast.coach.id}/${token}x.ics`,
      '/api/calendar/feed/abc/x.ics',
      `/api/calendar/feed/0/${token}.ics`,
      `/api/calendar/feed/-1/${token}.ics`,
      `/api/calendar/feed/99999999999/${token}.ics`,
      `/api/calendar/feed/2147483647/${token}.ics`,
      `/api/calendar/feed/${cast.coach.id}/.ics`,
      `/api/calendar/feed/${cast.coach.id}/${'%00'.repeat(20)}.ics`,
      `/api/calendar/feed/${cast.coach.id}/${'a'.repeat(90)}.ics`,
    ];
    for (const url of notFound) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: CALENDAR_MESSAGES.feedNotFound });
      expect(response.headers['etag'], url).toBeUndefined();
    }
    // A user who never asked for a secret has no feed.
    const fresh = await signUp(t, 'parent', 'Nora Never');
    expectDetail(
      await fetchFeed(`/api/calendar/feed/${fresh.id}/${token}.ics`),
      404,
      CALENDAR_MESSAGES.feedNotFound,
    );
    // A huge secret: refused with a JSON detail, never a 500.
    for (const url of [
      `/api/calendar/feed/${cast.coach.id}/${'a'.repeat(5000)}.ics`,
      `/api/calendar/feed/${'9'.repeat(500)}/${token}.ics`,
      `/api/calendar/feed/${cast.coach.id}/${token}.ics?player_id=${'9'.repeat(400)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json(), url).toHaveProperty('detail');
    }
    // A bearer token does not stand in for the secret.
    const withBearer = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/feed/${cast.coach.id}/${wrong}.ics`,
      headers: { authorization: `Bearer ${cast.coach.token}` },
    });
    expect(withBearer.statusCode).toBe(404);
  });
});

describe('the feed writer', () => {
  it('joins events written in slices into one valid calendar, the same bytes each time', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 8, 1 + n)).toISOString().slice(0, 10);
    const rows: FeedRows = {
      teams: [{ id: 1, name: 'Slice; Team', version: 1 }],
      tournaments: [],
      tournamentGames: [],
      games: Array.from({ length: 60 }, (_, i) => ({
        id: i + 1,
        team_id: 1,
        opponent: `Rival ${i + 1}, with a name long enough to be folded over more than one line`,
        date: day(i),
        time: i % 10 === 0 ? 'TBD' : '10:00',
        location: 'Bench Park',
        address: null,
        kit: null,
        notes: 'Line one\r\nLine two\u0007 with a bell',
        type: 'friendly' as const,
        status: 'scheduled' as const,
        is_home: true,
        updated: 1_764_000_000 + i,
        revision: i,
      })),
      practices: [],
    };
    const options = { zone: ZONE, host: 'club.test', clubName: 'Club' };
    const text = await renderFeed(rows, options, '2026-11-24');
    expectStrictlyValid(text);
    const { events } = parse(text);
    expect(events.size).toBe(60);
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(events.get('game-2@club.test')?.getFirstPropertyValue('description')).toBe(
      'Kit: Not specified\nNotes: Line one\nLine two  with a bell',
    );
    expect(await renderFeed(rows, options, '2026-11-25')).toBe(text);
  });
});

describe.each(BACKENDS)('the calendar feed window on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('holds events from the first of the month 12 months back, and every one after', async () => {
    const cast = await castOfTeam(t, 'U8 Window');
    const game = async (opponent: string, days: number) =>
      okJson<{ id: number }>(
        await call(t, 'POST', `/api/games/${cast.team.id}`, cast.coach.token, {
          opponent,
          date: fromToday(days),
          time: '10:00',
          location: 'Park',
        }),
        201,
      ).id;
    const old = await game('Long Ago', -400);
    const recent = await game('Last Spring', -300);
    const next = await game('Next Week', 7);
    const { feed_path: path } = okJson<{ feed_path: string }>(
      await call(t, 'GET', '/api/calendar/token', cast.coach.token),
    );
    const { events } = parse((await t.app.inject({ method: 'GET', url: path })).body);
    expect(events.has(`game-${old}@club.test`)).toBe(false);
    expect(events.has(`game-${recent}@club.test`)).toBe(true);
    expect(events.has(`game-${next}@club.test`)).toBe(true);
  });
});
