import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../src/shared/calendar.ts';
import { calendarSealer } from '../../src/server/features/calendar/sealing.ts';
import { expectDetail, okJson } from '../support/events.ts';
import { BACKENDS, emailedLinkToken, GOOD_PASSWORD, queryRows, type TestApp } from '../support/test-app.ts';
import { type Account, call, type Cast, signUp, startWithCast } from '../support/teams.ts';

// GET /api/calendar/token and POST /api/calendar/token/regenerate (docs/decisions/017): a 256-bit
// secret, made on the first ask and the same afterwards, kept hashed and sealed, never in plain text.

interface CalendarToken {
  user_id: number;
  token: string;
  feed_path: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(BACKENDS)('calendar subscription token on $name', (backend) => {
  let t: TestApp;
  let cast: Cast;
  let close = async () => {};
  beforeAll(async () => {
    ({ t, cast, close } = await startWithCast(backend));
  });
  afterAll(() => close());

  const getToken = async (account: Account) =>
    okJson<CalendarToken>(await call(t, 'GET', '/api/calendar/token', account.token));
  const regenerate = async (account: Account) =>
    okJson<CalendarToken>(await call(t, 'POST', '/api/calendar/token/regenerate', account.token));
  const storedRow = async (userId: number) =>
    (await queryRows<Record<string, unknown>>(t.db, sql`select * from users where id = ${userId}`))[0] ?? {};
  const feed = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('needs a signed-in user', async () => {
    expectDetail(await call(t, 'GET', '/api/calendar/token'), 401, 'Not authenticated');
    const regenerated = await call(t, 'POST', '/api/calendar/token/regenerate');
    expect(regenerated.statusCode).toBe(401);
    expect(regenerated.json()).toHaveProperty('detail');
  });

  it('makes a secret of 256 bits on the first ask and answers the same one afterwards', async () => {
    const first = await getToken(cast.parent);
    expect(first.user_id).toBe(cast.parent.id);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(Buffer.from(first.token, 'base64url').length).toBe(32);
    expect(first.feed_path).toBe(`/api/calendar/feed/${cast.parent.id}/${first.token}.ics`);
    expect(await getToken(cast.parent)).toEqual(first);
    // Each user has a secret of their own.
    expect((await getToken(cast.coach)).token).not.toBe(first.token);
  });

  it('never stores the secret in plain text: only its SHA-256 and a sealed copy', async () => {
    const { token } = await getToken(cast.player);
    const row = await storedRow(cast.player.id);
    expect(row['calendar_token_hash']).toBe(sha256(token));
    expect(typeof row['calendar_token_sealed']).toBe('string');
    expect(JSON.stringify(row)).not.toContain(token);
    const everything = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select calendar_token_hash, calendar_token_sealed from users`,
    );
    expect(JSON.stringify(everything)).not.toContain(token);
  });

  it('regenerating replaces the secret: the old URL answers 404, the new one works', async () => {
    const old = await getToken(cast.moderator);
    expect((await feed(old.feed_path)).statusCode).toBe(200);
    const fresh = await regenerate(cast.moderator);
    expect(fresh.token).not.toBe(old.token);
    expect(fresh.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getToken(cast.moderator)).toEqual(fresh);
    expect((await storedRow(cast.moderator.id))['calendar_token_hash']).toBe(sha256(fresh.token));
    expectDetail(await feed(old.feed_path), 404, CALENDAR_MESSAGES.feedNotFound);
    expect((await feed(fresh.feed_path)).statusCode).toBe(200);
  });

  it('regenerating before the first ask makes one', async () => {
    const someone = await signUp(t, 'parent', 'Rita Regenerate');
    const made = await regenerate(someone);
    expect(await getToken(someone)).toEqual(made);
  });

  it('two first asks at the same moment get the same secret', async () => {
    const someone = await signUp(t, 'parent', 'Tess Twotabs');
    const answers = await Promise.all([getToken(someone), getToken(someone), getToken(someone)]);
    expect(new Set(answers.map((answer) => answer.token)).size).toBe(1);
    expect((await storedRow(someone.id))['calendar_token_hash']).toBe(sha256(answers[0]?.token ?? ''));
  });

  it('a sealed copy the server cannot open (its signing secret changed) is replaced by a new secret', async () => {
    const someone = await signUp(t, 'parent', 'Sid Sealed');
    const old = await getToken(someone);
    await t.db.execute(
      sql`update users set calendar_token_sealed = ${calendarSealer('another server secret').seal(old.token, someone.id)} where id = ${someone.id}`,
    );
    const fresh = await getToken(someone);
    expect(fresh.token).not.toBe(old.token);
    expect((await feed(fresh.feed_path)).statusCode).toBe(200);
    expect((await feed(old.feed_path)).statusCode).toBe(404);
  });

  it('a password change ends the old feed URL; the next ask makes a new one', async () => {
    const someone = await signUp(t, 'parent', 'Paula Password');
    const old = await getToken(someone);
    expect((await feed(old.feed_path)).statusCode).toBe(200);
    const changed = await call(t, 'PUT', '/api/auth/change-password', someone.token, {
      current_password: GOOD_PASSWORD,
      new_password: 'Fresh#Start8',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectDetail(await feed(old.feed_path), 404, CALENDAR_MESSAGES.feedNotFound);
    const fresh = await getToken({ ...someone, token: changed.json().access_token as string });
    expect(fresh.token).not.toBe(old.token);
    expect((await feed(fresh.feed_path)).statusCode).toBe(200);
  });

  it('a password reset ends the old feed URL too', async () => {
    const someone = await signUp(t, 'parent', 'Rob Reset');
    const old = await getToken(someone);
    expect((await feed(old.feed_path)).statusCode).toBe(200);
    await call(t, 'POST', '/api/auth/forgot-password', undefined, { email: someone.email });
    const reset = await call(t, 'POST', '/api/auth/reset-password', undefined, {
      token: await emailedLinkToken(t.db, someone.email, '/reset-password'),
      new_password: 'Fresh#Start8',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expectDetail(await feed(old.feed_path), 404, CALENDAR_MESSAGES.feedNotFound);
  });

  it('limits regenerating per account (429 with a detail)', async () => {
    const someone = await signUp(t, 'parent', 'Ursula Urgent');
    for (let i = 0; i < 10; i += 1) await regenerate(someone);
    const limited = await call(t, 'POST', '/api/calendar/token/regenerate', someone.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/too many/i);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account is not affected.
    await regenerate(cast.otherCoach);
  });
});

describe('the sealed copy', () => {
  it('opens only for the user it was sealed for, under the same server secret', () => {
    const sealer = calendarSealer('a signing secret of the server, long enough');
    const sealed = sealer.seal('the-secret', 7);
    expect(sealed).not.toContain('the-secret');
    expect(sealer.open(sealed, 7)).toBe('the-secret');
    expect(sealer.open(sealed, 8)).toBeUndefined();
    expect(calendarSealer('another secret').open(sealed, 7)).toBeUndefined();
    expect(sealer.open('garbage', 7)).toBeUndefined();
    expect(sealer.open('v1.a.b.c', 7)).toBeUndefined();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = `${version}.${iv}.${body?.startsWith('A') ? 'B' : 'A'}${body?.slice(1)}.${tag}`;
    expect(sealer.open(flipped, 7)).toBeUndefined();
    // A fresh nonce each time: two seals of one secret differ.
    expect(sealer.seal('the-secret', 7)).not.toBe(sealed);
  });
});
