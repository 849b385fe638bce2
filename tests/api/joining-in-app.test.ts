import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_MESSAGES } from '../../src/shared/teams.ts';
import { addPlayer, call, confirmEmail, createTeam, signUp } from '../support/teams.ts';
import {
  BACKENDS,
  GOOD_PASSWORD,
  queryRows,
  queuedEmails,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.ts';
import { sql } from 'drizzle-orm';

// Joining from inside the app (issue 6): a signed-in user sees their own requests and invites and acts
// on them without a sign-up form; a wrong code at sign-up creates no account.

describe.each(BACKENDS)('joining inside the app on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('lists the caller’s own requests, newest first, with the team name, status and reason', async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach, { name: 'U12 Owls' });
    const parent = await signUp(t, 'parent');
    const stranger = await signUp(t, 'parent');
    const first = await call(t, 'POST', '/api/teams/join', parent.token, { invite_code: team.invite_code });
    await call(t, 'POST', `/api/join-requests/${first.json().request_id}/reject`, coach.token, {
      rejection_reason: 'Which child is yours?',
    });
    await call(t, 'POST', '/api/teams/join', parent.token, { invite_code: team.invite_code });
    await call(t, 'POST', '/api/teams/join', stranger.token, { invite_code: team.invite_code });

    const mine = await call(t, 'GET', '/api/join-requests/mine', parent.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ team_name: 'U12 Owls', status: 'pending', rejection_reason: null }),
      expect.objectContaining({
        team_name: 'U12 Owls',
        status: 'rejected',
        rejection_reason: 'Which child is yours?',
      }),
    ]);
    expect(mine.body).not.toContain(stranger.email);
    expect((await call(t, 'GET', '/api/join-requests/mine')).statusCode).toBe(401);
  });

  it('lists invites waiting for the caller and accepts one in the app', async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach, { name: 'U10 Larks' });
    const player = await addPlayer(t, coach, team.id, { name: 'Lark Kid', jersey_number: 5 });
    const parent = await signUp(t, 'parent', 'Lara Lark');
    const other = await signUp(t, 'parent', 'Otto Other', uniqueEmail('other'), { confirmed: true });
    await call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
      parent_name: 'Lara Lark',
      parent_email: parent.email,
      send_invite: true,
    });
    // Invites show in the app once the address is confirmed (invited-addresses.test.ts).
    await confirmEmail(t, parent.email);
    const invites = await call(t, 'GET', '/api/invites/mine', parent.token);
    expect(invites.json()).toEqual([
      {
        id: expect.any(Number),
        team_id: team.id,
        team_name: 'U10 Larks',
        invited_at: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);
    expect((await call(t, 'GET', '/api/invites/mine', other.token)).json()).toEqual([]);
    const id = invites.json()[0].id as number;
    // Someone else cannot accept it.
    expect((await call(t, 'POST', `/api/invites/${id}/accept`, other.token)).statusCode).toBe(404);

    const accepted = await call(t, 'POST', `/api/invites/${id}/accept`, parent.token);
    expect(accepted.json()).toMatchObject({ status: 'approved', team_id: team.id, team_name: 'U10 Larks' });
    const roster = (await call(t, 'GET', `/api/teams/${team.id}/players`, parent.token)).json();
    expect(roster[0]).toMatchObject({ name: 'Lark Kid', is_mine: true });
    expect((await call(t, 'GET', '/api/auth/me', parent.token)).json().email_verified).toBe(true);
    expect((await call(t, 'GET', '/api/invites/mine', parent.token)).json()).toEqual([]);
    expect((await call(t, 'POST', `/api/invites/${id}/accept`, parent.token)).statusCode).toBe(404);
  });

  it('names the team of an emailed invite only for that email, token and code', async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach, { name: 'U8 Wrens' });
    const other = await createTeam(t, coach, { name: 'U8 Other' });
    const player = await addPlayer(t, coach, team.id, { name: 'Wren Kid' });
    const email = uniqueEmail('wren');
    await call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
      parent_name: 'Wanda Wren',
      parent_email: email,
      send_invite: true,
    });
    const [row] = await queuedEmails(t.db, email);
    const link = new URL(/http:\/\/club\.test\/\?\S+/.exec(row?.text ?? '')?.[0] ?? '');
    const preview = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/invites/preview', payload: body });
    const good = { invite_code: team.invite_code, email, invite_token: link.searchParams.get('token') };
    expect((await preview(good)).json()).toEqual({ team_name: 'U8 Wrens' });
    for (const bad of [
      { ...good, invite_token: 'guess' },
      { ...good, invite_code: other.invite_code },
      { ...good, email: uniqueEmail('else') },
    ]) {
      const answer = await preview(bad);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: JOIN_MESSAGES.inviteInvalid });
    }
  });

  it('a join-team sign-up with a wrong code creates no account', async () => {
    const email = uniqueEmail('wrong-code');
    const register = (invite_code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Wes Wrong', email, password: GOOD_PASSWORD, role: 'parent', invite_code },
      });
    const refused = await register('ZZZZZZZZ');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: JOIN_MESSAGES.invalidCode });
    expect(await queryRows(t.db, sql`select id from users where email = ${email}`)).toEqual([]);

    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach);
    expect((await register(team.invite_code ?? '')).statusCode).toBe(201);
  });
});
