import net from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { JOIN_MESSAGES } from '../../src/shared/teams.ts';
import { call, createTeam, signUp } from '../support/teams.ts';
import { BACKENDS, GOOD_PASSWORD, startTestApp, type TestApp, uniqueEmail } from '../support/test-app.ts';

// What an attacker probes: tokens that should not pass, malformed requests that must still answer
// {detail}, and the limits that stop guessing and flooding (issue 6).

const JWT_SECRET = 'hardening-test-secret-0123456789abcdef';

/** Sends raw bytes to the listening server and collects the answer until the server closes or `ms` pass. */
function rawRequest(
  port: number,
  chunks: string[],
  ms = 5_000,
): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedAfterMs: Date.now() - started });
    };
    const timer = setTimeout(done, ms);
    socket.on('connect', () => chunks.forEach((chunk) => socket.write(chunk)));
    socket.on('data', (data) => (text += data.toString()));
    socket.on('close', done);
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? done() : reject(error),
    );
  });
}

const jsonBody = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe.each(BACKENDS)('hardening on $name', (backend) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      JWT_SECRET,
      JOIN_LIMIT_PER_ACCOUNT: '4',
      JOIN_LIMIT_PER_IP: '6',
      LOGIN_LIMIT_PER_ACCOUNT_IP: '3',
      LOGIN_LIMIT_PER_IP: '50',
      LOGIN_LIMIT_PER_ACCOUNT: '50',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  describe('tokens', () => {
    it('refuses a correctly signed token without an expiry', async () => {
      const coach = await signUp(t, 'coach');
      const forged = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(coach.id))
        .setIssuer('club-teams')
        .setIssuedAt()
        .sign(new TextEncoder().encode(JWT_SECRET));
      const me = await call(t, 'GET', '/api/auth/me', forged);
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ detail: 'Token expired or invalid' });
      expect((await call(t, 'GET', '/api/auth/me', coach.token)).statusCode).toBe(200);
    });

    it('refuses an Authorization header with anything after the token', async () => {
      const coach = await signUp(t, 'coach');
      for (const header of [`Bearer ${coach.token} junk`, `Bearer  ${coach.token}`, `Bearer`, coach.token]) {
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: header },
        });
        expect(me.statusCode, header).toBe(401);
        expect(typeof me.json().detail).toBe('string');
      }
      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `bearer ${coach.token}` },
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('every error answer has a detail', () => {
    it('answers a bad percent-encoding in the path with 400 {detail}', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/teams/%E0%A4%A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'The address is not valid' });
      // Answered before any hook runs, it still carries the security headers and is never kept.
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers a path parameter over the length limit with a 4xx {detail}', async () => {
      const coach = await signUp(t, 'coach');
      const response = await call(t, 'GET', `/api/teams/${'9'.repeat(500)}/players`, coach.token);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof response.json().detail).toBe('string');
    });

    it('answers an oversized header with 431 {detail}', async () => {
      const { text } = await rawRequest(port, [
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ]);
      expect(text.startsWith('HTTP/1.1 431')).toBe(true);
      expect(jsonBody(text)).toEqual({ detail: 'Request headers are too large' });
    });

    it('answers a body declared larger than its route takes 413 at once, without reading it', async () => {
      // 10 MB declared to a 64 KB route; the sender waits for the answer after its first kilobyte.
      const { text, closedAfterMs } = await rawRequest(
        port,
        [
          'POST /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${10 * 1024 * 1024}\r\n\r\n{"username":"${'a'.repeat(1000)}`,
        ],
        10_000,
      );
      expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(jsonBody(text)).toEqual({ detail: 'Request body is too large' });
      expect(closedAfterMs).toBeLessThan(3_000);
    });

    it('answers conflicting Content-Length and Transfer-Encoding with 400 {detail}', async () => {
      const { text } = await rawRequest(port, [
        'POST /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      ]);
      expect(text.startsWith('HTTP/1.1 400')).toBe(true);
      expect(jsonBody(text)).toEqual({ detail: 'The request is malformed' });
    });

    // Takes up to ~25 s: Node checks request timeouts on an interval, so this waits for the real thing.
    it('ends a request whose body never finishes within 30 s', { timeout: 45_000 }, async () => {
      const { text, closedAfterMs } = await rawRequest(
        port,
        [
          'POST /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100\r\n\r\n{"username":',
        ],
        40_000,
      );
      expect(closedAfterMs).toBeLessThan(30_000);
      if (text) {
        expect(text.startsWith('HTTP/1.1 408')).toBe(true);
        expect(jsonBody(text)).toEqual({ detail: 'The request took too long to arrive' });
      }
    });
  });

  describe('limits', () => {
    it('limits sign-ups per address', async () => {
      // An app of its own: the other tests sign up from the default address.
      const own = await startTestApp(backend, { SIGNUP_LIMIT_PER_IP: '3' });
      onTestFinished(() => own.close());
      const register = (ip: string) =>
        own.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Sam', email: uniqueEmail('signup'), password: GOOD_PASSWORD, role: 'coach' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await register('10.9.0.1')).statusCode).toBe(201);
      const blocked = await register('10.9.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Too many attempts/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await register('10.9.0.2')).statusCode).toBe(201);
    });

    it('limits joins per account and per address', async () => {
      const join = (token: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/teams/join',
          headers: { authorization: `Bearer ${token}` },
          payload: { invite_code: 'ZZZZZZZZ' },
          remoteAddress: ip,
        });
      const guesser = await signUp(t, 'parent');
      for (let i = 0; i < 4; i++) expect((await join(guesser.token, `10.8.0.${i + 1}`)).statusCode).toBe(404);
      const blocked = await join(guesser.token, '10.8.0.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Too many attempts/);

      // Six guesses from one address, spread over accounts, then the address is stopped.
      const others = await Promise.all([1, 2, 3].map(() => signUp(t, 'parent')));
      for (const account of others) {
        expect((await join(account.token, '10.8.1.1')).statusCode).toBe(404);
        expect((await join(account.token, '10.8.1.1')).statusCode).toBe(404);
      }
      expect((await join(others[0]!.token, '10.8.1.1')).statusCode).toBe(429);
    });

    it('answers a member the same for a valid and an invalid code', async () => {
      const coach = await signUp(t, 'coach');
      const team = await createTeam(t, coach);
      const other = await createTeam(t, coach, { name: 'Other Team' });
      const parent = await signUp(t, 'parent');
      const first = await call(t, 'POST', '/api/teams/join', parent.token, { invite_code: team.invite_code });
      expect(first.statusCode).toBe(200);
      await call(t, 'POST', `/api/join-requests/${first.json().request_id}/approve`, coach.token, {});
      const valid = await call(t, 'POST', '/api/teams/join', parent.token, {
        invite_code: other.invite_code,
      });
      const invalid = await call(t, 'POST', '/api/teams/join', parent.token, { invite_code: 'QQQQQQQQ' });
      expect(valid.statusCode).toBe(invalid.statusCode);
      expect(valid.json()).toEqual(invalid.json());
      expect(valid.json()).toEqual({ detail: JOIN_MESSAGES.alreadyMember });
    });

    it('a stranger failing on purpose from one address does not lock the owner out', async () => {
      const owner = await signUp(t, 'coach');
      const signIn = (password: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: owner.email, password },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await signIn('Wrong#Guess1', '10.7.0.66')).statusCode).toBe(401);
      expect((await signIn('Wrong#Guess1', '10.7.0.66')).statusCode).toBe(429);
      expect((await signIn(GOOD_PASSWORD, '10.7.0.66')).statusCode).toBe(429);
      expect((await signIn(GOOD_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    });
  });
});
