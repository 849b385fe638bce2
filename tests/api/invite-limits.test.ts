import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/api/auth.ts';
import { POLL_MESSAGES } from '../../src/shared/polls.ts';
import { INVITE_MESSAGES } from '../../src/shared/teams.ts';
import { addPlayer, call, createTeam, signUp } from '../support/teams.ts';
import { BACKENDS, startTestApp, type TestApp, uniqueEmail } from '../support/test-app.ts';

// Limits on what sends email on a user's behalf (DECISIONS.md 'Trust and safety'), counted in the
// database: invites per coach per hour, verification links per account per hour.

describe.each(BACKENDS)('email limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      INVITE_LIMIT_PER_COACH_PER_HOUR: '3',
      VERIFY_EMAIL_LIMIT_PER_ACCOUNT: '2',
      POLL_LIMIT_PER_AUTHOR_PER_HOUR: '2',
    });
  });
  afterAll(() => t?.close());

  it('a coach sends at most the hourly number of invites', async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach);
    const player = await addPlayer(t, coach, team.id, { name: 'Busy Kid' });
    const add = () =>
      call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
        parent_name: 'A Parent',
        parent_email: uniqueEmail('flood'),
        send_invite: true,
      });
    for (let i = 0; i < 3; i++) expect((await add()).json().invite_sent).toBe(true);
    const fourth = await add();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ detail: INVITE_MESSAGES.coachLimit });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3000);
    // The refused add stored nothing: the whole write is undone.
    const roster = (await call(t, 'GET', `/api/teams/${team.id}/players`, coach.token)).json();
    expect(roster[0].parent_contacts).toHaveLength(3);
  });

  it('an author creates at most the hourly number of polls, each of which emails the team', async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach);
    const create = (question: string) =>
      call(t, 'POST', `/api/messaging/polls?team_id=${team.id}`, coach.token, {
        question,
        options: ['Yes', 'No'],
      });
    expect((await create('First?')).statusCode).toBe(201);
    expect((await create('Second?')).statusCode).toBe(201);
    const third = await create('Third?');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: POLL_MESSAGES.tooMany });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
    const polls = (await call(t, 'GET', `/api/messaging/polls/${team.id}`, coach.token)).json();
    expect(polls.polls.map((poll: { question: string }) => poll.question).sort()).toEqual([
      'First?',
      'Second?',
    ]);
  });

  it('verification links: at most the hourly number per account', async () => {
    const coach = await signUp(t, 'coach');
    const resend = () => call(t, 'POST', '/api/auth/resend-verification', coach.token);
    expect((await resend()).json()).toEqual({ detail: AUTH_MESSAGES.verificationSent(coach.email) });
    expect((await resend()).statusCode).toBe(200);
    const third = await resend();
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/^Too many attempts/);
  });

  it('profile email changes count as verification emails, so nobody floods a stranger', async () => {
    const coach = await signUp(t, 'coach');
    const change = () =>
      call(t, 'PUT', '/api/auth/profile', coach.token, { name: coach.name, email: uniqueEmail('target') });
    expect((await change()).statusCode).toBe(200);
    expect((await change()).statusCode).toBe(200);
    const third = await change();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // A name change sends nothing and is never refused.
    const rename = await call(t, 'PUT', '/api/auth/profile', coach.token, {
      name: 'New Name',
      email: coach.email,
    });
    expect(rename.statusCode).toBe(200);
  });
});
