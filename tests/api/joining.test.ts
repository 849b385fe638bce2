import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_MESSAGES } from '../../src/shared/teams.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import {
  BACKENDS,
  emailedLinkToken,
  GOOD_PASSWORD,
  queryRows,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.ts';
import {
  type Account,
  addPlayer,
  call,
  type Cast,
  startWithCast,
  createTeam,
  expectAccess,
  runnersWrite,
  joinApproved,
  signIn,
  signUp,
} from '../support/teams.ts';

const NEW_PASSWORD = 'Goal#Keeper8';

describe.each(BACKENDS)('joining a team on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  const smtp = new SmtpReceiver();
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, smtp));
  });
  afterAll(() => close());

  const join = (account: Account, invite_code: unknown, message?: string) =>
    call(t, 'POST', '/api/teams/join', account.token, { invite_code, ...(message ? { message } : {}) });
  const requestsOf = (teamId: number, token: string) => call(t, 'GET', `/api/join-requests/${teamId}`, token);

  async function coachWithTeam(name = 'U9 Hawks') {
    const coach = await signUp(t, 'coach', 'Riley Coach');
    const team = await createTeam(t, coach, { name });
    return { coach, team, code: team.invite_code ?? '' };
  }

  describe('POST /api/teams/join', () => {
    it('asks the coach; approval lets the parent in and emails them a sign-in link', async () => {
      const { coach, team, code } = await coachWithTeam();
      const parent = await signUp(t, 'parent', 'Jordan Parent');
      const response = await join(parent, ` ${code.toLowerCase()} `, 'Mia’s dad');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        status: 'pending_approval',
        team_id: team.id,
        team_name: 'U9 Hawks',
        request_id: expect.any(Number),
      });
      const requestId = response.json().request_id;
      // Asking again answers the same pending request.
      expect((await join(parent, code)).json()).toMatchObject({
        status: 'pending_approval',
        request_id: requestId,
      });
      // Not in the team until approved.
      expect((await call(t, 'GET', `/api/teams/${team.id}`, parent.token)).statusCode).toBe(404);

      const pending = (await requestsOf(team.id, coach.token)).json();
      expect(pending).toEqual([
        {
          id: requestId,
          team_id: team.id,
          user_id: parent.id,
          user_name: 'Jordan Parent',
          user_email: parent.email,
          role: 'parent',
          message: 'Mia’s dad',
          status: 'pending',
          created_at: expect.any(String),
          reviewed_by: null,
          reviewer_name: null,
          reviewed_at: null,
          rejection_reason: null,
          player_id: null,
        },
      ]);

      const approved = await call(t, 'POST', `/api/join-requests/${requestId}/approve`, coach.token);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        status: 'approved',
        reviewed_by: coach.id,
        reviewer_name: 'Riley Coach',
        reviewed_at: expect.any(String),
      });
      const email = await smtp.waitFor(parent.email, /approved/);
      expect(email.subject).toBe('Your request to join U9 Hawks was approved');
      expect(email.text).toContain('http://club.test/');
      expect((await call(t, 'GET', '/api/teams/my-team', parent.token)).json()).toMatchObject({
        id: team.id,
      });

      const twice = await call(t, 'POST', `/api/join-requests/${requestId}/approve`, coach.token);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ detail: JOIN_MESSAGES.requestAlreadyReviewed });
      // Parents and players belong to one team.
      const other = await coachWithTeam('U9 Other');
      const again = await join(parent, other.code);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: JOIN_MESSAGES.alreadyMember });
    });

    it('a rejection is emailed with its reason, and the user may ask again', async () => {
      const { coach, team, code } = await coachWithTeam();
      const parent = await signUp(t, 'parent', 'Rory Rejected');
      const requestId = (await join(parent, code)).json().request_id;
      const rejected = await call(t, 'POST', `/api/join-requests/${requestId}/reject`, coach.token, {
        status: 'rejected',
        rejection_reason: 'We could not find your child on our roster.',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        status: 'rejected',
        rejection_reason: 'We could not find your child on our roster.',
        reviewer_name: 'Riley Coach',
      });
      const email = await smtp.waitFor(parent.email, /not approved/);
      expect(email.subject).toBe('Your request to join U9 Hawks was not approved');
      expect(email.text).toContain('We could not find your child on our roster.');
      expect((await call(t, 'GET', `/api/teams/${team.id}`, parent.token)).statusCode).toBe(404);

      const approveRejected = await call(t, 'POST', `/api/join-requests/${requestId}/approve`, coach.token);
      expect(approveRejected.json()).toEqual({ detail: JOIN_MESSAGES.requestAlreadyReviewed });
      const retry = await join(parent, code);
      expect(retry.json()).toMatchObject({ status: 'pending_approval' });
      expect(retry.json().request_id).not.toBe(requestId);

      // Without a reason the email says no more than that.
      const other = await signUp(t, 'player', 'Quinn Quiet');
      const otherId = (await join(other, code)).json().request_id;
      const silent = await call(t, 'POST', `/api/join-requests/${otherId}/reject`, coach.token, {});
      expect(silent.json()).toMatchObject({ status: 'rejected', rejection_reason: null });
      expect((await smtp.waitFor(other.email, /not approved/)).text).not.toContain('Reason');
    });

    it('an unverified email that matches a parent contact waits for the coach and links nothing', async () => {
      const { coach, team, code } = await coachWithTeam();
      const player = await addPlayer(t, coach, team.id, { name: 'Kid Claimed', jersey_number: 4 });
      const email = uniqueEmail('claimed');
      await call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
        parent_name: 'Real Parent',
        parent_email: email,
        send_invite: false,
      });
      // Someone registers first with the address the coach typed, without being able to read its mail.
      const squatter = await signUp(t, 'parent', 'Not The Parent', email);
      const response = await join(squatter, code);
      expect(response.json()).toMatchObject({ status: 'pending_approval' });
      const [contact] = await queryRows<{ user_id: number | null }>(
        t.db,
        sql`select user_id from parent_contacts where email = ${email}`,
      );
      expect(contact?.user_id).toBeNull();
      expect((await call(t, 'GET', `/api/teams/${team.id}/players`, squatter.token)).statusCode).toBe(404);
    });

    it('approves at once when the verified email is already a parent contact of the team, and links the contact', async () => {
      const { coach, team, code } = await coachWithTeam();
      const player = await addPlayer(t, coach, team.id, { name: 'Kid Known', jersey_number: 3 });
      const email = uniqueEmail('known');
      await call(t, 'POST', `/api/teams/${team.id}/players/${player.id}/parents`, coach.token, {
        parent_name: 'Kim Known',
        parent_email: email,
        send_invite: false,
      });
      const parent = await signUp(t, 'parent', 'Kim Known', email);
      const link = await emailedLinkToken(t.db, email, '/verify-email');
      const verified = await call(t, 'POST', '/api/auth/verify-email', parent.token, { token: link });
      expect(verified.statusCode, verified.body).toBe(200);
      const response = await join(parent, code);
      expect(response.json()).toMatchObject({ status: 'approved', team_id: team.id });
      const roster = (await call(t, 'GET', `/api/teams/${team.id}/players`, parent.token)).json();
      expect(roster[0]).toMatchObject({
        is_mine: true,
        parent_contacts: [{ name: 'Kim Known', email: null }],
      });
      const [linked] = await queryRows<{ user_id: number }>(
        t.db,
        sql`select user_id from parent_contacts where email = ${email}`,
      );
      expect(linked?.user_id).toBe(parent.id);
      const history = (await requestsOf(team.id, coach.token)).json();
      expect(history).toEqual([
        expect.objectContaining({ user_id: parent.id, status: 'approved', reviewed_by: null }),
      ]);
    });

    it.each([
      ['coach', 403, JOIN_MESSAGES.coachesCannotJoin],
      ['admin', 403, JOIN_MESSAGES.coachesCannotJoin],
    ] as const)('refuses a %s (%i)', async (role, status, detail) => {
      const account = await signUp(t, role);
      const response = await join(account, cast.team.invite_code);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ detail });
    });

    it('refuses unknown and malformed codes, and anonymous callers', async () => {
      const parent = await signUp(t, 'parent');
      const unknown = await join(parent, 'ZZZZZZZZ');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: JOIN_MESSAGES.invalidCode });
      expect((await join(parent, "' OR 1=1")).json()).toEqual({ detail: JOIN_MESSAGES.invalidCode });
      for (const code of ['ABC', 'ABCDEFGHIJ', '', "' OR '1'='1"]) {
        const response = await join(parent, code);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'Invite code must be 8 characters' });
      }
      expect((await join(parent, 12345678)).json()).toEqual({ detail: 'Invite code must be text' });
      expect(
        (await call(t, 'POST', '/api/teams/join', undefined, { invite_code: 'ZZZZZZZZ' })).statusCode,
      ).toBe(401);
      const longMessage = await join(parent, cast.team.invite_code, 'm'.repeat(501));
      expect(longMessage.json()).toEqual({ detail: 'Message must be no more than 500 characters' });
    });
  });

  describe('approving with a player', () => {
    it('links a parent as a contact of the player and a player account to the player', async () => {
      const { coach, team, code } = await coachWithTeam();
      const kid = await addPlayer(t, coach, team.id, { name: 'Noah Ng', jersey_number: 10 });
      const parent = await signUp(t, 'parent', 'Nadia Ng');
      const player = await signUp(t, 'player', 'Noah Ng');
      await joinApproved(t, coach, parent, code, kid.id);
      await joinApproved(t, coach, player, code, kid.id);

      const asCoach = (await call(t, 'GET', `/api/teams/${team.id}/players`, coach.token)).json();
      expect(asCoach[0].parent_contacts).toEqual([
        expect.objectContaining({
          name: 'Nadia Ng',
          email: parent.email,
          user_id: parent.id,
          relationship: 'parent',
        }),
      ]);
      const [linked] = await queryRows<{ user_id: number; email: string }>(
        t.db,
        sql`select user_id, email from players where id = ${kid.id}`,
      );
      expect(linked).toEqual({ user_id: player.id, email: player.email });
      for (const member of [parent, player]) {
        const roster = (await call(t, 'GET', `/api/teams/${team.id}/players`, member.token)).json();
        expect(roster[0].is_mine).toBe(true);
      }
      const history = (await requestsOf(team.id, coach.token)).json();
      expect(history.map((r: { player_id: number }) => r.player_id)).toEqual([kid.id, kid.id]);

      // A second player account cannot take a player that already has one.
      const twin = await signUp(t, 'player', 'Noah Twin');
      const twinRequest = (await join(twin, code)).json().request_id;
      const taken = await call(t, 'POST', `/api/join-requests/${twinRequest}/approve`, coach.token, {
        player_id: kid.id,
      });
      expect(taken.json()).toEqual({ detail: 'This player is already linked to another account' });
    });

    it('refuses a player of another team or an impossible id', async () => {
      const { coach, code } = await coachWithTeam();
      const foreign = await addPlayer(t, cast.coach, cast.team.id, { name: 'Foreign Kid' });
      const parent = await signUp(t, 'parent');
      const requestId = (await join(parent, code)).json().request_id;
      for (const player_id of [foreign.id, 2147483000, 1e15]) {
        const response = await call(t, 'POST', `/api/join-requests/${requestId}/approve`, coach.token, {
          player_id,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'The player to link is not on this team' });
      }
      const notNumber = await call(t, 'POST', `/api/join-requests/${requestId}/approve`, coach.token, {
        player_id: 'abc',
      });
      expect(notNumber.statusCode).toBe(400);
      // Nothing was decided by the refused attempts.
      const list = (await requestsOf(Number((await join(parent, code)).json().team_id), coach.token)).json();
      expect(list[0].status).toBe('pending');
    });
  });

  describe('the Join Requests tab', () => {
    it('lists pending first (oldest first), then the decided ones, most recently decided first', async () => {
      const { coach, team, code } = await coachWithTeam();
      const [a, b, c, d] = [
        await signUp(t, 'parent', 'Anna'),
        await signUp(t, 'parent', 'Ben'),
        await signUp(t, 'player', 'Cleo'),
        await signUp(t, 'parent', 'Dev'),
      ];
      const ids: Record<string, number> = {};
      for (const account of [a, b, c, d]) {
        ids[account.name] = (await join(account, code)).json().request_id;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await call(t, 'POST', `/api/join-requests/${ids['Anna']}/reject`, coach.token, {
        rejection_reason: 'No',
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await call(t, 'POST', `/api/join-requests/${ids['Cleo']}/approve`, coach.token);
      const list = (await requestsOf(team.id, coach.token)).json();
      expect(list.map((r: { user_name: string; status: string }) => `${r.user_name}:${r.status}`)).toEqual([
        'Ben:pending',
        'Dev:pending',
        'Cleo:approved',
        'Anna:rejected',
      ]);
    });

    it('answers the Admin badge with a count of the pending requests only', async () => {
      const url = `/api/join-requests/${cast.team.id}/pending-count`;
      await expectAccess(cast, (token) => call(t, 'GET', url, token), runnersWrite(200));
      const before = (await call(t, 'GET', url, cast.coach.token)).json().count as number;
      const applicant = await signUp(t, 'parent', 'Counted');
      const requestId = (await join(applicant, cast.team.invite_code)).json().request_id;
      expect((await call(t, 'GET', url, cast.coach.token)).json()).toEqual({ count: before + 1 });
      await call(t, 'POST', `/api/join-requests/${requestId}/reject`, cast.coach.token, {});
      expect((await call(t, 'GET', url, cast.admin.token)).json()).toEqual({ count: before });
    });

    it('is for the coach of the team and admins; members 403, everyone else 404', async () => {
      await expectAccess(cast, (token) => requestsOf(cast.team.id, token ?? ''), runnersWrite(200));
      const decide = async (action: 'approve' | 'reject', expected: Parameters<typeof expectAccess>[2]) => {
        const applicant = await signUp(t, 'parent', 'Applicant');
        const requestId = (await join(applicant, cast.team.invite_code)).json().request_id;
        await expectAccess(
          cast,
          (token) => call(t, 'POST', `/api/join-requests/${requestId}/${action}`, token, {}),
          expected,
        );
      };
      const outsiders = { otherCoach: 404, stranger: 404, parent: 403, player: 403, anonymous: 401 };
      await decide('approve', { ...outsiders, admin: 200 });
      await decide('reject', { ...outsiders, coach: 200 });
      const missing = await call(t, 'POST', '/api/join-requests/2147483000/approve', cast.coach.token, {});
      expect(missing.json()).toEqual({ detail: 'Join request not found' });
      const badId = await call(t, 'POST', '/api/join-requests/abc/reject', cast.coach.token, {});
      expect(badId.statusCode).toBe(400);
    });
  });

  describe('the emailed invite', () => {
    it('runs end to end: invite email, set password, sign in, accept, already a member, a roster without contacts', async () => {
      const { coach, team, code } = await coachWithTeam('U11 Invited');
      const kid = await addPlayer(t, coach, team.id, { name: 'Ivy Invited', jersey_number: 4 });
      const other = await addPlayer(t, coach, team.id, { name: 'Other Kid', jersey_number: 5 });
      const otherParentEmail = uniqueEmail('other-parent');
      await call(t, 'POST', `/api/teams/${team.id}/players/${other.id}/parents`, coach.token, {
        parent_name: 'Olga Other',
        parent_email: otherParentEmail,
        parent_phone: '555-0177',
        send_invite: false,
      });
      const email = uniqueEmail('ivan');
      const added = await call(t, 'POST', `/api/teams/${team.id}/players/${kid.id}/parents`, coach.token, {
        parent_name: 'Ivan Invited',
        parent_email: email,
        parent_phone: '555-0123',
        relationship_type: 'parent',
        is_primary: true,
        send_invite: true,
      });
      expect(added.json()).toMatchObject({ invite_sent: true });

      const message = await smtp.waitFor(email, /invited/);
      const link = new URL(message.text.match(/http:\/\/club\.test\/\?\S+/)?.[0] ?? '');
      expect(link.searchParams.get('team')).toBe(code);
      expect(link.searchParams.get('email')).toBe(email);
      expect(link.searchParams.get('name')).toBe('Ivan Invited');
      const token = link.searchParams.get('token') ?? '';
      expect(message.html).toContain('href="http://club.test/?team=');

      const setup = (body: Record<string, unknown>) =>
        call(t, 'POST', '/api/auth/setup-password', undefined, {
          email,
          password: NEW_PASSWORD,
          invite_token: token,
          ...body,
        });
      expect((await setup({ password: 'weak' })).json()).toEqual({
        detail: 'Password must be at least 8 characters long',
      });
      expect((await setup({ invite_token: 'not-the-token' })).json()).toEqual({
        detail: JOIN_MESSAGES.inviteInvalid,
      });
      expect((await setup({ email: uniqueEmail('nobody') })).json()).toEqual({
        detail: JOIN_MESSAGES.inviteInvalid,
      });
      const done = await setup({ email: email.toUpperCase() });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ detail: 'Password set. You can now sign in.' });
      const setAgain = await setup({ password: 'Other#Pass99' });
      expect(setAgain.statusCode).toBe(400);
      expect(setAgain.json()).toEqual({ detail: JOIN_MESSAGES.passwordAlreadySet });

      const session = await signIn(t, email, NEW_PASSWORD);
      const wrongTeam = await call(t, 'POST', '/api/teams/accept-invite', session, {
        invite_code: cast.team.invite_code,
        invite_token: token,
      });
      expect(wrongTeam.json()).toEqual({ detail: JOIN_MESSAGES.inviteInvalid });
      const accepted = await call(t, 'POST', '/api/teams/accept-invite', session, {
        invite_code: code.toLowerCase(),
        invite_token: token,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({
        status: 'approved',
        team_id: team.id,
        team_name: 'U11 Invited',
      });
      const reused = await call(t, 'POST', '/api/teams/accept-invite', session, {
        invite_code: code,
        invite_token: token,
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ detail: JOIN_MESSAGES.inviteInvalid });

      const joinAfter = await call(t, 'POST', '/api/teams/join', session, { invite_code: code });
      expect(joinAfter.statusCode).toBe(400);
      expect(joinAfter.json().detail).toContain('already belongs to a team');

      const roster = await call(t, 'GET', `/api/teams/${team.id}/players`, session);
      expect(roster.statusCode).toBe(200);
      const [ivy, olga] = roster.json();
      expect(ivy).toMatchObject({ name: 'Ivy Invited', is_mine: true });
      expect(ivy.parent_contacts).toEqual([
        expect.objectContaining({ name: 'Ivan Invited', is_primary: true, email: null, phone: null }),
      ]);
      expect(olga).toMatchObject({ name: 'Other Kid', is_mine: false });
      expect(roster.body).not.toContain(otherParentEmail);
      expect(roster.body).not.toContain('555-0177');
      expect(roster.body).not.toContain(email);

      const synced = (await call(t, 'GET', `/api/teams/${team.id}/parents/synced`, coach.token)).json();
      expect(synced.find((p: { email: string }) => p.email === email)).toMatchObject({ status: 'joined' });
      const tokens = await queryRows<{ used: boolean }>(
        t.db,
        sql`select used_at is not null as used from invite_tokens
            where user_id = (select id from users where email = ${email})`,
      );
      expect(tokens).toEqual([{ used: true }]);
    });

    it('an expired invite no longer sets a password; join with a valid invite is approved at once', async () => {
      const { coach, team, code } = await coachWithTeam();
      const kid = await addPlayer(t, coach, team.id, { name: 'Eve Expired' });
      const add = (parent_email: string) =>
        call(t, 'POST', `/api/teams/${team.id}/players/${kid.id}/parents`, coach.token, {
          parent_name: 'Ed Expired',
          parent_email,
          send_invite: true,
        });
      const expiredEmail = uniqueEmail('expired');
      await add(expiredEmail);
      const expiredToken =
        new URL(
          (await smtp.waitFor(expiredEmail, /invited/)).text.match(/http:\/\/club\.test\/\?\S+/)?.[0] ?? '',
        ).searchParams.get('token') ?? '';
      await t.db.execute(
        sql`update invite_tokens set expires_at = now() - interval '1 second'
            where user_id = (select id from users where email = ${expiredEmail})`,
      );
      const expired = await call(t, 'POST', '/api/auth/setup-password', undefined, {
        email: expiredEmail,
        password: NEW_PASSWORD,
        invite_token: expiredToken,
      });
      expect(expired.json()).toEqual({ detail: JOIN_MESSAGES.inviteInvalid });

      // A parent who set the password but skipped accept-invite is let in by join (the invite is used up).
      const email = uniqueEmail('skipper');
      await add(email);
      const token =
        new URL(
          (await smtp.waitFor(email, /invited/)).text.match(/http:\/\/club\.test\/\?\S+/)?.[0] ?? '',
        ).searchParams.get('token') ?? '';
      await call(t, 'POST', '/api/auth/setup-password', undefined, {
        email,
        password: NEW_PASSWORD,
        invite_token: token,
      });
      const session = await signIn(t, email, NEW_PASSWORD);
      await t.db.execute(sql`delete from parent_contacts where email = ${email}`);
      const joined = await call(t, 'POST', '/api/teams/join', session, { invite_code: code });
      expect(joined.json()).toMatchObject({ status: 'approved', team_id: team.id });
    });

    it('signs out sessions of the account when the first password is set', async () => {
      const { coach, team } = await coachWithTeam();
      const kid = await addPlayer(t, coach, team.id, { name: 'Sid' });
      const email = uniqueEmail('version');
      await call(t, 'POST', `/api/teams/${team.id}/players/${kid.id}/parents`, coach.token, {
        parent_name: 'Vera Version',
        parent_email: email,
      });
      const token =
        new URL(
          (await smtp.waitFor(email, /invited/)).text.match(/http:\/\/club\.test\/\?\S+/)?.[0] ?? '',
        ).searchParams.get('token') ?? '';
      const [before] = await queryRows<{ token_version: number }>(
        t.db,
        sql`select token_version from users where email = ${email}`,
      );
      await call(t, 'POST', '/api/auth/setup-password', undefined, {
        email,
        password: GOOD_PASSWORD,
        invite_token: token,
      });
      const [after] = await queryRows<{ token_version: number }>(
        t.db,
        sql`select token_version from users where email = ${email}`,
      );
      expect(after?.token_version).toBe((before?.token_version ?? 0) + 1);
    });
  });
});
