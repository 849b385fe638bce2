import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromToday, okJson } from '../support/events.ts';
import { BACKENDS, queuedEmails, startTestApp, type TestApp } from '../support/test-app.ts';
import { addPlayer, call, createTeam, signUp } from '../support/teams.ts';

// Whose child a player is follows the role on that team, not the account's role: a coach of one team
// who is invited as a parent of another team's player answers for that child there (decision 017).

describe.each(BACKENDS)('RSVPs under the membership role on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('lets a coach account invited as a parent answer for the child, and sees it as theirs', async () => {
    const coach = await signUp(t, 'coach', 'Head Coach');
    const team = await createTeam(t, coach, { name: 'U10 Wrens' });
    const mum = await signUp(t, 'coach', 'Coach Mum');
    const kid = await addPlayer(t, coach, team.id, { name: 'Kid Wren' });
    okJson(
      await call(t, 'POST', `/api/teams/${team.id}/players/${kid.id}/parents`, coach.token, {
        parent_name: 'Coach Mum',
        parent_email: mum.email,
        send_invite: true,
      }),
      201,
    );
    const [mail] = await queuedEmails(t.db, mum.email);
    const link = new URL(/https?:\/\/\S+\?\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing');
    okJson(
      await call(t, 'POST', '/api/teams/accept-invite', mum.token, {
        invite_code: team.invite_code,
        invite_token: link.searchParams.get('token'),
      }),
    );

    const roster = okJson<{ id: number; is_mine: boolean }[]>(
      await call(t, 'GET', `/api/teams/${team.id}/players`, mum.token),
    );
    expect(roster.find((p) => p.id === kid.id)?.is_mine).toBe(true);

    const game = okJson<{ id: number }>(
      await call(t, 'POST', `/api/games/${team.id}`, coach.token, {
        opponent: 'Larks',
        date: fromToday(5),
        time: '10:00',
        location: 'Park',
      }),
      201,
    );
    const answer = okJson<{ player_id: number; response: string }>(
      await call(t, 'POST', '/api/team-rsvp/submit', mum.token, {
        event_type: 'game',
        event_id: game.id,
        player_id: kid.id,
        response: 'yes',
      }),
    );
    expect(answer).toMatchObject({ player_id: kid.id, response: 'yes' });
    const list = okJson<{ players: { id: number }[] }>(
      await call(t, 'GET', `/api/team-rsvp/user/${mum.id}/events?team_id=${team.id}`, mum.token),
    );
    expect(list.players.map((p) => p.id)).toEqual([kid.id]);
  });
});
