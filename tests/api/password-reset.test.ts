import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/api/auth.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { BACKENDS, GOOD_PASSWORD, startTestApp, type TestApp, uniqueEmail } from '../support/test-app.ts';

const NEW_PASSWORD = 'Fresh#Start8';

describe.each(BACKENDS)('forgot and reset password on $name, delivered by SMTP', (backend) => {
  let t: TestApp;
  const smtp = new SmtpReceiver();

  beforeAll(async () => {
    const port = await smtp.start();
    t = await startTestApp(backend, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  async function registerCoach(): Promise<string> {
    const email = uniqueEmail('forgetful');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Fran Forgetful', email, password: GOOD_PASSWORD, role: 'coach' },
    });
    expect(response.statusCode).toBe(201);
    return email;
  }

  const forgot = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers });
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, new_password: newPassword },
    });
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { username, password } });

  function tokenFromEmail(text: string): string {
    const link = text.match(/http:\/\/club\.test\/reset-password\?token=(\S+)/);
    expect(link, text).not.toBeNull();
    return decodeURIComponent(link?.[1] ?? '');
  }

  it('emails a link built from PUBLIC_URL, never from the Host header, and the link resets once', async () => {
    const email = await registerCoach();
    const oldSession = (await signIn(email, GOOD_PASSWORD)).json().access_token as string;

    const response = await forgot(email.toUpperCase(), {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.forgotAccepted });

    const message = await smtp.waitFor(email, /Reset your/);
    expect(message.subject).toBe('Reset your Test Valley FC password');
    expect(message.text).not.toContain('evil.example');
    expect(message.html).toContain('href="http://club.test/reset-password?token=');
    const token = tokenFromEmail(message.text);

    const stored = await t.db.execute(sql`select token_hash from password_reset_tokens`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: AUTH_MESSAGES.resetDone });
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, GOOD_PASSWORD)).statusCode).toBe(401);
    // The reset signed out the session that existed before it.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${oldSession}` },
    });
    expect(me.statusCode).toBe(401);

    const again = await reset(token, 'Another#Go7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: AUTH_MESSAGES.resetInvalid });
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const known = await registerCoach();
    const unknown = uniqueEmail('stranger');
    const started = Date.now();
    const a = await forgot(known);
    const knownMs = Date.now() - started;
    const b = await forgot(unknown);
    const unknownMs = Date.now() - started - knownMs;
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    // Both are held to the same floor, so the time does not tell whether the account exists.
    expect(unknownMs).toBeGreaterThanOrEqual(390);
    expect(knownMs).toBeGreaterThanOrEqual(390);
    await smtp.waitFor(known, /Reset your/);
    expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('refuses an expired link, an unknown link and a weak new password', async () => {
    const email = await registerCoach();
    await forgot(email);
    const token = tokenFromEmail((await smtp.waitFor(email, /Reset your/)).text);

    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ detail: 'Password must contain at least one uppercase letter' });

    await t.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const expired = await reset(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: AUTH_MESSAGES.resetInvalid });

    const unknown = await reset('made-up-token');
    expect(unknown.json()).toEqual({ detail: AUTH_MESSAGES.resetInvalid });
    expect((await signIn(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('using one link retires the other links of the same account', async () => {
    const email = await registerCoach();
    await forgot(email);
    const first = tokenFromEmail((await smtp.waitFor(email, /Reset your/)).text);
    const before = smtp.messages.length;
    await forgot(email);
    await expect.poll(() => smtp.messages.length).toBeGreaterThan(before);
    const second = tokenFromEmail((await smtp.waitFor(email, /Reset your/)).text);
    expect(second).not.toBe(first);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'Other#Way55')).statusCode).toBe(400);
  });
});
