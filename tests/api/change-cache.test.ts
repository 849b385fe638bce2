import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Backend,
  createPostgresDatabase,
  GOOD_PASSWORD,
  startTestApp,
  type TestApp,
} from '../support/test-app.ts';
import { call, type Cast, castOfTeam, setModeratorFlags, signIn } from '../support/teams.ts';

// Each process keeps the signed-in user and team access it read (src/server/db/change-cache.ts); a
// change made through another process must take effect there at once (issue 7: a granted or revoked
// flag, a changed password). Two apps on one PostgreSQL database stand for two processes.

const postgres: Backend = { name: 'postgres' };

describe.runIf(process.env['TEST_DATABASE_URL'])('two processes on one PostgreSQL', () => {
  let dropDatabase = async () => {};
  let a: TestApp;
  let b: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    a = await startTestApp(postgres, { DATABASE_URL: database.url });
    b = await startTestApp(postgres, { DATABASE_URL: database.url });
    cast = await castOfTeam(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropDatabase();
  });

  /** The status process A answers, asked until it is `expected` or a second has passed. */
  async function settlesTo(send: () => Promise<{ statusCode: number }>, expected: number) {
    const until = Date.now() + 1_000;
    let status = (await send()).statusCode;
    while (status !== expected && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await send()).statusCode;
    }
    return status;
  }

  it('a flag granted or revoked through one process counts on the other at once', async () => {
    const addPlayer = () =>
      call(a, 'POST', `/api/teams/${cast.team.id}/players`, cast.moderator.token, { name: 'Cross Process' });
    // Process A reads (and keeps) the moderator's access without the flag.
    expect((await addPlayer()).statusCode).toBe(403);
    await setModeratorFlags(b, cast, ['can_manage_roster']);
    expect(await settlesTo(addPlayer, 201)).toBe(201);
    await setModeratorFlags(b, cast, ['can_view_finances']);
    expect(await settlesTo(addPlayer, 403)).toBe(403);
  });

  it('a password changed through one process signs the other sessions out on the other', async () => {
    // The parent is signed in on a second device; the change is made from the first.
    const otherDevice = await signIn(a, cast.parent.email);
    const me = (token: string) => () => call(a, 'GET', '/api/auth/me', token);
    expect((await me(otherDevice)()).statusCode).toBe(200);
    expect((await me(cast.parent.token)()).statusCode).toBe(200);
    const changed = await call(b, 'PUT', '/api/auth/change-password', cast.parent.token, {
      current_password: GOOD_PASSWORD,
      new_password: 'Goal#Keeper42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await settlesTo(me(otherDevice), 401)).toBe(401);
    // The session that made the change goes on (docs/decisions/002), on the other process too.
    expect((await me(cast.parent.token)()).statusCode).toBe(200);
  });

  it('a team answer polled on one process changes its tag when the other changes the team', async () => {
    const url = `/api/teams/${cast.team.id}`;
    const first = await a.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${cast.coach.token}` },
    });
    const etag = first.headers.etag as string;
    await call(b, 'PUT', url, cast.coach.token, { season: 'Cross Season' });
    const poll = () =>
      a.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${cast.coach.token}`, 'if-none-match': etag },
      });
    expect(await settlesTo(poll, 200)).toBe(200);
    expect((await poll()).json().season).toBe('Cross Season');
  });
});
