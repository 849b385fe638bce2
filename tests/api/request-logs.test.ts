import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamDocument } from '../../src/shared/api/documents.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { loggedPath } from '../../src/server/plugins/request-log.ts';
import { okJson } from '../support/events.ts';
import { BACKENDS, GOOD_PASSWORD, secretEnv, type TestApp } from '../support/test-app.ts';
import { type Account, call, createTeam, signUp, startWithCast } from '../support/teams.ts';

// The request log keeps no token, secret, email address, name or invite code from any address
// (docs/product/limits-and-abuse.md 'Privacy in logs and email'; docs/decisions/026), however the address
// is spelled: the router decodes '%74oken' and '%66eed' as 'token' and 'feed', and a malformed escape
// elsewhere in the address must not stop the rest from being read. The tests read the log lines the
// server really writes.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n', 'latin1');
const FEED_SECRET = 'Zm9vYmFyYmF6cXV4cXV1eGZvb2JhcmJhenF1eHF1dXg';
/** An escape that decodeURIComponent refuses, so a reader decoding the whole address gives up. */
const MALFORMED = 'x=%E0%A4%A';

describe.each(BACKENDS)('request logs on $name', (backend) => {
  let t: TestApp;
  let close = async () => {};
  let logged: App;
  let coach: Account;
  let doc: TeamDocument;
  const lines: string[] = [];

  beforeAll(async () => {
    ({ t, close } = await startWithCast(backend));
    logged = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        // The web app's page routes too (with or without a build, every other address is the page).
        SERVE_WEB: 'true',
        DATA_DIR: t.dataDir,
        ...secretEnv(backend),
      }),
      database: t.app.database,
      startMailSender: false,
      logStream: { write: (line) => lines.push(line) },
    });
    await logged.ready();
    coach = await signUp(t, 'coach', 'Lena Logged');
    const team = await createTeam(t, coach, { name: 'U8 Owls' });
    const boundary = '----logtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nRules\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rules.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    doc = okJson<TeamDocument>(
      await logged.inject({
        method: 'POST',
        url: `/api/documents/upload/${team.id}`,
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${coach.token}`,
        },
      }),
      201,
    );
  }, 60_000);
  afterAll(async () => {
    await logged?.close();
    await close();
  });

  /** The URLs the log kept for the requests `run` made. */
  async function urlsLoggedFor(run: () => Promise<unknown>): Promise<string[]> {
    const from = lines.length;
    await run();
    return lines
      .slice(from)
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((line) => (line.req?.url === undefined ? [] : [line.req.url]));
  }

  const get = (url: string, token?: string) =>
    logged.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('keeps no download token, however the parameter is spelled', async () => {
    const urls = await urlsLoggedFor(async () => {
      // The query parser reads '%74oken' as 'token': both are the download's token.
      expect((await get(`/api/documents/download/${doc.id}?token=${coach.token}`)).statusCode).toBe(200);
      expect(
        (await get(`/api/documents/download/${doc.id}?${MALFORMED}&%74oken=${coach.token}`)).statusCode,
      ).toBe(200);
      expect((await get(`/api/documents/download/${doc.id}?access_token=${coach.token}`)).statusCode).toBe(
        401,
      );
    });
    expect(urls).toEqual(Array(3).fill(`/api/documents/download/${doc.id}`));
    expect(lines.join('\n')).not.toContain(coach.token);
  });

  it('keeps no calendar feed secret, however the path is spelled', async () => {
    const spellings = [
      `/api/calendar/feed/${coach.id}/${FEED_SECRET}.ics`,
      `/api/calendar/%66eed/${coach.id}/${FEED_SECRET}.ics?${MALFORMED}`,
      `/api/%63alendar/feed/${coach.id}/${FEED_SECRET}.ics`,
      `/api/calendar/./feed/${coach.id}/${FEED_SECRET}.ics`,
      `/api/calendar//feed//${coach.id}/${FEED_SECRET}.ics`,
      `/api/calendar/feed/${coach.id}/${FEED_SECRET.slice(0, 20)}%${FEED_SECRET.slice(20)}.ics`,
      `/api/calendar/FEED/${coach.id}/${FEED_SECRET}.ics`,
    ];
    const urls = await urlsLoggedFor(async () => {
      for (const spelling of spellings) await get(spelling);
    });
    expect(urls).toHaveLength(spellings.length);
    // The router's spellings log the route; the others (no route matched) end at the redaction.
    for (const url of urls) {
      expect([`/api/calendar/feed/${coach.id}/:file`, '/api/calendar/feed/[redacted]']).toContain(
        url.toLowerCase(),
      );
    }
    expect(lines.join('\n')).not.toContain(FEED_SECRET.slice(0, 20));
    expect(lines.join('\n')).not.toContain(FEED_SECRET.slice(20));
  });

  it("keeps no invitee's email, name, code or token from an invite page address", async () => {
    const invite =
      '?team=QX7K2M9P&email=jane.parent%40example.com&name=Jane%20Parentname&token=InviteSecret123456789abc';
    const urls = await urlsLoggedFor(async () => {
      for (const page of ['/', '/join', '/reset-password', '/index.html']) {
        const answer = await get(`${page}${invite}`);
        expect(answer.statusCode).toBeLessThan(500);
      }
      await get(`/${invite}&${MALFORMED}`);
      await get(`/api/auth/me${invite}`, coach.token);
      await get(`/api/teams/join/QX7K2M9P/jane.parent@example.com${invite}`);
    });
    expect(urls).toContain('/');
    expect(urls).toContain('/api/auth/me');
    const all = lines.join('\n');
    for (const secret of ['QX7K2M9P', 'jane.parent', 'Jane', 'Parentname', 'InviteSecret']) {
      expect(all, secret).not.toContain(secret);
    }
  });

  it("keeps no value of a failed query: no parameters, no failing row, the database's code kept", async () => {
    const from = lines.length;
    const email = 'other.person@example.com';
    // A sign-in whose first query (its limits' table: the trusted-pair check, then the counters) fails.
    await t.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      const answer = await logged.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: email, password: 'Wrong#Guess4' },
      });
      expect(answer.statusCode, answer.body).toBe(500);
    } finally {
      await t.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    // A sign-up whose row the database refuses: PostgreSQL's detail lists the row, password hash included.
    await t.db.execute(sql`alter table users add constraint logs_refuse_rows check (false) not valid`);
    try {
      const answer = await logged.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'Rhea Rowfail',
          email: 'rhea.rowfail@example.com',
          password: GOOD_PASSWORD,
          role: 'coach',
          phone: '555-0199',
        },
      });
      expect(answer.statusCode, answer.body).toBe(500);
    } finally {
      await t.db.execute(sql`alter table users drop constraint logs_refuse_rows`);
    }
    const said = lines.slice(from).join('\n');
    for (const secret of [
      'other.person',
      'Wrong#Guess4',
      'Rhea',
      'Rowfail',
      'rhea.rowfail',
      '555-0199',
      '$argon2',
    ]) {
      expect(said, secret).not.toContain(secret);
    }
    const errors = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { err?: { message: string; cause?: Record<string, unknown> } })
      .flatMap((line) => (line.err ? [line.err] : []));
    // What failed is still there: the query (without its values), the database's code, constraint and words.
    expect(errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^Failed query: [^$]*\brate_limit_hits\b/),
        cause: expect.objectContaining({
          code: '42P01',
          message: expect.stringContaining('rate_limit_hits'),
        }),
      }),
      expect.objectContaining({
        message: expect.stringMatching(/^Failed query: insert into "users"/),
        cause: expect.objectContaining({
          code: '23514',
          constraint: 'logs_refuse_rows',
          message: expect.stringContaining('logs_refuse_rows'),
        }),
      }),
    ]);
  });

  it('keeps ids and the route, so a line still says what was asked', async () => {
    const urls = await urlsLoggedFor(() => call({ ...t, app: logged }, 'GET', `/api/documents/${doc.id}`));
    expect(urls).toEqual([`/api/documents/${doc.id}`]);
  });
});

describe('an address that matched no route', () => {
  it('is logged without its query, decoded per segment, with what follows "feed" and secrets removed', () => {
    expect(loggedPath(`/api/nothing/here?token=abc`)).toBe('/api/nothing/here');
    expect(loggedPath(`/api/%66eed/1/${FEED_SECRET}.ics`)).toBe('/api/feed/[redacted]');
    expect(loggedPath(`/x/%zz/%66eed/1/s`)).toBe('/x/%zz/feed/[redacted]');
    expect(loggedPath(`/a%2Ffeed%2F1%2F${FEED_SECRET}`)).toBe('/a/feed/[redacted]');
    expect(loggedPath('/people/jane@example.com/x')).toBe('/people/[redacted]/x');
    expect(loggedPath(`/reset/${FEED_SECRET}`)).toBe('/reset/[redacted]');
    expect(loggedPath('/user-guide')).toBe('/user-guide');
  });
});
