import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerLink, OverviewEvent } from '../../src/shared/api/calendar.ts';
import type { Team } from '../../src/shared/api/teams.ts';
import { formatDate } from '../../src/shared/events.ts';
import { RSVP_MESSAGES } from '../../src/shared/rsvp.ts';
import { tooSoonMessage } from '../../src/shared/rsvp-reminder-times.ts';
import { ANSWER_LINK_MESSAGES, REMINDER_MESSAGES } from '../../src/shared/rsvp-reminders.ts';
import {
  createLinkSigner,
  type LinkSigner,
  signRsvpAnswer,
} from '../../src/server/features/auth/signed-links.ts';
import { loadSigningSecret } from '../../src/server/features/auth/signing-secret.ts';
import { unansweredPlayersOf } from '../../src/server/features/rsvp/reminding.ts';
import { expectDetail, fromToday, okJson, ZONE } from '../support/events.ts';
import { BACKENDS, emailedLinkToken, queryRows, TEST_JWT_SECRET, type TestApp } from '../support/test-app.ts';
import {
  type Account,
  addPlayer,
  call,
  type Cast,
  createTeam,
  joinApproved,
  setModeratorFlags,
  signUp,
  startWithCast,
} from '../support/teams.ts';

// RSVP reminders and answers from an email (docs/product/notifications.md 'RSVP reminders', 'Answer from
// the email'): the automatic reminder reaches exactly the families with a player not answered for, once
// per event whatever restarts; a coach's 'Remind' at most every six hours; an answer link's GET only
// describes, its POST records, and a link tampered with, expired or no longer the person's records nothing.

/** A team of its own per test: its coach, two families, a player who answers for themselves, a player nobody answers for. */
interface Club {
  team: Team;
  coach: Account;
  /** Parent of Ava. */
  parent: Account;
  /** Parent of Kai. */
  parent2: Account;
  /** Sol Self, the player account linked to the player Sol. */
  self: Account;
  ava: number;
  kai: number;
  sol: number;
  /** No family: nobody is reminded for him. */
  ben: number;
}

interface ReminderRow {
  event_type: string;
  event_id: number;
  automatic: boolean;
  sent_by: number | null;
  recipients: number;
}

describe.each(BACKENDS)('RSVP reminders on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  let links: LinkSigner;
  let clubs = 0;

  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
    const secret = await loadSigningSecret(t.db, {
      configured: backend.name === 'postgres' ? TEST_JWT_SECRET : undefined,
      database: backend.name,
      dataDir: t.dataDir,
    });
    links = createLinkSigner(secret);
  });
  afterAll(() => close());

  const verify = async (account: Account) => {
    const token = await emailedLinkToken(t.db, account.email, '/verify-email');
    const verified = await call(t, 'POST', '/api/auth/verify-email', account.token, { token });
    expect(verified.statusCode, verified.body).toBe(200);
  };
  const addContact = async (club: Pick<Club, 'team' | 'coach'>, playerId: number, email: string) => {
    const response = await call(
      t,
      'POST',
      `/api/teams/${club.team.id}/players/${playerId}/parents`,
      club.coach.token,
      { parent_name: 'Family Contact', parent_email: email, send_invite: false },
    );
    expect(response.statusCode, response.body).toBe(201);
  };

  async function newClub(): Promise<Club> {
    clubs += 1;
    const coach = await signUp(t, 'coach', 'Cora Coach');
    const team = await createTeam(t, coach, { name: `U12 Lions ${clubs}` });
    const parent = await signUp(t, 'parent', 'Pam Parent');
    const parent2 = await signUp(t, 'parent', 'Quinn Parent');
    const ava = (await addPlayer(t, coach, team.id, { name: 'Ava Adams', jersey_number: 7 })).id;
    const kai = (await addPlayer(t, coach, team.id, { name: 'Kai Kent', jersey_number: 8 })).id;
    const ben = (await addPlayer(t, coach, team.id, { name: 'Ben Brown', jersey_number: 9 })).id;
    const sol = (await addPlayer(t, coach, team.id, { name: 'Sol Self', jersey_number: 5 })).id;
    for (const account of [parent, parent2]) {
      await joinApproved(t, coach, account, team.invite_code ?? '');
      await verify(account);
    }
    await addContact({ team, coach }, ava, parent.email);
    await addContact({ team, coach }, kai, parent2.email);
    const self = await signUp(t, 'player', 'Sol Self');
    await joinApproved(t, coach, self, team.invite_code ?? '', sol);
    return { team, coach, parent, parent2, self, ava, kai, sol, ben };
  }

  const newGame = async (club: Pick<Club, 'team' | 'coach'>, overrides: Record<string, unknown> = {}) =>
    okJson<{ id: number }>(
      await call(t, 'POST', `/api/games/${club.team.id}`, club.coach.token, {
        opponent: 'Eagles',
        date: fromToday(1),
        time: '10:00',
        location: 'North Field',
        ...overrides,
      }),
      201,
    ).id;
  const newPractice = async (club: Pick<Club, 'team' | 'coach'>, overrides: Record<string, unknown> = {}) =>
    okJson<{ practices: { id: number }[] }>(
      await call(t, 'POST', '/api/practices', club.coach.token, {
        team_id: club.team.id,
        title: 'Passing',
        date: fromToday(1),
        time: '17:30',
        location: 'Training Ground',
        ...overrides,
      }),
      201,
    ).practices[0]?.id ?? 0;
  const answer = async (
    account: Account,
    body: { event_type?: string; event_id: number; player_id: number; response?: string; notes?: string },
  ) =>
    okJson(
      await call(t, 'POST', '/api/team-rsvp/submit', account.token, {
        event_type: 'game',
        response: 'yes',
        ...body,
      }),
    );
  const sweep = async () => {
    await t.app.scheduler.ensureRecurring();
    // Due now, whenever it last ran: each sweep below really runs.
    await t.db.execute(sql`update scheduled_jobs set due_at = now() where job = 'rsvp-reminders'`);
    await t.app.scheduler.drain();
  };
  /** Who was told of the event, by user id, with what. */
  const toldOf = (type: string, id: number) =>
    queryRows<{ user_id: number; title: string; body: string; link: string; actor_id: number | null }>(
      t.db,
      sql`select user_id, title, body, link, actor_id from notifications
           where kind = 'rsvp_reminder' and event_type = ${type} and event_id = ${id} order by user_id, id`,
    );
  const remindersOf = (type: string, id: number) =>
    queryRows<ReminderRow>(
      t.db,
      sql`select event_type, event_id, automatic, sent_by, recipients from rsvp_reminders
           where event_type = ${type} and event_id = ${id} order by id`,
    );
  const remind = (account: Account | undefined, eventId: number, type = 'game') =>
    call(t, 'POST', '/api/team-rsvp/remind', account?.token, { event_type: type, event_id: eventId });
  const overviewEvent = async (club: Club, eventId: number) =>
    okJson<{ upcoming_events: OverviewEvent[] }>(
      await call(t, 'GET', `/api/team-rsvp/team/${club.team.id}/overview`, club.coach.token),
    ).upcoming_events.find((event) => event.event_type === 'game' && event.event_id === eventId);

  describe('the automatic reminder', () => {
    it('reaches exactly the families without an answer, once, across sweeps and a restart', async () => {
      const club = await newClub();
      const other = await newClub();
      const game = await newGame(club);
      const practice = await newPractice(club);
      const cancelled = await newPractice(club, { title: 'Rained off' });
      okJson(await call(t, 'PUT', `/api/practices/${cancelled}`, club.coach.token, { status: 'cancelled' }));
      const far = await newGame(club, { opponent: 'Far Away', date: fromToday(5) });
      const otherGame = await newGame(other);
      // Kai's family answered the game; Ava's did not; Sol answers for himself; nobody answers for Ben.
      await answer(club.parent2, { event_id: game, player_id: club.kai });
      // Everyone answered the practice but Ava.
      for (const [account, player] of [
        [club.parent2, club.kai],
        [club.self, club.sol],
      ] as const) {
        await answer(account, { event_type: 'practice', event_id: practice, player_id: player });
      }

      await sweep();
      const told = await toldOf('game', game);
      expect(told).toEqual(
        [club.parent, club.self]
          .sort((a, b) => a.id - b.id)
          .map((account) => ({
            user_id: account.id,
            title: `${club.team.name}: Please answer for the game vs Eagles on ${formatDate(fromToday(1))} at 10:00 AM`,
            body: `No answer yet for ${account === club.parent ? 'Ava' : 'Sol'}. ${formatDate(fromToday(1))} at 10:00 AM, North Field`,
            link: `/#tournaments?section=games&gameId=${game}`,
            actor_id: null,
          })),
      );
      expect(await remindersOf('game', game)).toEqual([
        { event_type: 'game', event_id: game, automatic: true, sent_by: null, recipients: 2 },
      ]);
      expect((await toldOf('practice', practice)).map((n) => n.user_id)).toEqual([club.parent.id]);
      expect((await toldOf('practice', practice))[0]?.title).toBe(
        `${club.team.name}: Please answer for practice "Passing" on ${formatDate(fromToday(1))} at 5:30 PM`,
      );
      // The other team's game reached its own families only.
      expect((await toldOf('game', otherGame)).map((n) => n.user_id).sort()).toEqual(
        [other.parent.id, other.parent2.id, other.self.id].sort(),
      );
      // Not a cancelled event, not one further off than the team's hours (48 by default).
      expect(await remindersOf('practice', cancelled)).toEqual([]);
      expect(await toldOf('practice', cancelled)).toEqual([]);
      expect(await remindersOf('game', far)).toEqual([]);

      // Once per event: again, after a restart, and with two sweeps at the same moment.
      await sweep();
      await t.restart();
      await sweep();
      await Promise.all([t.app.scheduler.drain(), sweep()]);
      expect(await toldOf('game', game)).toHaveLength(2);
      expect(await remindersOf('game', game)).toHaveLength(1);
      expect(await toldOf('practice', practice)).toHaveLength(1);
    });

    it('stores the reminder of an event with nobody to remind, so it is not looked at again', async () => {
      const club = await newClub();
      const game = await newGame(club);
      for (const [account, player] of [
        [club.parent, club.ava],
        [club.parent2, club.kai],
        [club.self, club.sol],
      ] as const) {
        await answer(account, { event_id: game, player_id: player });
      }
      await sweep();
      expect(await remindersOf('game', game)).toEqual([
        { event_type: 'game', event_id: game, automatic: true, sent_by: null, recipients: 0 },
      ]);
      expect(await toldOf('game', game)).toEqual([]);
    });

    it("follows the team's hours: none when off (0), a wider window when longer", async () => {
      const club = await newClub();
      const setHours = async (hours: number | null) =>
        okJson<Team>(
          await call(t, 'PUT', `/api/teams/${club.team.id}`, club.coach.token, {
            rsvp_reminder_hours: hours,
          }),
        );
      expect((await setHours(0)).rsvp_reminder_hours).toBe(0);
      const soon = await newGame(club);
      await sweep();
      expect(await remindersOf('game', soon)).toEqual([]);
      // Five days ahead is within 7 days (168 hours), not within the default 48.
      const later = await newGame(club, { date: fromToday(5) });
      await setHours(168);
      await sweep();
      expect((await remindersOf('game', later)).map((r) => r.automatic)).toEqual([true]);
      expect((await toldOf('game', later)).length).toBe(3);
    });

    it('does not remind of an event that has started', async () => {
      const club = await newClub();
      const started = await newGame(club, { date: fromToday(0), time: '00:00' });
      await sweep();
      expect(await remindersOf('game', started)).toEqual([]);
    });
  });

  describe("a coach's Remind", () => {
    it('tells those without an answer, then refuses for six hours with Retry-After', async () => {
      const club = await newClub();
      const game = await newGame(club, { date: fromToday(4) });
      expect(await overviewEvent(club, game)).toMatchObject({ to_remind: 3, last_reminder: null });
      expect(okJson(await remind(club.coach, game))).toEqual({ sent: 3 });
      const families = [club.parent.id, club.parent2.id, club.self.id].sort((a, b) => a - b);
      expect((await toldOf('game', game)).map((n) => [n.user_id, n.actor_id])).toEqual(
        families.map((id) => [id, club.coach.id]),
      );
      expect(await remindersOf('game', game)).toEqual([
        { event_type: 'game', event_id: game, automatic: false, sent_by: club.coach.id, recipients: 3 },
      ]);
      expect(await overviewEvent(club, game)).toMatchObject({
        to_remind: 3,
        last_reminder: { sent_at: expect.any(String), recipients: 3, automatic: false },
      });

      const again = await remind(club.coach, game);
      const [stored] = await queryRows<{ created_at: Date | string }>(
        t.db,
        sql`select created_at from rsvp_reminders where event_type = 'game' and event_id = ${game}`,
      );
      expectDetail(again, 429, tooSoonMessage(new Date(stored?.created_at ?? 0), ZONE, new Date()));
      expect(again.json().detail).toMatch(
        /^A reminder for this event was already sent (at|on \d\d\/\d\d\/\d{4} at) \d{1,2}:\d\d [AP]M\. You can remind again after \d{1,2}:\d\d [AP]M( on \d\d\/\d\d\/\d{4})?\.$/,
      );
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(6 * 3600 - 120);
      expect(retryAfter).toBeLessThanOrEqual(6 * 3600);
      expect(await toldOf('game', game)).toHaveLength(3);

      // Six hours on, and with one family having answered since: only the others.
      await t.db.execute(
        sql`update rsvp_reminders set created_at = created_at - interval '7 hours' where event_id = ${game}`,
      );
      await answer(club.parent, { event_id: game, player_id: club.ava });
      expect((await overviewEvent(club, game))?.to_remind).toBe(2);
      expect(okJson(await remind(club.coach, game))).toEqual({ sent: 2 });
      expect((await toldOf('game', game)).map((n) => n.user_id)).toEqual(
        [...families, club.parent2.id, club.self.id].sort((a, b) => a - b),
      );
    });

    it('is for coaches and admins: parents, players and moderators 403, other teams 404', async () => {
      const club = await newClub();
      const game = await newGame(club, { date: fromToday(3) });
      expectDetail(await remind(club.parent, game), 403, REMINDER_MESSAGES.coachesOnly);
      expectDetail(await remind(club.self, game), 403, REMINDER_MESSAGES.coachesOnly);
      expect((await remind(undefined, game)).statusCode).toBe(401);
      // Another team's coach, and a signed-in stranger: no such event.
      expectDetail(await remind(cast.coach, game), 404, RSVP_MESSAGES.eventNotFound);
      expectDetail(await remind(cast.stranger, game), 404, RSVP_MESSAGES.eventNotFound);
      expectDetail(await remind(club.coach, 2_000_000), 404, RSVP_MESSAGES.eventNotFound);
      // A moderator of the cast team, whatever the flags.
      await setModeratorFlags(t, cast, ['can_manage_events', 'can_edit_team_info']);
      const castGame = await newGame(cast, { date: fromToday(3) });
      expectDetail(await remind(cast.moderator, castGame), 403, REMINDER_MESSAGES.coachesOnly);
      await setModeratorFlags(t, cast, ['can_view_finances']);
      expect(await toldOf('game', game)).toEqual([]);
      // An admin runs every team (the cast team has nobody who answers for a player: nobody to remind).
      expect(okJson(await remind(cast.admin, castGame))).toEqual({ sent: 0 });
    });

    it('refuses a cancelled or started event (400), and validates the body', async () => {
      const club = await newClub();
      const cancelled = await newGame(club, { date: fromToday(3) });
      okJson(
        await call(t, 'PUT', `/api/games/${club.team.id}/${cancelled}`, club.coach.token, {
          status: 'cancelled',
        }),
      );
      expectDetail(await remind(club.coach, cancelled), 400, REMINDER_MESSAGES.cancelled);
      const started = await newGame(club, { date: fromToday(0), time: '00:00' });
      expectDetail(await remind(club.coach, started), 400, REMINDER_MESSAGES.started);
      expectDetail(
        await remind(club.coach, 1, 'party'),
        400,
        'event_type must be game, tournament or practice',
      );
      expect(await remindersOf('game', cancelled)).toEqual([]);
    });
  });

  describe('answer links', () => {
    const inADay = () => new Date(Date.now() + 86_400_000);
    const link = (token: string) =>
      call(t, 'GET', `/api/team-rsvp/answer-link?token=${encodeURIComponent(token)}`);
    const record = (token: string) => call(t, 'POST', '/api/team-rsvp/answer-link', undefined, { token });
    const stored = (gameId: number) =>
      queryRows<{ player_id: number; response: string; notes: string | null; responded_by: number }>(
        t.db,
        sql`select player_id, response, notes, responded_by from rsvps where game_id = ${gameId} order by player_id`,
      );

    it('describes without recording on GET, records as its person on POST, keeping a note', async () => {
      const club = await newClub();
      const game = await newGame(club, { date: fromToday(3) });
      const token = signRsvpAnswer(
        links,
        { userId: club.parent.id, playerId: club.ava, eventType: 'game', eventId: game, response: 'yes' },
        inADay(),
      );
      const described = await link(token);
      expect(described.headers['cache-control']).toBe('no-store');
      expect(okJson<AnswerLink>(described)).toEqual({
        player_name: 'Ava',
        team_name: club.team.name,
        event_type: 'game',
        event_id: game,
        event_name: 'Eagles',
        tournament_name: null,
        event_date: fromToday(3),
        event_time: '10:00',
        response: 'yes',
      });
      expect(await stored(game)).toEqual([]);
      expect(await unansweredPlayersOf(t.db, club.parent.id, { type: 'game', id: game })).toEqual([
        { id: club.ava, name: 'Ava Adams' },
      ]);

      await answer(club.parent, {
        event_id: game,
        player_id: club.ava,
        response: 'no',
        notes: 'Might be late',
      });
      expect(okJson(await record(token))).toEqual({ detail: ANSWER_LINK_MESSAGES.recorded('yes', 'Ava') });
      expect(await stored(game)).toEqual([
        { player_id: club.ava, response: 'yes', notes: 'Might be late', responded_by: club.parent.id },
      ]);
      expect(await unansweredPlayersOf(t.db, club.parent.id, { type: 'game', id: game })).toEqual([]);
      // Following it again records the same answer again.
      expect(okJson(await record(token))).toEqual({ detail: ANSWER_LINK_MESSAGES.recorded('yes', 'Ava') });
    });

    it('refuses a tampered, expired, foreign or no-longer-valid link and records nothing', async () => {
      const club = await newClub();
      const game = await newGame(club, { date: fromToday(3) });
      const claims = {
        userId: club.parent.id,
        playerId: club.ava,
        eventType: 'game' as const,
        eventId: game,
        response: 'maybe' as const,
      };
      const good = signRsvpAnswer(links, claims, inADay());
      const [body = '', signature = ''] = good.split('.');
      const tampered = `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      const otherSecret = signRsvpAnswer(
        createLinkSigner('another-secret-of-at-least-32-chars!!'),
        claims,
        inADay(),
      );
      const notTheirChild = signRsvpAnswer(links, { ...claims, playerId: club.kai }, inADay());
      const unknownEvent = signRsvpAnswer(links, { ...claims, eventId: 2_000_000 }, inADay());
      for (const token of [tampered, otherSecret, notTheirChild, unknownEvent, 'nonsense']) {
        expectDetail(await link(token), 400, ANSWER_LINK_MESSAGES.invalid);
        expectDetail(await record(token), 400, ANSWER_LINK_MESSAGES.invalid);
      }
      const expired = signRsvpAnswer(links, claims, new Date(Date.now() - 1000));
      expectDetail(await link(expired), 400, RSVP_MESSAGES.closed);
      expectDetail(await record(expired), 400, RSVP_MESSAGES.closed);
      // A link still in date for an event that has started (moved earlier since).
      const started = await newGame(club, { date: fromToday(0), time: '00:00' });
      const early = signRsvpAnswer(links, { ...claims, eventId: started }, inADay());
      expectDetail(await record(early), 400, RSVP_MESSAGES.closed);
      // Cancelled since.
      okJson(
        await call(t, 'PUT', `/api/games/${club.team.id}/${game}`, club.coach.token, { status: 'cancelled' }),
      );
      expectDetail(await record(good), 400, ANSWER_LINK_MESSAGES.cancelled);
      okJson(
        await call(t, 'PUT', `/api/games/${club.team.id}/${game}`, club.coach.token, { status: 'scheduled' }),
      );
      // The person left the team since the email: the link is theirs no longer.
      await t.db.execute(
        sql`delete from team_members where user_id = ${club.parent.id} and team_id = ${club.team.id}`,
      );
      expectDetail(await link(good), 400, ANSWER_LINK_MESSAGES.invalid);
      expectDetail(await record(good), 400, ANSWER_LINK_MESSAGES.invalid);
      expect(await stored(game)).toEqual([]);
      expect(await stored(started)).toEqual([]);
      expectDetail(await call(t, 'GET', '/api/team-rsvp/answer-link'), 400, 'token is required');
    });
  });

  describe('the team setting', () => {
    it('is read by every member, changed by coaches and admins only, 0 to 336 or null', async () => {
      const club = await newClub();
      const url = `/api/teams/${club.team.id}`;
      expect(okJson<Team>(await call(t, 'GET', url, club.parent.token)).rsvp_reminder_hours).toBeNull();
      expect(
        okJson<{ rsvp_reminder_hours_default: number }>(await call(t, 'GET', '/api/config')),
      ).toMatchObject({ rsvp_reminder_hours_default: 48 });
      expect(
        okJson<Team>(await call(t, 'PUT', url, club.coach.token, { rsvp_reminder_hours: 24 }))
          .rsvp_reminder_hours,
      ).toBe(24);
      expect(okJson<Team>(await call(t, 'GET', url, club.self.token)).rsvp_reminder_hours).toBe(24);
      expectDetail(
        await call(t, 'PUT', url, club.parent.token, { rsvp_reminder_hours: 12 }),
        403,
        REMINDER_MESSAGES.settingCoachesOnly,
      );
      for (const hours of [-1, 337, 1.5, '12']) {
        expectDetail(
          await call(t, 'PUT', url, club.coach.token, { rsvp_reminder_hours: hours }),
          400,
          REMINDER_MESSAGES.hoursRange,
        );
      }
      // A moderator who may edit the team's details may not change its reminders.
      await setModeratorFlags(t, cast, ['can_edit_team_info']);
      const castUrl = `/api/teams/${cast.team.id}`;
      expectDetail(
        await call(t, 'PUT', castUrl, cast.moderator.token, { rsvp_reminder_hours: 12 }),
        403,
        REMINDER_MESSAGES.settingCoachesOnly,
      );
      expect(
        okJson<Team>(await call(t, 'PUT', castUrl, cast.moderator.token, { season: 'Fall' })).season,
      ).toBe('Fall');
      await setModeratorFlags(t, cast, ['can_view_finances']);
      expect(
        okJson<Team>(await call(t, 'PUT', castUrl, cast.admin.token, { rsvp_reminder_hours: 0 }))
          .rsvp_reminder_hours,
      ).toBe(0);
      expect(
        okJson<Team>(await call(t, 'PUT', url, club.coach.token, { rsvp_reminder_hours: null }))
          .rsvp_reminder_hours,
      ).toBeNull();
    });
  });
});
