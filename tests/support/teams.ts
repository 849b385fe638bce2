import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import type { ModeratorFlag } from '../../src/shared/permissions.ts';
import { hashPassword } from '../../src/server/features/auth/passwords.ts';
import { markEmailVerified } from '../../src/server/features/auth/email-verification.ts';
import { insertUser } from '../../src/server/features/auth/queries.ts';
import type { SmtpReceiver } from './smtp-receiver.ts';
import {
  type Backend,
  emailedLinkToken,
  GOOD_PASSWORD,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from './test-app.ts';

// Accounts, teams and memberships for the team, roster and joining API tests, made through the API
// (admins, which no API creates, straight through the same query the command line uses).

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Account {
  id: number;
  name: string;
  email: string;
  token: string;
}

export function call(
  t: TestApp,
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function signIn(t: TestApp, email: string, password = GOOD_PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { username: email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().access_token as string;
}

/**
 * The owner follows the verification link emailed to `email`, signed in to the account it was sent for
 * (the link confirms nothing for anyone else): by default the account of that address with the test
 * password; give `token` for a new address waiting to replace the account's.
 */
export async function confirmEmail(t: TestApp, email: string, token?: string): Promise<void> {
  const bearer = token ?? (await signIn(t, email));
  const response = await call(t, 'POST', '/api/auth/verify-email', bearer, {
    token: await emailedLinkToken(t.db, email, '/verify-email'),
  });
  expect(response.statusCode, response.body).toBe(200);
}

type Role = 'coach' | 'parent' | 'player' | 'admin';

/**
 * A signed-in account of the role (admins are made directly, as `npm run create-admin` does, with a
 * confirmed email). A coach confirms the email too, as one who sends invites must
 * (docs/decisions/007); parents and players do not unless `confirmed` says so.
 */
export async function signUp(
  t: TestApp,
  role: Role,
  name = `${role[0]?.toUpperCase()}${role.slice(1)} Person`,
  email = uniqueEmail(role),
  { confirmed = role === 'coach' }: { confirmed?: boolean } = {},
): Promise<Account> {
  await createAccount(t, role, name, email);
  return signedIn(t, name, email, confirmed && role !== 'admin');
}

/** The account, made through the public sign-up (admins: straight through the query). */
async function createAccount(t: TestApp, role: Role, name: string, email: string): Promise<void> {
  if (role === 'admin') {
    const row = await insertUser(t.db, {
      name,
      email,
      phone: null,
      role,
      passwordHash: await hashPassword(GOOD_PASSWORD),
    });
    expect(row).toBeDefined();
    if (row) await markEmailVerified(t.db, row.id);
  } else {
    const response = await call(t, 'POST', '/api/auth/register', undefined, {
      name,
      email,
      password: GOOD_PASSWORD,
      role,
      phone: '555-0100',
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}

/** The account's owner confirms the email (when `confirm`), signs in and reads who they are. */
async function signedIn(t: TestApp, name: string, email: string, confirm: boolean): Promise<Account> {
  if (confirm) await confirmEmail(t, email);
  const token = await signIn(t, email);
  const me = await call(t, 'GET', '/api/auth/me', token);
  return { id: me.json().id as number, name, email, token };
}

export async function createTeam(
  t: TestApp,
  coach: Account,
  overrides: Record<string, unknown> = {},
): Promise<Team> {
  const response = await call(t, 'POST', '/api/teams/setup-complete', coach.token, {
    name: 'U10 Hawks',
    head_coach_name: coach.name,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Team;
}

/** The account asks to join with the code and the coach approves (optionally linking a player). */
export async function joinApproved(
  t: TestApp,
  coach: Account,
  member: Account,
  inviteCode: string,
  playerId?: number,
): Promise<number> {
  const joined = await call(t, 'POST', '/api/teams/join', member.token, { invite_code: inviteCode });
  expect(joined.statusCode, joined.body).toBe(200);
  const requestId = joined.json().request_id as number;
  if (joined.json().status === 'pending_approval') {
    const approved = await call(
      t,
      'POST',
      `/api/join-requests/${requestId}/approve`,
      coach.token,
      playerId === undefined ? {} : { player_id: playerId },
    );
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return requestId;
}

export async function addPlayer(
  t: TestApp,
  coach: Account,
  teamId: number,
  body: Record<string, unknown>,
): Promise<{ id: number; name: string; jersey_number: number | null }> {
  const response = await call(t, 'POST', `/api/teams/${teamId}/players`, coach.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/**
 * Everyone the access rules tell apart: the team's coach, a coach of another team, a club admin, a
 * parent and a player of the team, a signed-in stranger, and nobody (no token).
 */
export interface Cast {
  team: Team;
  otherTeam: Team;
  coach: Account;
  otherCoach: Account;
  admin: Account;
  parent: Account;
  player: Account;
  /** A parent of the team whom the coach made a moderator with a flag no write needs (can_view_finances). */
  moderator: Account;
  stranger: Account;
}

export async function castOfTeam(t: TestApp, teamName = 'U10 Hawks'): Promise<Cast> {
  // The accounts are made one after another, so their ids keep this order, then confirmed and signed in
  // all at once: each sign-in waits on its password's hash (argon2, on libuv's threads), and the next
  // one's need not wait for it. A cast on a warm PGlite app took 0.55-0.7 s instead of 0.75-0.85 s
  // (docs/decisions/044).
  const people = [
    ['coach', 'Casey Coach'],
    ['coach', 'Olive Othercoach'],
    ['admin', 'Ada Admin'],
    ['parent', 'Pat Parent'],
    ['player', 'Pia Player'],
    ['parent', 'Sam Stranger'],
    ['parent', 'Mo Moderator'],
  ] as const;
  const emails = people.map(([role]) => uniqueEmail(role));
  for (const [i, [role, name]] of people.entries()) await createAccount(t, role, name, emails[i] ?? '');
  const [coach, otherCoach, admin, parent, player, stranger, moderator] = (await Promise.all(
    people.map(([role, name], i) => signedIn(t, name, emails[i] ?? '', role === 'coach')),
  )) as [Account, Account, Account, Account, Account, Account, Account];
  const team = await createTeam(t, coach, { name: teamName });
  const otherTeam = await createTeam(t, otherCoach, { name: 'U12 Falcons' });
  await joinApproved(t, coach, parent, team.invite_code ?? '');
  await joinApproved(t, coach, player, team.invite_code ?? '');
  await joinApproved(t, coach, moderator, team.invite_code ?? '');
  const cast = { team, otherTeam, coach, otherCoach, admin, parent, player, moderator, stranger };
  await setModeratorFlags(t, cast, ['can_view_finances']);
  return cast;
}

/** The coach sets the cast moderator's whole set of flags through the API (none: revoke). */
export async function setModeratorFlags(
  t: TestApp,
  cast: Pick<Cast, 'team' | 'coach' | 'moderator'>,
  flags: readonly ModeratorFlag[],
): Promise<void> {
  const response =
    flags.length === 0
      ? await call(
          t,
          'DELETE',
          `/api/moderators/revoke/${cast.moderator.id}/${cast.team.id}`,
          cast.coach.token,
        )
      : await call(t, 'POST', '/api/moderators/assign', cast.coach.token, {
          user_id: cast.moderator.id,
          team_id: cast.team.id,
          ...Object.fromEntries(flags.map((flag) => [flag, true])),
        });
  expect(response.statusCode, response.body).toBe(200);
}

/** One app per test file, with its cast; with `smtp`, the app's email goes to that receiver. */
export async function startWithCast(
  backend: Backend,
  smtp?: SmtpReceiver,
  config: Record<string, string> = {},
): Promise<{ t: TestApp; cast: Cast; close: () => Promise<void> }> {
  const mail: Record<string, string> = smtp ? { SMTP_URL: `smtp://127.0.0.1:${await smtp.start()}` } : {};
  const t = await startTestApp(backend, { ...mail, ...config });
  return {
    t,
    cast: await castOfTeam(t),
    async close() {
      await t.close();
      await smtp?.stop();
    },
  };
}

export type Actor = keyof Omit<Cast, 'team' | 'otherTeam'> | 'anonymous';

/** What a read open to every member of the team answers to each actor. */
export const MEMBERS_READ = {
  coach: 200,
  otherCoach: 404,
  admin: 200,
  parent: 200,
  player: 200,
  moderator: 200,
  stranger: 404,
  anonymous: 401,
} as const;

/** What a write for the people running the team (coach, admins) answers to each actor. */
export const runnersWrite = (ok: number) => ({
  coach: ok,
  otherCoach: 404,
  admin: ok,
  parent: 403,
  player: 403,
  moderator: 403,
  stranger: 404,
  anonymous: 401,
});

/** Sends the request as each actor and checks the status each one gets. */
export async function expectAccess(
  cast: Cast,
  send: (token: string | undefined) => Promise<LightMyRequestResponse>,
  expected: Partial<Record<Actor, number>>,
): Promise<void> {
  const seen: Partial<Record<Actor, number>> = {};
  for (const actor of Object.keys(expected) as Actor[]) {
    const token = actor === 'anonymous' ? undefined : cast[actor].token;
    const response = await send(token);
    seen[actor] = response.statusCode;
    if (response.statusCode >= 400) {
      expect(response.json(), `${actor}: ${response.body}`).toEqual({ detail: expect.any(String) });
    }
  }
  expect(seen).toEqual(expected);
}
