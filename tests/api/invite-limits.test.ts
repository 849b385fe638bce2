import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/api/auth.ts';
import { POLL_MESSAGES } from '../../src/shared/polls.ts';
import { INVITE_MESSAGES } from '../../src/shared/teams.ts';
import { sql } from 'drizzle-orm';
import { addPlayer, call, confirmEmail, createTeam, signUp } from '../support/teams.ts';
import {
  BACKENDS,
  queryRows,
  queuedEmails,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.ts';

// Limits on what sends email on a user's behalf (docs/product/teams-and-joining.md), counted in the
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
  const emailsTo = async (to: string) =>
    (await queryRows(t.db, sql`select 1 from email_outbox where to_address = ${to}`)).length;

  it('a coach sends at most the hourly number of invites; a contact added past it is kept, uninvited', async () => {
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
    expect(fourth.statusCode).toBe(201);
    expect(fourth.json()).toMatchObject({ invite_sent: false, invite_detail: INVITE_MESSAGES.coachLimit });
    expect(await emailsTo(fourth.json().email as string)).toBe(0);
    const roster = (await call(t, 'GET', `/api/teams/${team.id}/players`, coach.token)).json();
    expect(roster[0].parent_contacts).toHaveLength(4);
    // Sending it later (Sync) is refused while the allowance is used up.
    const sync = await call(
      t,
      'POST',
      `/api/teams/${team.id}/parents/${fourth.json().id}/sync-user`,
      coach.token,
    );
    expect(sync.statusCode).toBe(429);
    expect(sync.json()).toEqual({ detail: INVITE_MESSAGES.coachLimit });
    expect(Number(sync.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('sending needs a confirmed email: invites and polls from an unconfirmed account are refused', async () => {
    const coach = await signUp(t, 'coach', 'Una Unconfirmed', uniqueEmail('unconfirmed'), {
      confirmed: false,
    });
    const team = await createTeam(t, coach);
    const player = await addPlayer(t, coach, team.id, { name: 'Kid' });
    const parentEmail = uniqueEmail('stranger');
    // The contact is added (the roster is the coach's own), the invite is not sent, and the answer says why.
    const added = await call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
      parent_name: 'Stranger',
      parent_email: parentEmail,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      email: parentEmail,
      invite_sent: false,
      invite_detail: AUTH_MESSAGES.verifyBeforeSending,
      invite_sent_at: null,
    });
    const refused = { detail: AUTH_MESSAGES.verifyBeforeSending };
    const sync = () =>
      call(t, 'POST', `/api/teams/${team.id}/parents/${added.json().id}/sync-user`, coach.token);
    expect((await sync()).statusCode).toBe(403);
    expect((await sync()).json()).toEqual(refused);
    const all = await call(t, 'POST', `/api/teams/${team.id}/parents/bulk-sync`, coach.token);
    expect(all.statusCode).toBe(403);
    expect(all.json()).toEqual(refused);
    const poll = await call(t, 'POST', `/api/messaging/polls?team_id=${team.id}`, coach.token, {
      question: 'Pizza after the game?',
      options: ['Yes', 'No'],
    });
    expect(poll.statusCode).toBe(403);
    expect(poll.json()).toEqual(refused);
    expect((await call(t, 'GET', `/api/messaging/polls/${team.id}`, coach.token)).json().polls).toEqual([]);
    expect(await emailsTo(parentEmail)).toBe(0);

    // Once the coach confirms the address, Sync sends the invite.
    await confirmEmail(t, coach.email);
    const sent = await sync();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'invited', invite_sent: true });
    expect(await emailsTo(parentEmail)).toBe(1);
  });

  it("an invite's subject carries none of the coach's own text", async () => {
    const coach = await signUp(t, 'coach');
    const team = await createTeam(t, coach, { name: 'WIN A PRIZE at http://evil.example' });
    const player = await addPlayer(t, coach, team.id, { name: 'Kid' });
    const parentEmail = uniqueEmail('subject');
    await call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
      parent_name: 'Click Here Now',
      parent_email: parentEmail,
    });
    const [invite] = await queuedEmails(t.db, parentEmail);
    expect(invite?.subject).toBe("You're invited to join a team on Test Valley FC");
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
    const coach = await signUp(t, 'parent');
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
