import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/api/auth.ts';
import {
  BACKENDS,
  emailedLinkToken,
  GOOD_PASSWORD,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.ts';

describe.each(BACKENDS)('auth API on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  const register = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });

  async function registerCoach(overrides: Record<string, unknown> = {}) {
    const body = {
      name: 'Casey Coach',
      email: uniqueEmail('coach'),
      password: GOOD_PASSWORD,
      role: 'coach',
      ...overrides,
    };
    const response = await register(body);
    expect(response.statusCode, response.body).toBe(201);
    return { ...body, id: response.json().id as number };
  }

  const signIn = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ username, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  async function tokenFor(email: string, password = GOOD_PASSWORD): Promise<string> {
    const response = await signIn(email, password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().access_token as string;
  }

  /** Follows a verification link, signed in as `token` (or not signed in). */
  const verify = (link: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { token: link },
    });

  const me = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  describe('health and headers', () => {
    it('answers 200 once the database is migrated, with security headers and no-store', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', blob_store: 'ok', mail: 'ok' },
      });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('gives the club name to the page before sign-in', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toEqual({
        club_name: 'Test Valley FC',
        team_time_zone: 'America/Chicago',
        rsvp_reminder_hours_default: 48,
      });
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
    });
  });

  describe('register', () => {
    it('creates a coach with a normalised email and never returns the password', async () => {
      const email = uniqueEmail('Mixed.Case');
      const response = await register({
        name: '  Casey Coach ',
        email: `  ${email.toUpperCase()} `,
        phone: '555-0100',
        password: GOOD_PASSWORD,
        role: 'coach',
      });
      expect(response.statusCode).toBe(201);
      const user = response.json();
      expect(user).toEqual({
        id: expect.any(Number),
        name: 'Casey Coach',
        email: email.toLowerCase(),
        phone: '555-0100',
        role: 'coach',
        email_verified: false,
        pending_email: null,
      });
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toContain(GOOD_PASSWORD);
    });

    it.each(['parent', 'player'])('lets a %s register (joining a team follows)', async (role) => {
      const response = await register({
        name: 'Pat',
        email: uniqueEmail(role),
        password: GOOD_PASSWORD,
        role,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().role).toBe(role);
    });

    it('refuses admin with 403 and a detail', async () => {
      const response = await register({
        name: 'Sneaky',
        email: uniqueEmail('admin'),
        password: GOOD_PASSWORD,
        role: 'admin',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: AUTH_MESSAGES.adminRefused });
    });

    it('refuses an email that is taken, whatever its case', async () => {
      const coach = await registerCoach();
      const response = await register({
        name: 'Other',
        email: coach.email.toUpperCase(),
        password: GOOD_PASSWORD,
        role: 'coach',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: AUTH_MESSAGES.emailTaken });
    });

    it.each([
      ['Sh0rt!A', 'Password must be at least 8 characters long'],
      [`Aa1!${'x'.repeat(125)}`, 'Password must be no more than 128 characters long'],
      ['lower#case9', 'Password must contain at least one uppercase letter'],
      ['UPPER#CASE9', 'Password must contain at least one lowercase letter'],
      ['No#Digits-here', 'Password must contain at least one number'],
      ['NoSpecial99x', 'Password must contain at least one special character'],
      ['Goal!1234x', 'Password must not contain common patterns like "123"'],
      ['MyPassword!9', 'Password must not contain common patterns like "password"'],
      ['QWERTY!9z', 'Password must not contain common patterns like "qwerty"'],
    ])('refuses the password %j with the policy message', async (password, message) => {
      const response = await register({ name: 'Pat', email: uniqueEmail(), password, role: 'coach' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message });
    });

    it.each([
      [{ email: 'a@b.co', password: GOOD_PASSWORD, role: 'coach' }, 'Name is required'],
      [{ name: '   ', email: 'a@b.co', password: GOOD_PASSWORD, role: 'coach' }, 'Name is required'],
      [{ name: 42, email: 'a@b.co', password: GOOD_PASSWORD, role: 'coach' }, 'Name must be text'],
      [{ name: 'Pat', password: GOOD_PASSWORD, role: 'coach' }, 'Email is required'],
      [
        { name: 'Pat', email: 'not-an-email', password: GOOD_PASSWORD, role: 'coach' },
        'Email must be a valid email address',
      ],
      [{ name: 'Pat', email: ['a@b.co'], password: GOOD_PASSWORD, role: 'coach' }, 'Email must be text'],
      [{ name: 'Pat', email: 'a@b.co', role: 'coach' }, 'Password is required'],
      [{ name: 'Pat', email: 'a@b.co', password: 12345678, role: 'coach' }, 'Password must be text'],
      [
        { name: 'Pat', email: 'a@b.co', password: GOOD_PASSWORD, role: 'referee' },
        'Role must be one of: coach, parent, player',
      ],
      [
        { name: 'Pat', email: 'a@b.co', password: GOOD_PASSWORD },
        'Role must be one of: coach, parent, player',
      ],
      [
        { name: 'Pat', email: 'a@b.co', phone: 'call me', password: GOOD_PASSWORD, role: 'coach' },
        'Phone may contain only digits, spaces and + ( ) - .',
      ],
      [
        { name: 'x'.repeat(101), email: 'a@b.co', password: GOOD_PASSWORD, role: 'coach' },
        'Name must be no more than 100 characters',
      ],
    ])('answers %j with 400 %j', async (body, detail) => {
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('answers hostile bodies with a 4xx and a detail, never a 500', async () => {
      const cases = [
        {
          payload: '{not json',
          type: 'application/json',
          status: 400,
          detail: 'Request body is not valid JSON',
        },
        {
          payload: '[1,2,3]',
          type: 'application/json',
          status: 400,
          detail: 'Request body must be a JSON object',
        },
        {
          payload: 'null',
          type: 'application/json',
          status: 400,
          detail: 'Request body must be a JSON object',
        },
        {
          payload: '',
          type: 'application/json',
          status: 400,
          detail: 'Request body is empty but the content type is application/json',
        },
        { payload: 'name=x', type: 'text/plain', status: 400, detail: 'Request body must be a JSON object' },
        { payload: '<a/>', type: 'application/xml', status: 415, detail: 'Unsupported content type' },
        {
          payload: JSON.stringify({ name: 'x'.repeat(70_000) }),
          type: 'application/json',
          status: 413,
          detail: 'Request body is too large',
        },
      ];
      for (const c of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: c.payload,
          headers: { 'content-type': c.type },
        });
        expect(response.statusCode, `${c.type} ${c.payload.slice(0, 20)}`).toBe(c.status);
        expect(response.json()).toEqual({ detail: c.detail });
      }
    });

    it('stores SQL-looking text literally', async () => {
      const name = "Robert'); DROP TABLE users;--";
      const response = await register({
        name,
        email: uniqueEmail("o'brien"),
        password: GOOD_PASSWORD,
        role: 'coach',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().name).toBe(name);
      const again = await registerCoach();
      expect(again.id).toBeGreaterThan(response.json().id);
    });
  });

  describe('token (sign-in)', () => {
    it('signs in with form fields and with JSON', async () => {
      const coach = await registerCoach();
      const token = await tokenFor(coach.email);
      expect((await me(token)).json()).toMatchObject({ email: coach.email, role: 'coach' });
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: coach.email.toUpperCase(), password: GOOD_PASSWORD },
      });
      expect(json.statusCode).toBe(200);
      expect(json.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    });

    it('answers a wrong password and an unknown email the same way', async () => {
      const coach = await registerCoach();
      const wrong = await signIn(coach.email, 'Wrong#Pass9');
      const unknown = await signIn(uniqueEmail('nobody'), GOOD_PASSWORD);
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: AUTH_MESSAGES.badCredentials });
      }
    });

    it('asks for the missing field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: 'username=a%40b.co',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Password is required' });
    });
  });

  describe('bearer tokens', () => {
    it('refuses a missing, malformed, forged, unsigned or expired token', async () => {
      const coach = await registerCoach();
      const good = await tokenFor(coach.email);
      const [header, payload] = good.split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const forged = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(coach.id))
        .setIssuer('club-teams')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(48)));
      const expired = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), exp: 1 })).toString('base64url')}.${good.split('.')[2]}`;

      const missing = await me();
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ detail: AUTH_MESSAGES.notAuthenticated });
      for (const token of ['garbage', unsigned, forged, expired]) {
        const response = await me(token);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: AUTH_MESSAGES.tokenInvalid });
      }
      expect((await me(good)).statusCode).toBe(200);
    });
  });

  describe('profile', () => {
    it('updates name and phone at once; a new email only once the link sent to it is followed', async () => {
      const coach = await registerCoach();
      const token = await tokenFor(coach.email);
      const email = uniqueEmail('renamed');
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Casey Q. Coach', email, phone: '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: coach.id,
        name: 'Casey Q. Coach',
        email: coach.email,
        phone: null,
        role: 'coach',
        email_verified: false,
        pending_email: email,
      });
      expect((await me(token)).json().email).toBe(coach.email);

      const link = await emailedLinkToken(t.db, email, '/verify-email');
      const verified = await verify(link, token);
      expect(verified.json()).toEqual({ detail: AUTH_MESSAGES.emailVerified });
      expect((await me(token)).json()).toMatchObject({ email, email_verified: true, pending_email: null });
      // Single use.
      const again = await verify(link, token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: AUTH_MESSAGES.verifyInvalid });
    });

    it("answers the same for another account's email, and refuses it when the link is followed; a blank name", async () => {
      const first = await registerCoach();
      const second = await registerCoach();
      const token = await tokenFor(second.email);
      const taken = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Casey Coach', email: first.email },
      });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({ email: second.email, pending_email: first.email });
      const link = await emailedLinkToken(t.db, first.email, '/verify-email');
      const refused = await verify(link, token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: AUTH_MESSAGES.emailTaken });
      expect((await me(token)).json().email).toBe(second.email);
      const blank = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: '', email: second.email },
      });
      expect(blank.json()).toEqual({ detail: 'Name is required' });
      expect((await me(token)).json().name).toBe('Casey Coach');
    });

    it('registration emails a verification link; resend is limited per account', async () => {
      const coach = await registerCoach();
      const token = await tokenFor(coach.email);
      expect((await me(token)).json().email_verified).toBe(false);
      const resend = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/resend-verification',
          headers: { authorization: `Bearer ${token}` },
        });
      const sent = await resend();
      expect(sent.json()).toEqual({ detail: AUTH_MESSAGES.verificationSent(coach.email) });
      const link = await emailedLinkToken(t.db, coach.email, '/verify-email');
      expect((await verify(link, token)).statusCode).toBe(200);
      expect((await me(token)).json().email_verified).toBe(true);
      expect((await resend()).json()).toEqual({ detail: AUTH_MESSAGES.alreadyVerified });
    });

    it('a verification link confirms only for the signed-in account it was sent for', async () => {
      const owner = await registerCoach();
      const link = await emailedLinkToken(t.db, owner.email, '/verify-email');
      const ownerToken = await tokenFor(owner.email);
      // Followed by whoever has the inbox but not the account: nothing is confirmed or used up.
      const signedOut = await verify(link);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ detail: AUTH_MESSAGES.notAuthenticated });
      const other = await registerCoach();
      const otherToken = await tokenFor(other.email);
      const elsewhere = await verify(link, otherToken);
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).toEqual({ detail: AUTH_MESSAGES.verifyOtherAccount });
      expect((await me(otherToken)).json()).toMatchObject({ email: other.email, email_verified: false });
      expect((await me(ownerToken)).json()).toMatchObject({ email_verified: false });
      // The owner, signed in, follows the same link.
      const done = await verify(link, ownerToken);
      expect(done.json()).toEqual({ detail: AUTH_MESSAGES.emailVerified });
      expect((await me(ownerToken)).json()).toMatchObject({ email_verified: true });
      // A made-up link stays invalid for a signed-in account.
      expect((await verify('made-up', ownerToken)).json()).toEqual({ detail: AUTH_MESSAGES.verifyInvalid });
    });

    it('needs a signed-in user', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        payload: { name: 'X', email: 'x@y.co' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('change password', () => {
    const change = (token: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });

    it('checks the current password and the policy', async () => {
      const coach = await registerCoach();
      const token = await tokenFor(coach.email);
      const wrong = await change(token, { current_password: 'Not#Mine9', new_password: 'Fresh#Start8' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ detail: AUTH_MESSAGES.currentPasswordWrong });
      const weak = await change(token, { current_password: GOOD_PASSWORD, new_password: 'weakling' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({ detail: 'Password must contain at least one uppercase letter' });
      expect((await me(token)).statusCode).toBe(200);
    });

    it('signs out every other session; this one goes on with its token and gets a new one too', async () => {
      const coach = await registerCoach();
      const phone = await tokenFor(coach.email);
      const laptop = await tokenFor(coach.email);
      const response = await change(laptop, {
        current_password: GOOD_PASSWORD,
        new_password: 'Fresh#Start8',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.detail).toBe('Password changed successfully');
      expect((await me(body.access_token)).statusCode).toBe(200);
      expect((await me(phone)).statusCode).toBe(401);
      // The spec's client reads nothing from the answer: the token it keeps still works.
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await signIn(coach.email, GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(coach.email, 'Fresh#Start8')).statusCode).toBe(200);
      // A change from another session ends the laptop's, kept or not.
      const again = await change(body.access_token, {
        current_password: 'Fresh#Start8',
        new_password: 'Fresh#Start9',
      });
      expect(again.statusCode).toBe(200);
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(body.access_token)).statusCode).toBe(200);
    });
  });

  describe('teams for the picker', () => {
    it('gives a new coach no teams and a parent without a team a 404', async () => {
      const coach = await registerCoach();
      const coached = await t.app.inject({
        method: 'GET',
        url: '/api/teams/coached',
        headers: { authorization: `Bearer ${await tokenFor(coach.email)}` },
      });
      expect(coached.statusCode).toBe(200);
      expect(coached.json()).toEqual([]);

      const parentEmail = uniqueEmail('parent');
      await register({ name: 'Pam Parent', email: parentEmail, password: GOOD_PASSWORD, role: 'parent' });
      const parentToken = await tokenFor(parentEmail);
      const myTeam = await t.app.inject({
        method: 'GET',
        url: '/api/teams/my-team',
        headers: { authorization: `Bearer ${parentToken}` },
      });
      expect(myTeam.statusCode).toBe(404);
      expect(myTeam.json().detail).toEqual(expect.any(String));
      const notCoach = await t.app.inject({
        method: 'GET',
        url: '/api/teams/coached',
        headers: { authorization: `Bearer ${parentToken}` },
      });
      expect(notCoach.statusCode).toBe(403);
    });

    it('lists the teams a coach coaches', async () => {
      const coach = await registerCoach();
      await t.db.execute(
        sql`insert into teams (name, invite_code, created_by) values ('U10 Hawks', ${`H${coach.id}`.padEnd(8, 'X')}, ${coach.id})`,
      );
      await t.db.execute(
        sql`insert into team_members (team_id, user_id, role) select id, ${coach.id}, 'coach' from teams where created_by = ${coach.id}`,
      );
      const coached = await t.app.inject({
        method: 'GET',
        url: '/api/teams/coached',
        headers: { authorization: `Bearer ${await tokenFor(coach.email)}` },
      });
      expect(coached.json()).toEqual([
        expect.objectContaining({ name: 'U10 Hawks', invite_code: `H${coach.id}`.padEnd(8, 'X') }),
      ]);
    });
  });
});
