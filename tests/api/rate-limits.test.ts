import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, GOOD_PASSWORD, startTestApp, type TestApp, uniqueEmail } from '../support/test-app.ts';

describe.each(BACKENDS)('rate limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      LOGIN_LIMIT_PER_ACCOUNT: '3',
      LOGIN_LIMIT_PER_IP: '8',
      LOGIN_LIMIT_PER_ACCOUNT_IP: '5',
      // One proxy in front: the client address is the last X-Forwarded-For entry when one is sent.
      TRUST_PROXY_HOPS: '1',
      FORGOT_LIMIT_PER_ACCOUNT: '2',
      FORGOT_LIMIT_PER_IP: '1000',
      RESET_LIMIT_PER_IP: '3',
      PASSWORD_CHANGE_LIMIT_PER_ACCOUNT: '3',
      PASSWORD_CHANGE_LIMIT_PER_IP: '5',
      SIGNUP_LIMIT_PER_IP: '1000',
    });
  });
  afterAll(() => t?.close());

  const signIn = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username, password },
      remoteAddress: ip,
    });
  /** A sign-in that reached the app through its proxy on loopback, from `client`. */
  const signInVia = (username: string, password: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username, password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });
  const register = async (prefix: string) => {
    const email = uniqueEmail(prefix);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Pat Parent', email, password: GOOD_PASSWORD, role: 'parent' },
      remoteAddress: '10.9.9.9',
    });
    expect(response.statusCode, response.body).toBe(201);
    return email;
  };
  const WRONG = 'Wrong#Guess1';

  it('never counts a correct sign-in: one account signs in again and again from one address', async () => {
    const email = await register('again');
    // Past the pair limit (5) and the per-account ceiling (3).
    for (let i = 0; i < 12; i++)
      expect((await signIn(email, GOOD_PASSWORD, '10.0.5.1')).statusCode).toBe(200);
  });

  it('lets a whole clubhouse behind one router sign in', async () => {
    const parents: string[] = [];
    for (let i = 0; i < 12; i++) parents.push(await register('clubhouse'));
    // More parents than the per-address limit (8), all from the router's one address.
    for (const email of parents)
      expect((await signIn(email, GOOD_PASSWORD, '10.0.6.1')).statusCode).toBe(200);
  });

  it('clears the failures of its (account, address) pair on a correct sign-in', async () => {
    const email = await register('typo');
    const home = '10.0.7.1';
    expect((await signIn(email, GOOD_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(email, WRONG, home)).statusCode).toBe(401);
    expect((await signIn(email, GOOD_PASSWORD, home)).statusCode).toBe(200);
    // The four failures are forgotten: four more stay under the pair limit (5) instead of passing it.
    for (let i = 0; i < 4; i++) expect((await signIn(email, WRONG, home)).statusCode).toBe(401);
  });

  it('keeps the owner signing in from an address they use while a stranger fails from many', async () => {
    const email = await register('owner');
    const home = '10.0.8.1';
    expect((await signIn(email, GOOD_PASSWORD, home)).statusCode).toBe(200);
    // A stranger spreads failures over several addresses until the per-account ceiling (3) holds.
    for (const ip of ['10.0.9.1', '10.0.9.2', '10.0.9.3'])
      expect((await signIn(email, WRONG, ip)).statusCode).toBe(401);
    expect((await signIn(email, WRONG, '10.0.9.4')).statusCode).toBe(429);
    // The owner's own address is held only by its own pair limit; a new address waits.
    expect((await signIn(email, GOOD_PASSWORD, home)).statusCode).toBe(200);
    expect((await signIn(email, GOOD_PASSWORD, '10.0.8.2')).statusCode).toBe(429);
  });

  it('lets an account that signed in from an address past its per-address limit; others there wait', async () => {
    const clubhouse = '10.0.12.1';
    const parent = await register('trusted');
    expect((await signIn(parent, GOOD_PASSWORD, clubhouse)).statusCode).toBe(200);
    const newcomer = await register('untrusted');
    // A kid on the clubhouse Wi-Fi fails again and again until the per-address limit (8) holds.
    for (let i = 0; i < 8; i++)
      expect((await signIn(uniqueEmail('kid'), WRONG, clubhouse)).statusCode).toBe(401);
    expect((await signIn(uniqueEmail('kid'), WRONG, clubhouse)).statusCode).toBe(429);
    // The parent who signs in from there still gets in; an account that never did waits, even with its
    // right password.
    expect((await signIn(parent, GOOD_PASSWORD, clubhouse)).statusCode).toBe(200);
    const refused = await signIn(newcomer, GOOD_PASSWORD, clubhouse);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts/);
    // The trusted pair stays held by its own limit (5).
    for (let i = 0; i < 5; i++) expect((await signIn(parent, WRONG, clubhouse)).statusCode).toBe(401);
    expect((await signIn(parent, GOOD_PASSWORD, clubhouse)).statusCode).toBe(429);
  });

  describe('change password', () => {
    const change = (token: string, current: string, next: string, ip = '10.0.13.1') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: current, new_password: next },
        remoteAddress: ip,
      });
    const session = async (email: string) =>
      (await signIn(email, GOOD_PASSWORD, '10.0.13.9')).json().access_token as string;

    it('limits wrong current passwords per account, from any address; a correct one never counts', async () => {
      const email = await register('changer');
      const token = await session(email);
      // Correct ones, more than the limit (3), never count.
      let password = GOOD_PASSWORD;
      for (const next of ['Fresh#Start1', 'Fresh#Start2', 'Fresh#Start3', 'Fresh#Start4']) {
        expect((await change(token, password, next)).statusCode).toBe(200);
        password = next;
      }
      for (const ip of ['10.0.13.1', '10.0.13.2', '10.0.13.3'])
        expect((await change(token, WRONG, 'Fresh#Start9', ip)).statusCode).toBe(400);
      const blocked = await change(token, WRONG, 'Fresh#Start9', '10.0.13.4');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'Too many attempts. Please wait 15 minutes and try again.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      // Now even the right one waits (a guess must not learn it was right), and nothing changed.
      expect((await change(token, password, 'Fresh#Start9')).statusCode).toBe(429);
      expect((await signIn(email, password, '10.0.13.9')).statusCode).toBe(200);
    });

    it('limits wrong current passwords per address, across accounts', async () => {
      const ip = '10.0.14.1';
      for (let i = 0; i < 5; i++) {
        const token = await session(await register('spray.change'));
        expect((await change(token, WRONG, 'Fresh#Start9', ip)).statusCode).toBe(400);
      }
      const token = await session(await register('spray.change'));
      const blocked = await change(token, WRONG, 'Fresh#Start9', ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Too many attempts/);
      expect((await change(token, WRONG, 'Fresh#Start9', '10.0.14.2')).statusCode).toBe(400);
    });
  });

  it('counts an IPv6 client behind the proxy per /64', async () => {
    // Eight failures from eight addresses of one /64 use up the per-address limit (8) of all of them.
    for (let i = 1; i <= 8; i++)
      expect((await signInVia(uniqueEmail('v6'), WRONG, `2001:db8:5:6::${i}`)).statusCode).toBe(401);
    const blocked = await signInVia(uniqueEmail('v6'), WRONG, '2001:db8:5:6:ffff:1:2:3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many attempts/);
    // Another /64 has its own allowance.
    expect((await signInVia(uniqueEmail('v6'), WRONG, '2001:db8:5:7::1')).statusCode).toBe(401);
  });

  it('keeps an owner on IPv6 signing in from their /64 while a stranger fails from others', async () => {
    const email = await register('v6owner');
    expect((await signInVia(email, GOOD_PASSWORD, '2001:db8:aa:1::5')).statusCode).toBe(200);
    for (const client of ['2001:db8:bb:1::1', '2001:db8:bb:2::1', '2001:db8:bb:3::1'])
      expect((await signInVia(email, WRONG, client)).statusCode).toBe(401);
    expect((await signInVia(email, WRONG, '2001:db8:bb:4::1')).statusCode).toBe(429);
    // The owner's device took a new privacy address in the same /64: still the owner's place.
    expect((await signInVia(email, GOOD_PASSWORD, '2001:db8:aa:1:8e2f::77')).statusCode).toBe(200);
    expect((await signInVia(email, GOOD_PASSWORD, '2001:db8:cc:1::5')).statusCode).toBe(429);
  });

  it('limits sign-in attempts per account, from any address', async () => {
    const email = uniqueEmail('target');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Tara', email, password: GOOD_PASSWORD, role: 'coach' },
    });
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3'])
      expect((await signIn(email, 'Wrong#Guess1', ip)).statusCode).toBe(401);
    const blocked = await signIn(email.toUpperCase(), GOOD_PASSWORD, '10.0.1.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('limits sign-in attempts per address, across accounts', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 8; i++)
      expect((await signIn(uniqueEmail('spray'), 'Wrong#Guess1', ip)).statusCode).toBe(401);
    const blocked = await signIn(uniqueEmail('spray'), 'Wrong#Guess1', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many attempts/);
    expect((await signIn(uniqueEmail('other'), 'Wrong#Guess1', '10.0.2.2')).statusCode).toBe(401);
  });

  it('limits forgot-password per account and reset-password per address', async () => {
    const email = uniqueEmail('flood');
    const forgot = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    const third = await forgot();
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toBe('Too many attempts. Please wait 60 minutes and try again.');

    const reset = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, new_password: 'Fresh#Start8' },
        remoteAddress: '10.0.3.1',
      });
    for (const token of ['a', 'b', 'c']) expect((await reset(token)).statusCode).toBe(400);
    expect((await reset('d')).statusCode).toBe(429);
  });

  it('limits invite password setup per address, like reset links', async () => {
    const setup = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/setup-password',
        payload: { email, password: 'Fresh#Start8', invite_token: 'guess' },
        remoteAddress: '10.0.4.1',
      });
    for (let i = 0; i < 3; i++) expect((await setup(uniqueEmail('guess'))).statusCode).toBe(400);
    const blocked = await setup(uniqueEmail('guess'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many attempts/);
  });
});
