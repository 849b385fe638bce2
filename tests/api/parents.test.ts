import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_MESSAGES, ROSTER_MESSAGES } from '../../src/shared/teams.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { BACKENDS, emailedLinkToken, queryRows, type TestApp, uniqueEmail } from '../support/test-app.ts';
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
  signUp,
} from '../support/teams.ts';

interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  relationship: string | null;
  is_primary: boolean;
  user_id: number | null;
  invite_sent_at: string | null;
}

describe.each(BACKENDS)('parent contacts and accounts on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  const smtp = new SmtpReceiver();
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend, smtp));
  });
  afterAll(() => close());

  /** A coach with a team and one player, for a test of its own. */
  async function rosterWithPlayer(playerName = 'Mia Lopez') {
    const coach = await signUp(t, 'coach', 'Carla Coach');
    const team = await createTeam(t, coach, { name: 'Riverside Hawks' });
    const player = await addPlayer(t, coach, team.id, { name: playerName, jersey_number: 7 });
    return { coach, team, player, base: `/api/teams/${team.id}` };
  }

  const addParent = (base: string, playerId: number, token: string, body: Record<string, unknown>) =>
    call(t, 'POST', `${base}/players/${playerId}/parents`, token, {
      parent_name: 'Dana Lopez',
      parent_phone: '555-0101',
      send_invite: false,
      ...body,
    });

  /** The invitee follows the newest emailed invite link while signed in (accept-invite). */
  async function acceptEmailedInvite(account: { email: string; token: string }) {
    const message = await smtp.waitFor(account.email, /invited/);
    const link = new URL(message.text.match(/http:\/\/club\.test\/\?\S+/)?.[0] ?? '');
    const accepted = await call(t, 'POST', '/api/teams/accept-invite', account.token, {
      invite_code: link.searchParams.get('team'),
      invite_token: link.searchParams.get('token'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  /** The account's owner follows the verification link sent at registration. */
  async function verifyOwnEmail(account: { email: string; token: string }) {
    const token = await emailedLinkToken(t.db, account.email, '/verify-email');
    const verified = await call(t, 'POST', '/api/auth/verify-email', account.token, { token });
    expect(verified.statusCode).toBe(200);
  }

  const contactsOf = async (base: string, token: string, playerId: number): Promise<Contact[]> => {
    const roster = (await call(t, 'GET', `${base}/players`, token)).json();
    return roster.find((p: { id: number }) => p.id === playerId).parent_contacts;
  };

  describe('Manage Parents', () => {
    it('adds a contact (answering its id) with the default relationship and a lower-cased email', async () => {
      const { coach, player, base } = await rosterWithPlayer();
      const email = uniqueEmail('dana');
      const response = await addParent(base, player.id, coach.token, {
        parent_email: `  ${email.toUpperCase()} `,
        player_id: player.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        name: 'Dana Lopez',
        email,
        phone: '555-0101',
        relationship: 'parent',
        is_primary: false,
        user_id: null,
        invite_sent_at: null,
        invite_sent: false,
        invite_detail: null,
      });
      const duplicate = await addParent(base, player.id, coach.token, { parent_email: email });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({
        detail: 'This player already has a parent contact with that email',
      });
    });

    it.each([
      [{ parent_name: '' }, 'Name is required'],
      [{ parent_name: undefined }, 'Name is required'],
      [{ parent_email: '' }, 'Email is required'],
      [{ parent_email: 'dana.example.com' }, 'Email must be a valid email address'],
      [{ parent_phone: 'call me' }, 'Phone may contain only digits, spaces and + ( ) - .'],
      [
        { relationship_type: 'neighbour' },
        expect.stringMatching(/^Relationship must be one of: parent, guardian/),
      ],
    ])('refuses %o with "%s"', async (change, detail) => {
      const response = await addParent(
        `/api/teams/${cast.team.id}`,
        (await addPlayer(t, cast.coach, cast.team.id, { name: 'Someone' })).id,
        cast.coach.token,
        { parent_email: uniqueEmail('p'), ...change },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('adds a parent invited minutes ago (a sibling) without a second invite, and says why', async () => {
      const { coach, team, player, base } = await rosterWithPlayer('Ana Ruiz');
      const sibling = await addPlayer(t, coach, team.id, { name: 'Ben Ruiz', jersey_number: 8 });
      const email = uniqueEmail('ruiz');
      const first = await addParent(base, player.id, coach.token, { parent_email: email, send_invite: true });
      expect(first.json()).toMatchObject({ invite_sent: true, invite_detail: null });
      const second = await addParent(base, sibling.id, coach.token, {
        parent_email: email,
        send_invite: true,
      });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json()).toMatchObject({ invite_sent: false, invite_detail: INVITE_MESSAGES.tooSoon });
      expect(await queryRows(t.db, sql`select 1 from email_outbox where to_address = ${email}`)).toHaveLength(
        1,
      );
    });

    it('keeps one primary contact per player', async () => {
      const { coach, player, base } = await rosterWithPlayer();
      const first = await addParent(base, player.id, coach.token, {
        parent_email: uniqueEmail(),
        is_primary: true,
      });
      const second = await addParent(base, player.id, coach.token, {
        parent_name: 'Sam Lopez',
        parent_email: uniqueEmail(),
        relationship_type: 'guardian',
        is_primary: true,
      });
      const contacts = await contactsOf(base, coach.token, player.id);
      expect(contacts.map((c) => [c.id, c.is_primary, c.relationship])).toEqual([
        [second.json().id, true, 'guardian'],
        [first.json().id, false, 'parent'],
      ]);
    });

    it('edits a contact, and a new email drops the link to the old account', async () => {
      const { coach, team, player, base } = await rosterWithPlayer();
      const parent = await signUp(t, 'parent', 'Dana Lopez');
      await joinApproved(t, coach, parent, team.invite_code ?? '');
      const added = await addParent(base, player.id, coach.token, {
        parent_email: parent.email,
        send_invite: true,
      });
      // The contact is linked only by the parent's own action: accepting the emailed invite.
      expect(added.json()).toMatchObject({ user_id: null, invite_sent: true });
      const id = added.json().id as number;
      await acceptEmailedInvite(parent);

      const renamed = await call(t, 'PUT', `${base}/parents/${id}`, coach.token, {
        name: 'Dana M. Lopez',
        email: parent.email.toUpperCase(),
        phone: '',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        name: 'Dana M. Lopez',
        email: parent.email,
        phone: null,
        user_id: parent.id,
      });

      const moved = await call(t, 'PUT', `${base}/parents/${id}`, coach.token, {
        name: 'Someone Else',
        email: uniqueEmail('else'),
      });
      expect(moved.json()).toMatchObject({ name: 'Someone Else', user_id: null, invite_sent_at: null });

      for (const [body, detail] of [
        [{ name: '', email: uniqueEmail() }, 'Name is required'],
        [{ name: 'X', email: 'nope' }, 'Email must be a valid email address'],
      ] as const) {
        const response = await call(t, 'PUT', `${base}/parents/${id}`, coach.token, body);
        expect(response.json()).toEqual({ detail });
      }
      // Two contacts of one player cannot share an email.
      const second = await addParent(base, player.id, coach.token, { parent_email: uniqueEmail('second') });
      const clash = await call(t, 'PUT', `${base}/parents/${second.json().id}`, coach.token, {
        name: 'Clash',
        email: moved.json().email,
      });
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toEqual({ detail: 'This player already has a parent contact with that email' });
      // Another team's contact id is not found through this team.
      const foreign = await call(t, 'PUT', `/api/teams/${cast.team.id}/parents/${id}`, cast.coach.token, {
        name: 'Hijack',
        email: uniqueEmail(),
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ detail: 'Parent not found' });
    });

    it('removes a contact of the player named in the path only', async () => {
      const { coach, team, player, base } = await rosterWithPlayer();
      const other = await addPlayer(t, coach, team.id, { name: 'Sibling' });
      const id = (await addParent(base, player.id, coach.token, { parent_email: uniqueEmail() })).json().id;
      const wrongPlayer = await call(t, 'DELETE', `${base}/players/${other.id}/parents/${id}`, coach.token);
      expect(wrongPlayer.statusCode).toBe(404);
      const removed = await call(t, 'DELETE', `${base}/players/${player.id}/parents/${id}`, coach.token);
      expect(removed.json()).toEqual({
        message: 'Parent removed successfully!',
        detail: 'Parent removed successfully!',
      });
      expect(await contactsOf(base, coach.token, player.id)).toEqual([]);
    });
  });

  describe('invites and accounts', () => {
    it('send_invite creates a passwordless parent account and emails a single-use link', async () => {
      const { coach, team, player, base } = await rosterWithPlayer();
      const email = uniqueEmail('invitee');
      const response = await addParent(base, player.id, coach.token, {
        parent_name: 'Inés Núñez',
        parent_email: email,
        send_invite: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ invite_sent: true, user_id: null, invite_sent_at: expect.any(String) });

      const [account] = await queryRows<{ id: number; role: string; password_hash: string | null }>(
        t.db,
        sql`select id, role, password_hash from users where email = ${email}`,
      );
      expect(account).toMatchObject({ role: 'parent', password_hash: null });

      const message = await smtp.waitFor(email, /invited/);
      expect(message.subject).toBe("You're invited to join a team on Test Valley FC");
      const link = message.text.match(/http:\/\/club\.test\/\?\S+/)?.[0] ?? '';
      const params = new URL(link).searchParams;
      expect(params.get('team')).toBe(team.invite_code);
      expect(params.get('email')).toBe(email);
      expect(params.get('name')).toBe('Inés Núñez');
      const token = params.get('token') ?? '';
      expect(token).toMatch(/^[\w-]{43}$/);
      const stored = await queryRows<{ token_hash: string; days: number }>(
        t.db,
        sql`select token_hash, round(extract(epoch from (expires_at - created_at)) / 86400)::int as days
            from invite_tokens where user_id = ${account?.id}`,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toContain(token);
      expect(stored[0]?.days).toBe(14);
    });

    it('sync-user sends an invite, the same answer whether or not an account exists, never twice in 10 minutes', async () => {
      const { coach, team, player, base } = await rosterWithPlayer();
      const newEmail = uniqueEmail('fresh');
      const fresh = (await addParent(base, player.id, coach.token, { parent_email: newEmail })).json().id;
      const created = await call(t, 'POST', `${base}/parents/${fresh}/sync-user`, coach.token);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toEqual({
        status: 'invited',
        invite_sent: true,
        invite_sent_at: expect.any(String),
      });
      await smtp.waitFor(newEmail, /invited/);

      // Another invite within 10 minutes is refused, with the time to wait.
      const before = smtp.messages.length;
      const tooSoon = await call(t, 'POST', `${base}/parents/${fresh}/sync-user`, coach.token);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toEqual({ detail: INVITE_MESSAGES.tooSoon });
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(500);
      await t.db.execute(sql`update parent_contacts set invite_sent_at = now() - interval '11 minutes'`);
      const resent = await call(t, 'POST', `${base}/parents/${fresh}/sync-user`, coach.token);
      expect(resent.json()).toMatchObject({ status: 'invited', invite_sent: true });
      await expect.poll(() => smtp.messages.length).toBeGreaterThan(before);

      // Another team's parent with an account: invited the same way, and not made a member.
      const member = await signUp(t, 'parent', 'Has Account');
      const known = (await addParent(base, player.id, coach.token, { parent_email: member.email })).json().id;
      const existing = await call(t, 'POST', `${base}/parents/${known}/sync-user`, coach.token);
      expect(existing.json()).toEqual({
        status: 'invited',
        invite_sent: true,
        invite_sent_at: expect.any(String),
      });
      expect((await call(t, 'GET', '/api/teams/my-team', member.token)).statusCode).toBe(404);
      // Following the invite is what lets them in; then the contact says 'joined'.
      await acceptEmailedInvite(member);
      expect((await call(t, 'GET', '/api/teams/my-team', member.token)).json()).toMatchObject({
        id: team.id,
      });
      const joined = await call(t, 'POST', `${base}/parents/${known}/sync-user`, coach.token);
      expect(joined.json()).toMatchObject({ status: 'joined', invite_sent: false });

      const missing = await call(t, 'POST', `${base}/parents/2147483000/sync-user`, coach.token);
      expect(missing.json()).toEqual({ detail: 'Parent not found' });
    });

    it("adding another coach's or another team's parent's email pulls nobody in and reveals nothing", async () => {
      const { coach, player, base } = await rosterWithPlayer();
      const otherCoach = await signUp(t, 'coach', 'Other Coach');
      const otherParent = await signUp(t, 'parent', 'Other Parent');
      await joinApproved(t, cast.coach, otherParent, cast.team.invite_code ?? '');
      const unknown = uniqueEmail('nobody');
      const answers = [];
      for (const email of [otherCoach.email, otherParent.email, unknown]) {
        const added = await addParent(base, player.id, coach.token, {
          parent_email: email,
          parent_name: 'Typed Name',
          parent_phone: '555-0111',
          send_invite: true,
        });
        expect(added.statusCode).toBe(201);
        const { id: _id, email: _email, invite_sent_at: _at, ...rest } = added.json();
        answers.push(rest);
      }
      // The same answer for an existing coach, an existing parent and an unknown address.
      expect(answers[0]).toEqual(answers[2]);
      expect(answers[1]).toEqual(answers[2]);
      expect(answers[2]).toMatchObject({ user_id: null, invite_sent: true });
      // Nobody became a member of this team, and the roster shows what the coach typed.
      const members = (await call(t, 'GET', `${base}/members`, coach.token)).json() as { email?: string }[];
      expect(JSON.stringify(members)).not.toContain(otherParent.email);
      expect(JSON.stringify(members)).not.toContain(otherCoach.email);
      const contacts = await contactsOf(base, coach.token, player.id);
      expect(contacts.every((c) => c.user_id === null && c.phone === '555-0111')).toBe(true);
      // Nor can assign-player reach them: they are not parent members of the team.
      const assign = await call(t, 'POST', `${base}/parents/${otherParent.id}/assign-player`, coach.token, {
        player_id: player.id,
      });
      expect(assign.statusCode).toBe(404);
    });

    it('bulk-sync invites everyone who has not joined, once per email, and skips recent invites', async () => {
      const { coach, team, player, base } = await rosterWithPlayer();
      const sibling = await addPlayer(t, coach, team.id, { name: 'Leo Lopez', jersey_number: 8 });
      const shared = uniqueEmail('both-kids');
      const single = uniqueEmail('single');
      const member = await signUp(t, 'parent', 'Already Here');
      await addParent(base, player.id, coach.token, { parent_email: shared });
      await addParent(base, sibling.id, coach.token, { parent_email: shared });
      await addParent(base, sibling.id, coach.token, { parent_email: single, parent_name: 'Single Parent' });
      await addParent(base, player.id, coach.token, {
        parent_email: member.email,
        parent_name: 'Already Here',
      });

      const response = await call(t, 'POST', `${base}/parents/bulk-sync`, coach.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ synced_count: 3, skipped_count: 0, failed_count: 0 });
      await smtp.waitFor(shared, /invited/);
      await smtp.waitFor(single, /invited/);
      await smtp.waitFor(member.email, /invited/);
      expect(smtp.messages.filter((m) => m.to.includes(shared))).toHaveLength(1);
      expect((await call(t, 'GET', '/api/teams/my-team', member.token)).statusCode).toBe(404);

      // Twenty taps send nothing more for ten minutes.
      for (let i = 0; i < 20; i++) {
        const again = await call(t, 'POST', `${base}/parents/bulk-sync`, coach.token);
        expect(again.json()).toEqual({ synced_count: 0, skipped_count: 3, failed_count: 0 });
      }
      expect(smtp.messages.filter((m) => m.to.includes(shared))).toHaveLength(1);
    });

    it('assign-player makes a parent member a contact of a player, linked to their account', async () => {
      const { coach, team, player, base } = await rosterWithPlayer();
      const parent = await signUp(t, 'parent', 'Unassigned Ursula');
      await joinApproved(t, coach, parent, team.invite_code ?? '');
      const url = `${base}/parents/${parent.id}/assign-player`;

      const missing = await call(t, 'POST', url, coach.token, {});
      expect(missing.json()).toEqual({ detail: ROSTER_MESSAGES.selectPlayer });
      const foreignPlayer = await addPlayer(t, cast.coach, cast.team.id, { name: 'Elsewhere' });
      const notHere = await call(t, 'POST', url, coach.token, { player_id: foreignPlayer.id });
      expect(notHere.json()).toEqual({ detail: 'Player not found' });
      const huge = await call(t, 'POST', url, coach.token, { player_id: 1e12 });
      expect(huge.json()).toEqual({ detail: 'Player not found' });
      const notMember = await call(
        t,
        'POST',
        `${base}/parents/${cast.parent.id}/assign-player`,
        coach.token,
        {
          player_id: player.id,
        },
      );
      expect(notMember.json()).toEqual({ detail: 'Parent not found' });

      const assigned = await call(t, 'POST', url, coach.token, {
        player_id: String(player.id),
        relationship: 'grandmother',
        is_primary: true,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json()).toEqual({
        message: 'Parent assigned to player successfully',
        detail: 'Parent assigned to player successfully',
      });
      expect(await contactsOf(base, coach.token, player.id)).toEqual([
        expect.objectContaining({
          name: 'Unassigned Ursula',
          email: parent.email,
          phone: '555-0100',
          relationship: 'grandmother',
          is_primary: true,
          user_id: parent.id,
        }),
      ]);
      const roster = (await call(t, 'GET', `${base}/players`, parent.token)).json();
      expect(roster.find((p: { id: number }) => p.id === player.id).is_mine).toBe(true);
    });

    it('lists parent accounts: one row per email with its children, then unassigned parent members', async () => {
      const { coach, team, player, base } = await rosterWithPlayer('Mia Lopez');
      const sibling = await addPlayer(t, coach, team.id, { name: 'Leo Lopez', jersey_number: 8 });
      const joined = await signUp(t, 'parent', 'Dana Lopez');
      const unassigned = await signUp(t, 'parent', 'Uma Unassigned');
      const pendingEmail = uniqueEmail('pending');
      const noAccountEmail = uniqueEmail('none');
      await addParent(base, player.id, coach.token, {
        parent_email: joined.email,
        parent_name: 'Dana Lopez',
      });
      await addParent(base, sibling.id, coach.token, {
        parent_email: joined.email,
        parent_name: 'Dana Lopez',
      });
      await addParent(base, player.id, coach.token, {
        parent_email: pendingEmail,
        parent_name: 'Pete Pending',
        send_invite: true,
      });
      await addParent(base, sibling.id, coach.token, {
        parent_email: noAccountEmail,
        parent_name: 'Nora None',
      });
      // Dana confirmed her email, which is a contact of the team: joining is approved at once and links
      // both contacts. From then on the coach sees Dana's own profile name and phone.
      await verifyOwnEmail(joined);
      const dana = await call(t, 'POST', '/api/teams/join', joined.token, { invite_code: team.invite_code });
      expect(dana.json().status).toBe('approved');
      await call(t, 'PUT', '/api/auth/profile', joined.token, {
        name: 'Dana Lopez',
        email: joined.email,
        phone: '555-0222',
      });
      await joinApproved(t, coach, unassigned, team.invite_code ?? '');

      const response = await call(t, 'GET', `${base}/parents/synced`, coach.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([
        expect.objectContaining({
          name: 'Dana Lopez',
          email: joined.email,
          user_id: joined.id,
          phone: '555-0222',
          status: 'joined',
          has_user_account: true,
          children: ['Mia Lopez', 'Leo Lopez'],
          parent_id: expect.any(Number),
        }),
        expect.objectContaining({
          name: 'Nora None',
          user_id: null,
          status: 'no_account',
          has_user_account: false,
          children: ['Leo Lopez'],
        }),
        expect.objectContaining({
          name: 'Pete Pending',
          user_id: null,
          status: 'invited',
          has_user_account: false,
          invite_sent_at: expect.any(String),
        }),
        {
          parent_id: null,
          user_id: unassigned.id,
          name: 'Uma Unassigned',
          email: unassigned.email,
          phone: '555-0100',
          status: 'unassigned',
          has_user_account: true,
          children: [],
          invite_sent_at: null,
        },
      ]);
    });
  });

  describe('privacy and access', () => {
    let contactEmail: string;
    let player: { id: number };
    let contactId: number;

    beforeAll(async () => {
      player = await addPlayer(t, cast.coach, cast.team.id, { name: 'Private Child', jersey_number: 42 });
      contactEmail = uniqueEmail('private');
      const added = await addParent(`/api/teams/${cast.team.id}`, player.id, cast.coach.token, {
        parent_name: 'Priya Private',
        parent_email: contactEmail,
        parent_phone: '555-0199',
        is_primary: true,
      });
      contactId = added.json().id;
    });

    it('gives parents and players names and the Primary badge only; the coach and admins everything', async () => {
      const url = `/api/teams/${cast.team.id}/players`;
      for (const member of [cast.parent, cast.player]) {
        const response = await call(t, 'GET', url, member.token);
        const child = response.json().find((p: { id: number }) => p.id === player.id);
        expect(child.parent_contacts).toEqual([
          {
            id: contactId,
            name: 'Priya Private',
            is_primary: true,
            relationship: null,
            email: null,
            phone: null,
            user_id: null,
            invite_sent_at: null,
          },
        ]);
        expect(response.body).not.toContain(contactEmail);
        expect(response.body).not.toContain('555-0199');
      }
      for (const runner of [cast.coach, cast.admin] as Account[]) {
        const child = (await call(t, 'GET', url, runner.token))
          .json()
          .find((p: { id: number }) => p.id === player.id);
        expect(child.parent_contacts[0]).toMatchObject({
          email: contactEmail,
          phone: '555-0199',
          relationship: 'parent',
        });
      }
    });

    it('keeps every parent endpoint to the coach, admins and roster moderators', async () => {
      const base = `/api/teams/${cast.team.id}`;
      const sends: [(token: string | undefined) => ReturnType<typeof call>, number][] = [
        [(token) => call(t, 'GET', `${base}/parents/synced`, token), 200],
        [(token) => addParent(base, player.id, token ?? '', { parent_email: uniqueEmail() }), 201],
        [
          (token) =>
            call(t, 'PUT', `${base}/parents/${contactId}`, token, {
              name: 'Priya Private',
              email: contactEmail,
              phone: '555-0199',
            }),
          200,
        ],
        [
          // Each allowed actor sends one; the 10-minute pause between invites is tested on its own.
          async (token) => {
            await t.db.execute(sql`update parent_contacts set invite_sent_at = null where id = ${contactId}`);
            return call(t, 'POST', `${base}/parents/${contactId}/sync-user`, token);
          },
          200,
        ],
        [(token) => call(t, 'POST', `${base}/parents/bulk-sync`, token), 200],
        [
          (token) =>
            call(t, 'POST', `${base}/parents/${cast.parent.id}/assign-player`, token, {
              player_id: player.id,
            }),
          200,
        ],
      ];
      for (const [send, ok] of sends) {
        await expectAccess(cast, send, runnersWrite(ok));
      }
      const removeUrl = `${base}/players/${player.id}/parents/${contactId}`;
      await expectAccess(cast, (token) => call(t, 'DELETE', removeUrl, token), {
        otherCoach: 404,
        parent: 403,
        player: 403,
        stranger: 404,
        anonymous: 401,
        coach: 200,
      });
    });
  });
});
