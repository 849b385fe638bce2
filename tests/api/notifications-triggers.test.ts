import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TeamDocument } from '../../src/shared/api/documents.ts';
import type { Game, Practice, Tournament, TournamentGame } from '../../src/shared/api/events.ts';
import type { NotificationList } from '../../src/shared/api/notifications.ts';
import type { Poll } from '../../src/shared/api/polls.ts';
import { zonedStart } from '../../src/shared/event-dates.ts';
import { formatDate } from '../../src/shared/events.ts';
import { fromToday, okJson, ZONE } from '../support/events.ts';
import { BACKENDS, queryRows, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  addPlayer,
  call,
  type Cast,
  setModeratorFlags,
  signUp,
  startWithCast,
} from '../support/teams.ts';

// Every trigger of the bell but games' and practices' create and edit (notifications.test.ts):
// tournaments and their games, deletions of any event, announcements, polls, join requests and
// documents (docs/product/notifications.md 'Who is told'). Each tells its audience, never its author,
// nobody of another team, and coach-only ones no parent or player.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n', 'latin1');

function form(fields: Record<string, string>) {
  const boundary = `----club${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const file = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="form.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: Buffer.concat([...parts, file]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(BACKENDS)('notification triggers on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  /** Everyone of the cast who is not in the team (the other team's coach, a stranger, a club admin). */
  let outsiders: Account[] = [];
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    outsiders = [cast.otherCoach, cast.stranger, cast.admin];
  });
  afterAll(() => close());
  beforeEach(async () => {
    await t.db.execute(sql`delete from notifications`);
    await setModeratorFlags(t, cast, ['can_view_finances']);
  });

  const bell = async (account: Account) =>
    okJson<NotificationList>(await call(t, 'GET', '/api/notifications', account.token));
  const seen = async (account: Account) => (await bell(account)).items.map((n) => [n.kind, n.title]);
  const titles = async (account: Account) => (await bell(account)).items.map((n) => n.title);
  const day = (offset: number) => formatDate(fromToday(offset));
  /** The audience got exactly these notices (newest first); everyone else in `others` got none. */
  const expectTold = async (audience: Account[], others: Account[], expected: [string, string][]) => {
    for (const member of audience) expect(await seen(member), member.name).toEqual(expected);
    for (const other of others) expect(await seen(other), other.name).toEqual([]);
  };
  /** What notifyTeam was given of the event: its type, id and start. */
  const eventsOf = (account: Account) =>
    queryRows<{ event_type: string | null; event_id: number | null; event_starts_at: string | null }>(
      t.db,
      sql`select event_type, event_id, event_starts_at::text as event_starts_at
            from notifications where user_id = ${account.id} order by id`,
    );
  const startOf = (date: string, time: string) => zonedStart(date, time, ZONE).toJSDate().getTime();

  let cups = 0;
  const newTournament = async (overrides: Record<string, unknown> = {}) =>
    okJson<Tournament>(
      await call(t, 'POST', `/api/tournaments/team/${cast.team.id}`, cast.coach.token, {
        name: `Spring Cup ${(cups += 1)}`,
        location: 'Riverside Park',
        start_date: fromToday(10),
        end_date: fromToday(11),
        ...overrides,
      }),
      201,
    );

  describe('tournaments and their games', () => {
    it('tells the members of a new, moved, re-placed and deleted tournament; not of its other edits', async () => {
      const cup = await newTournament({ name: 'Lakeside Cup' });
      const url = `/api/tournaments/${cup.id}`;
      const edit = async (body: Record<string, unknown>) =>
        expect((await call(t, 'PUT', url, cast.coach.token, body)).statusCode).toBe(200);
      await edit({ notes: 'Bring tents', url: 'https://example.org/cup', name: 'Lakeside Cup' });
      await edit({ start_date: fromToday(12), end_date: fromToday(13) });
      await edit({ location: 'Hill Fields' });
      expect((await call(t, 'DELETE', url, cast.coach.token)).statusCode).toBe(200);
      const subject = `U10 Hawks: Tournament "Lakeside Cup"`;
      await expectTold(
        [cast.parent, cast.player, cast.moderator],
        [cast.coach, ...outsiders],
        [
          ['event_cancelled', `${subject} on ${day(12)} was removed from the schedule`],
          ['event_changed', `${subject} on ${day(12)} now at Hill Fields`],
          ['event_changed', `${subject} on ${day(10)} moved to ${day(12)} - ${day(13)}`],
          ['event_new', `U10 Hawks: New tournament "Lakeside Cup" on ${day(10)} - ${day(11)}`],
        ],
      );
      const [removed, , , created] = (await bell(cast.parent)).items;
      expect(created?.link).toBe(`/#tournaments?tournamentId=${cup.id}`);
      expect(created?.body).toBe(`${day(10)} - ${day(11)}, Riverside Park`);
      expect(removed?.link).toBe('/#tournaments');
      // A tournament is not an event one answers: no event on its notices.
      expect((await eventsOf(cast.parent)).every((row) => row.event_type === null)).toBe(true);
    });

    it('tells nothing of a tournament entered after it was played, nor of its deletion', async () => {
      const past = await newTournament({ start_date: fromToday(-9), end_date: fromToday(-8) });
      await call(t, 'PUT', `/api/tournaments/${past.id}`, cast.coach.token, { location: 'Elsewhere' });
      expect((await call(t, 'DELETE', `/api/tournaments/${past.id}`, cast.coach.token)).statusCode).toBe(200);
      expect(await titles(cast.parent)).toEqual([]);
    });

    it("tells of a tournament game's arrival, move, field, cancellation and removal, with the event", async () => {
      const cup = await newTournament({ name: 'Harbor Cup' });
      await t.db.execute(sql`delete from notifications`);
      const add = async (body: Record<string, unknown>) =>
        okJson<TournamentGame>(
          await call(t, 'POST', `/api/tournaments/${cup.id}/games`, cast.coach.token, body),
          201,
        );
      const game = await add({ opponent: 'Eagles', date: fromToday(10), time: '09:00', field: 'Field 3' });
      const url = `/api/tournaments/${cup.id}/games/${game.id}`;
      const edit = async (body: Record<string, unknown>) =>
        expect((await call(t, 'PUT', url, cast.coach.token, body)).statusCode).toBe(200);
      await edit({ kit: 'Away', notes: 'Warm up early', round_name: 'Group A' });
      await edit({ our_score: 1, opponent_score: 0 });
      await edit({ arrival_time: '08:30' });
      await edit({ arrival_time: '08:30', notes: 'Same arrival' });
      await edit({ arrival_time: null });
      await edit({ time: '10:30' });
      await edit({ field: 'Field 1' });
      await edit({ status: 'cancelled' });
      expect((await call(t, 'DELETE', url, cast.coach.token)).statusCode).toBe(200); // already cancelled
      const other = await add({ opponent: 'Owls', round_name: 'Semi-final', status: 'conditional' });
      expect(
        (await call(t, 'DELETE', `/api/tournaments/${cup.id}/games/${other.id}`, cast.coach.token))
          .statusCode,
      ).toBe(200);

      const subject = `U10 Hawks: Game vs Eagles (Harbor Cup) on ${day(10)}`;
      await expectTold(
        [cast.parent, cast.player, cast.moderator],
        [cast.coach, ...outsiders],
        [
          ['event_cancelled', 'U10 Hawks: Game vs Owls (Harbor Cup) was removed from the schedule'],
          ['event_new', 'U10 Hawks: New game vs Owls (Harbor Cup)'],
          ['event_cancelled', `${subject} is cancelled`],
          ['event_changed', `${subject} now at Field 1`],
          ['event_changed', `${subject} moved to ${day(10)} at 10:30 AM`],
          ['event_changed', `${subject}: arrive by 8:30 AM`],
          ['event_new', `U10 Hawks: New game vs Eagles (Harbor Cup) on ${day(10)} at 9:00 AM`],
        ],
      );
      const items = (await bell(cast.player)).items;
      expect(items.at(-1)).toMatchObject({
        body: `${day(10)} at 9:00 AM, Field 3`,
        link: `/#tournaments?tournamentId=${cup.id}&gameId=${game.id}`,
      });
      expect(items[1]?.body).toBe('date TBD');
      expect(items.at(-2)?.body).toBe(`${day(10)} at 9:00 AM, Field 3`);
      expect(items[0]?.link).toBe(`/#tournaments?tournamentId=${cup.id}`);
      const events = await eventsOf(cast.player);
      expect(events.map((e) => [e.event_type, e.event_id])).toEqual([
        ['tournament', game.id],
        ['tournament', game.id],
        ['tournament', game.id],
        ['tournament', game.id],
        ['tournament', game.id],
        ['tournament', other.id],
        ['tournament', other.id],
      ]);
      expect(Date.parse(events[0]?.event_starts_at ?? '')).toBe(startOf(fromToday(10), '09:00'));
      expect(Date.parse(events[1]?.event_starts_at ?? '')).toBe(startOf(fromToday(10), '09:00'));
      expect(Date.parse(events[2]?.event_starts_at ?? '')).toBe(startOf(fromToday(10), '10:30'));
      expect(events[5]?.event_starts_at).toBeNull();
    });

    it('tells one notice of a deleted tournament, none for each of its games', async () => {
      const cup = await newTournament({ name: 'Valley Cup' });
      for (const opponent of ['Eagles', 'Owls']) {
        await call(t, 'POST', `/api/tournaments/${cup.id}/games`, cast.coach.token, {
          opponent,
          date: fromToday(10),
          time: '09:00',
        });
      }
      await t.db.execute(sql`delete from notifications`);
      expect((await call(t, 'DELETE', `/api/tournaments/${cup.id}`, cast.coach.token)).statusCode).toBe(200);
      expect(await titles(cast.parent)).toEqual([
        `U10 Hawks: Tournament "Valley Cup" on ${day(10)} was removed from the schedule`,
      ]);
    });
  });

  describe('games and practices', () => {
    it('tells of a deleted game and practice, with the event; not of a past or cancelled one', async () => {
      const game = okJson<Game>(
        await call(t, 'POST', `/api/games/${cast.team.id}`, cast.coach.token, {
          opponent: 'Eagles',
          date: fromToday(2),
          time: '10:00',
          location: 'North Field',
        }),
        201,
      );
      const [practice, cancelled] = await Promise.all(
        ['Passing drills', 'Shooting'].map(
          async (title) =>
            okJson<{ practices: Practice[] }>(
              await call(t, 'POST', '/api/practices', cast.coach.token, {
                team_id: cast.team.id,
                title,
                date: fromToday(3),
                time: '17:30',
                location: 'Training ground',
              }),
              201,
            ).practices[0]!,
        ),
      );
      const past = okJson<Game>(
        await call(t, 'POST', `/api/games/${cast.team.id}`, cast.coach.token, {
          opponent: 'Owls',
          date: fromToday(-3),
          time: '10:00',
          location: 'North Field',
        }),
        201,
      );
      const put = await call(t, 'PUT', `/api/practices/${cancelled?.id}`, cast.coach.token, {
        status: 'cancelled',
      });
      expect(put.statusCode).toBe(200);
      const events = (await eventsOf(cast.parent)).map((e) => [e.event_type, e.event_id]);
      expect(events).toEqual(
        expect.arrayContaining([
          ['game', game.id],
          ['practice', practice?.id],
        ]),
      );
      const firstGame = (await eventsOf(cast.parent)).find((e) => e.event_type === 'game');
      expect(Date.parse(firstGame?.event_starts_at ?? '')).toBe(startOf(fromToday(2), '10:00'));
      await t.db.execute(sql`delete from notifications`);

      for (const url of [
        `/api/games/${cast.team.id}/${game.id}`,
        `/api/practices/${practice?.id}`,
        `/api/practices/${cancelled?.id}`,
        `/api/games/${cast.team.id}/${past.id}`,
      ]) {
        expect((await call(t, 'DELETE', url, cast.coach.token)).statusCode).toBe(200);
      }
      await expectTold(
        [cast.parent, cast.player, cast.moderator],
        [cast.coach, ...outsiders],
        [
          [
            'event_cancelled',
            `U10 Hawks: Practice "Passing drills" on ${day(3)} was removed from the schedule`,
          ],
          ['event_cancelled', `U10 Hawks: Game vs Eagles on ${day(2)} was removed from the schedule`],
        ],
      );
      const [ofPractice, ofGame] = (await bell(cast.parent)).items;
      expect(ofPractice).toMatchObject({
        body: `${day(3)} at 5:30 PM, Training ground`,
        link: '/#tournaments?section=practices',
      });
      expect(ofGame?.link).toBe('/#tournaments?section=games');
      expect((await eventsOf(cast.parent)).map((e) => [e.event_type, e.event_id])).toEqual([
        ['game', game.id],
        ['practice', practice?.id],
      ]);
    });
  });

  describe('announcements', () => {
    const announce = (account: Account, body: Record<string, unknown>) =>
      call(t, 'POST', `/api/messaging/announcements?team_id=${cast.team.id}`, account.token, {
        title: 'Field change tonight',
        content: 'Practice moves to the south field.',
        ...body,
      });

    it('tells every other member; a high-priority one is urgent; edits tell nobody', async () => {
      const made = okJson<{ id: number }>(await announce(cast.coach, { priority: 'high' }), 201);
      const long = 'Bring water, shin guards and a ball. '.repeat(10);
      okJson(await announce(cast.coach, { title: 'Photos', content: long, priority: 'low' }), 201);
      expect(
        (
          await call(t, 'PUT', `/api/messaging/announcements/${made.id}`, cast.coach.token, {
            title: 'Field change tonight!',
            content: 'Edited',
          })
        ).statusCode,
      ).toBe(200);
      await expectTold(
        [cast.parent, cast.player, cast.moderator],
        [cast.coach, ...outsiders],
        [
          ['announcement', 'U10 Hawks: Photos'],
          ['announcement_urgent', 'U10 Hawks: Field change tonight'],
        ],
      );
      const [photos, urgent] = (await bell(cast.player)).items;
      expect(urgent).toMatchObject({
        body: 'Practice moves to the south field.',
        link: `/#messages?subtab=announcements&announcementId=${made.id}`,
      });
      expect(Array.from(photos?.body ?? '').length).toBeLessThanOrEqual(140);
      expect(photos?.body).toMatch(/^Bring water, shin guards and a ball\. Bring .*…$/);
    });

    it('tells the coach of a moderator’s announcement, and not the moderator', async () => {
      await setModeratorFlags(t, cast, ['can_make_announcements']);
      okJson(await announce(cast.moderator, { title: 'Snacks' }), 201);
      await expectTold(
        [cast.coach, cast.parent, cast.player],
        [cast.moderator, ...outsiders],
        [['announcement', 'U10 Hawks: Snacks']],
      );
    });
  });

  describe('polls', () => {
    it('tells every other member of a new poll, and only of a new one', async () => {
      const poll = okJson<Poll>(
        await call(t, 'POST', `/api/messaging/polls?team_id=${cast.team.id}`, cast.coach.token, {
          question: 'Pizza after the game?',
          options: ['Yes', 'No', 'Maybe'],
        }),
        201,
      );
      expect(
        (
          await call(t, 'PUT', `/api/messaging/polls/${poll.id}`, cast.coach.token, {
            question: 'Pizza after the final?',
            options: ['Yes', 'No'],
          })
        ).statusCode,
      ).toBe(200);
      await expectTold(
        [cast.parent, cast.player, cast.moderator],
        [cast.coach, ...outsiders],
        [['poll_new', 'U10 Hawks: New poll "Pizza after the game?"']],
      );
      expect((await bell(cast.parent)).items[0]).toMatchObject({
        body: 'Yes / No / Maybe',
        link: `/#messages?subtab=polls&pollId=${poll.id}`,
      });
    });
  });

  describe('join requests', () => {
    it("tells the team's coaches of a request waiting for them, and nobody else", async () => {
      const newcomer = await signUp(t, 'parent', 'Nia Newcomer');
      const ask = () =>
        call(t, 'POST', '/api/teams/join', newcomer.token, {
          invite_code: cast.team.invite_code,
          message: 'I am the mother of Ava, call me on 555-0199',
        });
      expect(okJson<{ status: string }>(await ask()).status).toBe('pending_approval');
      // Asking again while it waits is the same request: nothing new to tell.
      expect(okJson<{ status: string }>(await ask()).status).toBe('pending_approval');
      await expectTold(
        [cast.coach],
        [cast.parent, cast.player, cast.moderator, newcomer, ...outsiders],
        [['join_request', 'U10 Hawks: Nia Newcomer asks to join as a parent']],
      );
      const [told] = (await bell(cast.coach)).items;
      expect(told).toMatchObject({
        body: 'Approve or decline the request in Admin, Join Requests.',
        link: '/#admin?tab=join-requests',
      });
      // The requester's address and message stay on the coaches' screen.
      const stored = await queryRows<{ text: string }>(
        t.db,
        sql`select title || ' ' || body || ' ' || link as text from notifications`,
      );
      for (const { text } of stored) {
        expect(text).not.toContain(newcomer.email);
        expect(text).not.toContain('555-0199');
      }
    });

    it("tells only that team's coaches, and nobody of a join approved at once", async () => {
      const player = await signUp(t, 'player', 'Pia Two');
      const asked = await call(t, 'POST', '/api/teams/join', player.token, {
        invite_code: cast.otherTeam.invite_code,
      });
      expect(okJson<{ status: string }>(asked).status).toBe('pending_approval');
      expect(await titles(cast.otherCoach)).toEqual(['U12 Falcons: Pia Two asks to join as a player']);
      expect(await titles(cast.coach)).toEqual([]);

      // A parent the coach entered as a player's contact joins at once: no request waits, none is told.
      const known = await signUp(t, 'parent', 'Kim Known', undefined, { confirmed: true });
      const kid = await addPlayer(t, cast.coach, cast.team.id, { name: 'Kai Known' });
      const contact = await call(
        t,
        'POST',
        `/api/teams/${cast.team.id}/players/${kid.id}/parents`,
        cast.coach.token,
        {
          parent_name: 'Kim Known',
          parent_email: known.email,
          send_invite: false,
        },
      );
      expect(contact.statusCode, contact.body).toBe(201);
      const joined = await call(t, 'POST', '/api/teams/join', known.token, {
        invite_code: cast.team.invite_code,
      });
      expect(okJson<{ status: string }>(joined).status).toBe('approved');
      expect(await titles(cast.coach)).toEqual([]);
    });
  });

  describe('documents', () => {
    const upload = async (account: Account, fields: Record<string, string>) => {
      const body = form(fields);
      return okJson<TeamDocument>(
        await t.app.inject({
          method: 'POST',
          url: `/api/documents/upload/${cast.team.id}`,
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${account.token}` },
        }),
        201,
      );
    };

    it('tells every other member of a public document', async () => {
      await upload(cast.coach, {
        title: 'Season schedule',
        description: 'All games of the spring',
        category: 'schedule',
        is_public: 'true',
      });
      await expectTold(
        [cast.parent, cast.player, cast.moderator],
        [cast.coach, ...outsiders],
        [['document_new', 'U10 Hawks: New document "Season schedule"']],
      );
      expect((await bell(cast.parent)).items[0]).toMatchObject({
        body: 'All games of the spring',
        link: '/#documents',
      });
    });

    it('tells only those who may see a not-public document: coaches and moderators who upload', async () => {
      await upload(cast.coach, { title: 'Medical forms', category: 'medical', is_public: 'false' });
      // The moderator without can_upload_files does not see it, and is not told.
      await expectTold([], [cast.parent, cast.player, cast.moderator, cast.coach, ...outsiders], []);

      await setModeratorFlags(t, cast, ['can_upload_files']);
      await upload(cast.coach, { title: 'Allergies', category: 'medical', is_public: 'false' });
      await expectTold(
        [cast.moderator],
        [cast.parent, cast.player, cast.coach, ...outsiders],
        [['document_new', 'U10 Hawks: New document "Allergies"']],
      );
      expect((await bell(cast.moderator)).items[0]?.body).toBe('Medical Forms');

      await t.db.execute(sql`delete from notifications`);
      await upload(cast.moderator, { title: 'Waivers', category: 'waiver', is_public: 'false' });
      await expectTold(
        [cast.coach],
        [cast.parent, cast.player, cast.moderator, ...outsiders],
        [['document_new', 'U10 Hawks: New document "Waivers"']],
      );

      // A club admin sees every not-public document (holderOnTeam): one who is a member of the team,
      // even as a parent, is told like its coach.
      await t.db.execute(sql`delete from notifications`);
      await t.db.execute(
        sql`insert into team_members (team_id, user_id, role) values (${cast.team.id}, ${cast.admin.id}, 'parent')`,
      );
      try {
        await upload(cast.coach, { title: 'Incident report', category: 'medical', is_public: 'false' });
        await expectTold(
          [cast.admin, cast.moderator],
          [cast.parent, cast.player, cast.coach, cast.otherCoach, cast.stranger],
          [['document_new', 'U10 Hawks: New document "Incident report"']],
        );
      } finally {
        await t.db.execute(
          sql`delete from team_members where team_id = ${cast.team.id} and user_id = ${cast.admin.id}`,
        );
      }
    });
  });
});
