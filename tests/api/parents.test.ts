import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_MESSAGES } from '../../src/shared/teams.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { BACKENDS, queryRows, type TestApp, uniqueEmail } from '../support/test-app.ts';
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
      expect(added.json()).toMatchObject({ user_id: parent.id, invite_sent: false });
      const id = added.json().id as number;

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
      expect(body).toMatchObject({
        invite_sent: true,
        user_id: expect.any(Number),
        invite_sent_at: expect.any(String),
      });

      const [account] = await queryRows<{ role: string; password_hash: string | null }>(
        t.db,
        sql`select role, password_hash from users where id = ${body.user_id}`,
      );
      expect(account).toEqual({ role: 'parent', password_hash: null });

      const message = await smtp.waitFor(email);
      expect(message.subject).toBe(`You're invited to join Riverside Hawks on Test Valley FC`);
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
            from invite_tokens where user_id = ${body.user_id}`,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toContain(token);
      expect(stored[0]?.days).toBe(14);
    });

    it('sync-user: created for a new email, existing for an account that is already there', async () => {
      const { coach, team, player, base } = await rosterWithPlayer();
      const newEmail = uniqueEmail('fresh');
      const fresh = (await addParent(base, player.id, coach.token, { parent_email: newEmail })).json().id;
      const created = await call(t, 'POST', `${base}/parents/${fresh}/sync-user`, coach.token);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toEqual({ status: 'created', user_id: expect.any(Number), invite_sent: true });
      await smtp.waitFor(newEmail);

      // Syncing again a parent who never set a password sends a fresh invite.
      const before = smtp.messages.length;
      const resent = await call(t, 'POST', `${base}/parents/${fresh}/sync-user`, coach.token);
      expect(resent.json()).toEqual({
        status: 'existing',
        user_id: created.json().user_id,
        invite_sent: true,
      });
      await expect.poll(() => smtp.messages.length).toBeGreaterThan(before);

      const member = await signUp(t, 'parent', 'Has Account');
      const known = (await addParent(base, player.id, coach.token, { parent_email: member.email })).json().id;
      const existing = await call(t, 'POST', `${base}/parents/${known}/sync-user`, coach.token);
      expect(existing.json()).toEqual({ status: 'existing', user_id: member.id, invite_sent: false });
      // Linking an existing account lets it into the team as a parent.
      const mine = await call(t, 'GET', '/api/teams/my-team', member.token);
      expect(mine.json()).toMatchObject({ id: team.id, invite_code: null });

      const missing = await call(t, 'POST', `${base}/parents/2147483000/sync-user`, coach.token);
      expect(missing.json()).toEqual({ detail: 'Parent not found' });
    });

    it('bulk-sync creates one account per new email, links existing ones and counts both', async () => {
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
      expect(response.json()).toEqual({ synced_count: 2, skipped_count: 1, failed_count: 0 });
      await smtp.waitFor(shared);
      await smtp.waitFor(single);
      expect(smtp.messages.filter((m) => m.to.includes(shared))).toHaveLength(1);

      const again = await call(t, 'POST', `${base}/parents/bulk-sync`, coach.token);
      expect(again.json()).toEqual({ synced_count: 0, skipped_count: 0, failed_count: 0 });
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
      // Dana's email is a contact of the team: joining is approved at once and links both contacts.
      const dana = await call(t, 'POST', '/api/teams/join', joined.token, { invite_code: team.invite_code });
      expect(dana.json().status).toBe('approved');
      await joinApproved(t, coach, unassigned, team.invite_code ?? '');

      const response = await call(t, 'GET', `${base}/parents/synced`, coach.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([
        expect.objectContaining({
          name: 'Dana Lopez',
          email: joined.email,
          user_id: joined.id,
          status: 'synced',
          has_user_account: true,
          children: ['Mia Lopez', 'Leo Lopez'],
          parent_id: expect.any(Number),
        }),
        expect.objectContaining({
          name: 'Nora None',
          user_id: null,
          status: 'pending',
          has_user_account: false,
          children: ['Leo Lopez'],
        }),
        expect.objectContaining({
          name: 'Pete Pending',
          status: 'pending',
          has_user_account: true,
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
        [(token) => call(t, 'POST', `${base}/parents/${contactId}/sync-user`, token), 200],
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
