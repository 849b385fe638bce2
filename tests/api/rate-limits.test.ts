import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, GOOD_PASSWORD, startTestApp, type TestApp, uniqueEmail } from '../support/test-app.ts';

describe.each(BACKENDS)('rate limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      LOGIN_LIMIT_PER_ACCOUNT: '3',
      LOGIN_LIMIT_PER_IP: '8',
      FORGOT_LIMIT_PER_ACCOUNT: '2',
      FORGOT_LIMIT_PER_IP: '1000',
      RESET_LIMIT_PER_IP: '3',
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
