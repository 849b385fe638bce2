import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/api/auth.ts';
import { JOIN_MESSAGES } from '../../src/shared/teams.ts';
import { addPlayer, call, createTeam, signIn, signUp } from '../support/teams.ts';
import {
  BACKENDS,
  emailedLinkToken,
  GOOD_PASSWORD,
  queryRows,
  queuedEmails,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.ts';

// docs/product/teams-and-joining.md: "An invite never fixes the role of an address its owner has not
// used: the owner may still register with it (as a coach too), and accepting links that account." A coach
// adding a contact makes a password-less account for the address; that must neither block its owner's
// sign-up nor show that an invite exists, and the invites go with the account the owner makes
// (docs/decisions/007). Whoever registers an address need not own it: the invites wait until the
// account's owner proves the inbox while signed in to that account (the verification link confirms
// nothing for anyone else).

describe.each(BACKENDS)('an invited address stays its owner’s, on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  /** A coach's team with a player, and a contact for `email` added with an invite. */
  async function invitedAddress(email = uniqueEmail('owner')) {
    const coach = await signUp(t, 'coach', 'Casey Coach');
    const team = await createTeam(t, coach, { name: 'U11 Kites' });
    const player = await addPlayer(t, coach, team.id, { name: 'Kit Kid', jersey_number: 4 });
    const added = await call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
      parent_name: 'Typed By Coach',
      parent_email: email,
      send_invite: true,
    });
    expect(added.json()).toMatchObject({ invite_sent: true });
    return { coach, team, player, email, contactId: added.json().id as number };
  }
  const register = (email: string, role: 'coach' | 'parent', name = 'Olive Owner') =>
    call(t, 'POST', '/api/auth/register', undefined, { name, email, password: GOOD_PASSWORD, role });
  /** The token and team code of the newest invite link emailed to `email`. */
  async function invitedLink(email: string) {
    const invite = (await queuedEmails(t.db, email)).find((message) => /invited/.test(message.subject));
    const link = new URL(/http:\/\/club\.test\/\?\S+/.exec(invite?.text ?? '')?.[0] ?? 'http://x');
    return { invite_code: link.searchParams.get('team'), invite_token: link.searchParams.get('token') };
  }
  const contactOf = async (teamId: number, token: string, contactId: number) => {
    const roster = (await call(t, 'GET', `/api/teams/${teamId}/players`, token)).json();
    return roster[0].parent_contacts.find((c: { id: number }) => c.id === contactId);
  };

  it('registering an invited address, as a coach too, answers as for a free one', async () => {
    const { email } = await invitedAddress();
    const [placeholder] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from users where email = ${email}`,
    );
    const free = await register(uniqueEmail('free'), 'coach');
    const invited = await register(email, 'coach');
    expect(invited.statusCode, invited.body).toBe(201);
    expect(Object.keys(invited.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(invited.json()).toMatchObject({
      email,
      role: 'coach',
      name: 'Olive Owner',
      email_verified: false,
    });
    // A fresh account, numbered after the one made just before it: nothing shows an invite existed.
    expect(invited.json().id).toBeGreaterThan(free.json().id as number);
    expect(invited.json().id).not.toBe(placeholder?.id);
    expect(await queryRows(t.db, sql`select 1 from users where email = ${email}`)).toHaveLength(1);
    // Now the address is in use: it answers as any taken address.
    const again = await register(email, 'parent');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: AUTH_MESSAGES.emailTaken });
  });

  it('the owner who registered as a coach follows the emailed link and joins, linked to the child', async () => {
    const { coach, team, email, contactId } = await invitedAddress();
    expect((await register(email, 'coach')).statusCode).toBe(201);
    const owner = await signIn(t, email);
    const accepted = await call(t, 'POST', '/api/teams/accept-invite', owner, await invitedLink(email));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'approved', team_id: team.id });
    const me = (await call(t, 'GET', '/api/auth/me', owner)).json();
    expect(me).toMatchObject({ role: 'coach', email_verified: true });
    expect(await contactOf(team.id, coach.token, contactId)).toMatchObject({ user_id: me.id });
    const roster = (await call(t, 'GET', `/api/teams/${team.id}/players`, owner)).json();
    expect(roster[0]).toMatchObject({ name: 'Kit Kid', is_mine: true });
    // The coach's team list holds it, seen as its parents see it.
    expect((await call(t, 'GET', '/api/teams/coached', owner)).json()).toEqual([
      expect.objectContaining({ id: team.id, is_coach: false, invite_code: null }),
    ]);
    const write = await call(t, 'POST', `/api/teams/${team.id}/players`, owner, { name: 'Not Allowed' });
    expect(write.statusCode).toBe(403);
  });

  it('a stranger who registers an invited address is not confirmed by the owner following the link', async () => {
    const { coach, team, email, contactId } = await invitedAddress();
    expect((await register(email, 'parent', 'Mallory <b>Click here</b> http://evil.test')).statusCode).toBe(
      201,
    );
    const mallory = await signIn(t, email);
    // The real owner receives the verification email: no greeting by the typed name, the club named,
    // nothing promising a link to a child, and what to do when it was not them.
    const [message] = (await queuedEmails(t.db, email)).filter((m) => /Confirm your email/.test(m.subject));
    expect(message?.subject).toBe('Confirm your email address for Test Valley FC');
    const text = message?.text ?? '';
    expect(text).not.toMatch(/Mallory|Click here|evil\.test|child|coach/i);
    expect(text).toContain('Test Valley FC');
    expect(text).toContain(
      "If you did not create an account with this address, ignore this email: nothing happens until the account's owner follows the link while signed in.",
    );
    expect(message?.html ?? '').not.toMatch(/Mallory|evil\.test/);

    // One click by the real owner, who is not signed in to Mallory's account, confirms nothing.
    const link = await emailedLinkToken(t.db, email, '/verify-email');
    const clicked = await call(t, 'POST', '/api/auth/verify-email', undefined, { token: link });
    expect(clicked.statusCode).toBe(401);
    expect(clicked.json()).toEqual({ detail: AUTH_MESSAGES.notAuthenticated });
    // Nor while signed in to an account of their own.
    const ownAccount = await signUp(t, 'parent', 'Olive Owner', uniqueEmail('owner.other'));
    const elsewhere = await call(t, 'POST', '/api/auth/verify-email', ownAccount.token, { token: link });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ detail: AUTH_MESSAGES.verifyOtherAccount });
    expect((await call(t, 'GET', '/api/auth/me', ownAccount.token)).json()).toMatchObject({
      email: ownAccount.email,
      email_verified: false,
    });

    // Mallory stays unconfirmed: no invite shown, none accepted, no instant join, no link to the child.
    expect((await call(t, 'GET', '/api/auth/me', mallory)).json()).toMatchObject({ email_verified: false });
    expect((await call(t, 'GET', '/api/invites/mine', mallory)).json()).toEqual([]);
    const [invite] = await queryRows<{ id: number }>(
      t.db,
      sql`select i.id from invite_tokens i join users u on u.id = i.user_id where u.email = ${email}`,
    );
    const accept = await call(t, 'POST', `/api/invites/${invite?.id}/accept`, mallory);
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toEqual({ detail: JOIN_MESSAGES.confirmEmailToAccept });
    const joined = await call(t, 'POST', '/api/teams/join', mallory, { invite_code: team.invite_code });
    expect(joined.json()).toMatchObject({ status: 'pending_approval' });
    expect((await contactOf(team.id, coach.token, contactId)).user_id).toBeNull();
    // The owner's invite link cannot set a password on Mallory's account either.
    const setup = await call(t, 'POST', '/api/auth/setup-password', undefined, {
      email,
      password: 'Owner#Choice7',
      invite_token: (await invitedLink(email)).invite_token,
    });
    expect(setup.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/auth/me', mallory)).statusCode).toBe(200);
  });

  it('a stranger cannot take an invited address as her new profile email', async () => {
    const { team, email } = await invitedAddress();
    const mallory = await signUp(t, 'parent', 'Mallory Switch', uniqueEmail('mallory'), { confirmed: true });
    const changed = await call(t, 'PUT', '/api/auth/profile', mallory.token, { name: mallory.name, email });
    expect(changed.json()).toMatchObject({ email: mallory.email, pending_email: email });
    const clicked = await call(t, 'POST', '/api/auth/verify-email', undefined, {
      token: await emailedLinkToken(t.db, email, '/verify-email'),
    });
    expect(clicked.statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/auth/me', mallory.token)).json()).toMatchObject({
      email: mallory.email,
      pending_email: email,
    });
    expect((await call(t, 'GET', '/api/invites/mine', mallory.token)).json()).toEqual([]);
    // The placeholder still holds the invite: the owner's link sets their own password.
    const link = await invitedLink(email);
    const setup = await call(t, 'POST', '/api/auth/setup-password', undefined, {
      email,
      password: GOOD_PASSWORD,
      invite_token: link.invite_token,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const owner = await signIn(t, email);
    const accepted = await call(t, 'POST', '/api/teams/accept-invite', owner, link);
    expect(accepted.json()).toMatchObject({ status: 'approved', team_id: team.id });
  });

  it('the owner who registers, signs in and follows the link gets the invite and accepts it in the app', async () => {
    const { coach, team, email, contactId } = await invitedAddress();
    expect((await register(email, 'parent')).statusCode).toBe(201);
    const owner = await signIn(t, email);
    // Nothing is shown or granted before the address is confirmed.
    expect((await call(t, 'GET', '/api/invites/mine', owner)).json()).toEqual([]);

    const verified = await call(t, 'POST', '/api/auth/verify-email', owner, {
      token: await emailedLinkToken(t.db, email, '/verify-email'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const mine = (await call(t, 'GET', '/api/invites/mine', owner)).json();
    expect(mine).toEqual([expect.objectContaining({ team_id: team.id, team_name: 'U11 Kites' })]);
    const accepted = await call(t, 'POST', `/api/invites/${mine[0].id}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = (await call(t, 'GET', '/api/auth/me', owner)).json();
    expect(await contactOf(team.id, coach.token, contactId)).toMatchObject({ user_id: me.id });
  });

  it('the owner reclaims a stranger’s registration by a password reset, which signs the stranger out', async () => {
    const { team, email } = await invitedAddress();
    expect((await register(email, 'parent', 'Mallory Squatter')).statusCode).toBe(201);
    const mallory = await signIn(t, email);
    const forgot = await call(t, 'POST', '/api/auth/forgot-password', undefined, { email });
    expect(forgot.statusCode).toBe(200);
    const reset = await call(t, 'POST', '/api/auth/reset-password', undefined, {
      token: await emailedLinkToken(t.db, email, '/reset-password'),
      new_password: 'Owner#Choice7',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(t, 'GET', '/api/auth/me', mallory)).statusCode).toBe(401);
    expect(
      (await call(t, 'POST', '/api/auth/token', undefined, { username: email, password: GOOD_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const owner = await signIn(t, email, 'Owner#Choice7');
    // The reset link proved the inbox: the invite is the owner's now. (The name Mallory typed stays
    // until the owner changes it in Account Settings: docs/decisions/007.)
    expect((await call(t, 'GET', '/api/auth/me', owner)).json()).toMatchObject({ email_verified: true });
    const mine = (await call(t, 'GET', '/api/invites/mine', owner)).json();
    expect(mine).toEqual([expect.objectContaining({ team_id: team.id })]);
  });

  it('an existing account confirming the invited address as its new email takes the invite over', async () => {
    const { team, email } = await invitedAddress();
    const someone = await signUp(t, 'parent', 'Sam Switch', uniqueEmail('old'), { confirmed: true });
    const changed = await call(t, 'PUT', '/api/auth/profile', someone.token, {
      name: someone.name,
      email,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const verified = await call(t, 'POST', '/api/auth/verify-email', someone.token, {
      token: await emailedLinkToken(t.db, email, '/verify-email'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await call(t, 'GET', '/api/auth/me', someone.token)).json()).toMatchObject({ email });
    expect((await call(t, 'GET', '/api/invites/mine', someone.token)).json()).toEqual([
      expect.objectContaining({ team_id: team.id }),
    ]);
  });

  it('the invite link still sets the first password when nobody registered the address', async () => {
    const { email } = await invitedAddress();
    const link = await invitedLink(email);
    const setup = await call(t, 'POST', '/api/auth/setup-password', undefined, {
      email,
      password: GOOD_PASSWORD,
      invite_token: link.invite_token,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const owner = await signIn(t, email);
    const accepted = await call(t, 'POST', '/api/teams/accept-invite', owner, link);
    expect(accepted.json()).toMatchObject({ status: 'approved' });
    // Used now: the address answers as taken.
    expect((await register(email, 'coach')).statusCode).toBe(400);
  });
});
