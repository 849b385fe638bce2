// npm run bench: loopback load on the hot paths of the real app, printed as a table.
// PGlite in memory by default; BENCH_DATABASE_URL=postgres://... measures on a PostgreSQL server
// (a fresh database is made there and dropped). Bounded: each case runs BENCH_SECONDS (default 5).
// The load generator runs in a worker thread, so the app has its event loop to itself: that is what
// the loop-delay column measures, and the bare route's yardstick is not slowed by the generator.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { notifyTeam } from '../src/server/features/notifications/notify.ts';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connect.ts';
import * as schema from '../src/server/db/schema.ts';
import { liveHubOf } from '../src/server/features/live/routes.ts';
import { streamUpload } from './bench-upload-clients.ts';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const baseUrl = process.env['BENCH_DATABASE_URL'];

async function freshPostgres(url: string) {
  const name = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

const pgDb = baseUrl ? await freshPostgres(baseUrl) : undefined;
// One signing secret for the in-process app and the server processes: PostgreSQL requires one, and
// the in-memory PGlite would otherwise write its generated secret into the shared DATA_DIR.
const jwtSecret = randomBytes(32).toString('base64url');
// The bench's own limits, for the app in this process and every server process it starts: they share
// one database and so one table of counters, and a server process on the defaults would answer 429 to
// the bench's sign-ins after the thousands this process made (every per-user and per-address limit of
// the configuration, at its highest; the live case holds 2,000 streams from 127.0.0.1).
const benchLimits: Record<string, string> = {
  ...Object.fromEntries(
    Object.keys(loadConfig({}))
      .filter((key) => key.includes('_LIMIT_'))
      .map((key) => [key, '1000000']),
  ),
  MAX_CONNECTIONS_PER_ADDRESS: '100000',
};
const config = loadConfig({
  JWT_SECRET: jwtSecret,
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  DATA_DIR: os.tmpdir(),
  HOST: '127.0.0.1',
  PORT: '0',
  ...benchLimits,
});
const database = await openDatabase(
  pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'pglite', dataDir: 'memory://' },
);
const app = await buildApp({ config, database, logger: false, startMailSender: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${address}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

// A coach with a team of 20 players, each with a parent contact: a realistic roster read.
const credentials = { username: 'bench.coach@example.com', password: 'Corner#Kick9' };
await call('POST', '/api/auth/register', {
  name: 'Bench Coach',
  email: credentials.username,
  password: credentials.password,
  role: 'coach',
});
// Polls email the team, which only an account with a confirmed email may do (docs/decisions/007).
await database.db.execute(
  sql`update users set email_verified_at = now() where email = ${credentials.username}`,
);
const { access_token: token } = (await call('POST', '/api/auth/token', credentials)) as {
  access_token: string;
};
const team = await call(
  'POST',
  '/api/teams/setup-complete',
  { name: 'Bench Hawks', head_coach_name: 'Bench Coach' },
  token,
);
const added = (await call(
  'POST',
  `/api/teams/${team['id']}/players/bulk`,
  {
    players: Array.from({ length: 20 }, (_, i) => ({
      name: `Player ${i + 1}`,
      jersey_number: i + 1,
      age: 10,
      position: 'Midfielder',
    })),
  },
  token,
)) as { players: { id: number }[] };
for (const [i, player] of added.players.entries()) {
  await call(
    'POST',
    `/api/teams/${team['id']}/players/${player.id}/parents`,
    { parent_name: `Parent ${i + 1}`, parent_email: `parent${i + 1}@example.com`, send_invite: false },
    token,
  );
}

// Join requests waiting for the coach: the Admin tab and badge poll these.
for (let i = 0; i < 5; i += 1) {
  const email = `bench.parent${i}@example.com`;
  await call('POST', '/api/auth/register', {
    name: `Bench Parent ${i}`,
    email,
    password: credentials.password,
    role: 'parent',
  });
  const { access_token: parentToken } = (await call('POST', '/api/auth/token', {
    username: email,
    password: credentials.password,
  })) as {
    access_token: string;
  };
  await call('POST', '/api/teams/join', { invite_code: team['invite_code'] }, parentToken);
}

// A season of events: 30 tournaments with 200 games between them, 200 individual games, 100 practices.
const day = (n: number) => new Date(Date.UTC(2026, 8, 1 + n)).toISOString().slice(0, 10);
for (let i = 0; i < 30; i += 1) {
  const tournament = await call(
    'POST',
    `/api/tournaments/team/${team['id']}`,
    { name: `Cup ${i + 1}`, location: 'Bench Park', start_date: day(i * 7), end_date: day(i * 7 + 1) },
    token,
  );
  for (let g = 0; g < (i < 20 ? 7 : 6); g += 1) {
    await call(
      'POST',
      `/api/tournaments/${tournament['id']}/games`,
      {
        opponent: `Opponent ${g + 1}`,
        round_name: 'Group A',
        date: day(i * 7 + (g % 2)),
        time: g === 5 ? 'TBD' : `${String(9 + g).padStart(2, '0')}:00`,
        our_score: g < 4 ? g : null,
        opponent_score: g < 4 ? 1 : null,
      },
      token,
    );
  }
}
for (let i = 0; i < 200; i += 1) {
  await call(
    'POST',
    `/api/games/${team['id']}`,
    {
      opponent: `Rival ${i + 1}`,
      date: day(i),
      time: '10:00',
      location: 'Bench Park',
      ...(i < 100 ? { our_score: i % 4, opponent_score: 2 } : {}),
    },
    token,
  );
}
for (let i = 0; i < 10; i += 1) {
  await call(
    'POST',
    '/api/practices',
    {
      team_id: team['id'],
      title: `Practice ${i + 1}`,
      date: day(i),
      time: '17:30',
      location: 'Bench Park',
      repeat_weeks: 10,
    },
    token,
  );
}

// The season of issue 21 on a team of its own (docs/decisions/050): 30 tournaments with 90 games, 40
// games and 100 practices from September to May, 20 players, and 15 of the 20 answered on every event:
// what the coach's Event RSVPs reads for a window over the whole season.
const season = await call(
  'POST',
  '/api/teams/setup-complete',
  { name: 'Bench Season Owls', head_coach_name: 'Bench Coach' },
  token,
);
const seasonId = Number(season['id']);
const seasonCoachId = Number((await call('GET', '/api/auth/me', undefined, token))['id']);
await call(
  'POST',
  `/api/teams/${seasonId}/players/bulk`,
  {
    players: Array.from({ length: 20 }, (_, i) => ({
      name: `Owl ${i + 1}`,
      jersey_number: i + 1,
      age: 11,
      position: 'Defender',
    })),
  },
  token,
);
await database.db.execute(sql`insert into tournaments (team_id, name, location, start_date, end_date)
  select ${seasonId}, 'Owl Cup ' || i, 'Park', date '2026-09-05' + i * 8, date '2026-09-06' + i * 8
  from generate_series(0, 29) i`);
await database.db.execute(sql`insert into tournament_games (tournament_id, team_id, opponent, date, time)
  select r.id, r.team_id, 'Opponent ' || g, r.start_date + (g % 2), lpad((8 + g * 2)::text, 2, '0') || ':00'
  from tournaments r cross join generate_series(1, 3) g where r.team_id = ${seasonId}`);
await database.db.execute(sql`insert into games (team_id, opponent, date, time, location)
  select ${seasonId}, 'Rival ' || i, date '2026-09-02' + i * 6, '18:00', 'Park'
  from generate_series(0, 39) i`);
await database.db.execute(sql`insert into practices (team_id, title, date, time, location)
  select ${seasonId}, 'Practice ' || i, date '2026-09-01' + (i / 2) * 7 + (i % 2) * 2, '17:30', 'Park'
  from generate_series(0, 99) i`);
for (const [column, table] of [
  ['game_id', 'games'],
  ['tournament_game_id', 'tournament_games'],
  ['practice_id', 'practices'],
] as const) {
  await database.db.execute(sql`
    insert into rsvps (team_id, player_id, ${sql.identifier(column)}, response, responded_by)
    select ${seasonId}, p.id, e.id, (array['yes', 'maybe', 'no'])[1 + (p.id + e.id) % 3], ${seasonCoachId}
    from players p cross join ${sql.identifier(table)} e
    where p.team_id = ${seasonId} and e.team_id = ${seasonId} and p.jersey_number <= 15`);
}
await database.db.execute(sql`analyze`);
const seasonOverview = `/api/team-rsvp/team/${seasonId}/overview?from=2026-08-01&to=2027-06-30`;
const seasonEvents = ((await call('GET', seasonOverview, undefined, token))['upcoming_events'] as unknown[])
  .length;

// Communication (issue 10): a parent member and a conversation of 40 messages with the coach, 10
// announcements and 5 polls: what the Communication tab and the badges poll.
const coachUserId = Number((await call('GET', '/api/auth/me', undefined, token))['id']);
await database.db.execute(sql`
  insert into users (name, email, role, password_hash)
  values ('Bench Member', 'bench.member@example.com', 'parent',
    (select password_hash from users where id = ${coachUserId}))`);
await database.db.execute(sql`insert into team_members (team_id, user_id, role)
  select ${Number(team['id'])}, id, 'parent' from users where email = 'bench.member@example.com'`);
const { access_token: memberToken } = (await call('POST', '/api/auth/token', {
  username: 'bench.member@example.com',
  password: credentials.password,
})) as { access_token: string };
const memberId = Number((await call('GET', '/api/auth/me', undefined, memberToken))['id']);
const conversation = await call(
  'POST',
  `/api/messaging/conversations?team_id=${team['id']}`,
  { participant_ids: [memberId] },
  token,
);
for (let i = 0; i < 40; i += 1) {
  await call(
    'POST',
    '/api/messaging/messages',
    { conversation_id: conversation['id'], content: `Message ${i + 1}: see you at the field at 9.` },
    i % 2 ? token : memberToken,
  );
}
for (let i = 0; i < 10; i += 1) {
  await call(
    'POST',
    `/api/messaging/announcements?team_id=${team['id']}`,
    {
      title: `Announcement ${i + 1}`,
      content: 'Bring water and shin guards. '.repeat(8),
      priority: 'normal',
    },
    token,
  );
}
for (let i = 0; i < 5; i += 1) {
  await call(
    'POST',
    `/api/messaging/polls?team_id=${team['id']}`,
    { question: `Poll ${i + 1}: pizza after the game?`, options: ['Yes', 'No', 'Maybe'] },
    token,
  );
}
const unreadPath = `/api/messaging/unread-count/${team['id']}`;
const conversationsPath = `/api/messaging/conversations/${team['id']}`;
const messagesPath = `/api/messaging/conversations/${conversation['id']}/messages`;
const tagOf = async (path: string) =>
  (await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } })).headers.get('etag') ??
  '';
const unreadTag = await tagOf(unreadPath);
// The member's bell: told of the announcements and polls above (docs/product/notifications.md).
const bellPath = '/api/notifications';
const memberAuth = { authorization: `Bearer ${memberToken}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
const messagesTag = await tagOf(messagesPath);

// The yardstick: a bare Fastify route on the same machine, in the same run.
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

const rosterPath = `/api/teams/${team['id']}/players`;
const rosterTag =
  (await fetch(`${address}${rosterPath}`, { headers: { authorization: `Bearer ${token}` } })).headers.get(
    'etag',
  ) ?? '';

// The coach's calendar feed (the whole season of the team): what a calendar app polls hourly.
const { feed_path: feedPath } = (await call('GET', '/api/calendar/token', undefined, token)) as {
  feed_path: string;
};
const feedEvents = (await (await fetch(`${address}${feedPath}`)).text()).split('BEGIN:VEVENT').length - 1;

// Documents (issue 11, docs/decisions/023): a 5 MB PDF uploaded through the API, then 499 more rows of
// the team straight in SQL (blob keys that no file backs: only the list is read), 500 in all.
// BENCH_ONLY='words|other words' runs the cases whose name holds one of the words (for profiling a path).
const only = process.env['BENCH_ONLY']
  ?.toLowerCase()
  .split('|')
  .map((word) => word.trim())
  .filter((word) => word !== '');
const picked = (name: string) => !only?.length || only.some((word) => name.toLowerCase().includes(word));
const withDocuments =
  !only?.length || only.some((word) => 'documents'.includes(word) || word.includes('document'));
const benchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'));
const MB = 1024 * 1024;
/** A file of valid PDF bytes: the '%PDF-1.4' header, then filler lines. */
function pdfFile(name: string, bytes: number) {
  const file = path.join(benchDir, name);
  const line = Buffer.from('% filler line of the bench document, 64 bytes long..............\n');
  const body = Buffer.alloc(bytes, line);
  body.write('%PDF-1.4\n', 0, 'latin1');
  fs.writeFileSync(file, body);
  return file;
}
const documentsPath = `/api/documents/team/${team['id']}`;
// Always: the list cases read them whichever words BENCH_ONLY holds.
const pdf5 = pdfFile('bench-5mb.pdf', 5 * MB);
{
  const first = await streamUpload(`${address}/api/documents/upload/${team['id']}`, token, pdf5, {
    title: 'Bench rules',
    category: 'rules',
    is_public: 'true',
  });
  if (first.status !== 201) throw new Error(`upload: ${first.status} ${first.body}`);
  await database.db.execute(sql`
    insert into documents (team_id, title, category, blob_key, original_filename, file_type, file_size, uploaded_by)
    select ${Number(team['id'])}, 'Document ' || n, 'general', gen_random_uuid()::text, 'document-' || n || '.pdf',
      'pdf', 100000 + n, ${coachUserId}
    from generate_series(1, 499) n`);
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  /** Reads every answer again instead of sending the one kept under its ETag (plugins/answer-cache.ts). */
  uncached?: boolean;
}
// The bell's tag once everything above is stored (a new document tells the member too).
const bellTag = (await fetch(`${address}${bellPath}`, { headers: memberAuth })).headers.get('etag') ?? '';
// The feed's too: its tag holds the team's data version, which the documents above moved on.
const feedTag = (await fetch(`${address}${feedPath}`)).headers.get('etag') ?? '';
// As a browser asks: large team reads are then sent gzipped (plugins/answer-cache.ts).
const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
const cases: Case[] = [
  { name: 'GET /api/health (database ping)', method: 'GET', url: `${address}/api/health` },
  {
    name: 'GET /api/auth/me (token check + user)',
    method: 'GET',
    url: `${address}/api/auth/me`,
    headers: auth,
  },
  {
    name: 'GET roster, read each time (20 + parents)',
    method: 'GET',
    url: `${address}${rosterPath}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET roster, answer kept (another tab)',
    method: 'GET',
    url: `${address}${rosterPath}`,
    headers: auth,
  },
  {
    name: 'GET roster, unchanged (If-None-Match: 304)',
    method: 'GET',
    url: `${address}${rosterPath}`,
    headers: { ...auth, 'if-none-match': rosterTag },
  },
  {
    name: 'GET join requests, read each time',
    method: 'GET',
    url: `${address}/api/join-requests/${team['id']}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET join requests, answer kept (Admin poll)',
    method: 'GET',
    url: `${address}/api/join-requests/${team['id']}`,
    headers: auth,
  },
  {
    name: 'GET pending count (Admin badge poll)',
    method: 'GET',
    url: `${address}/api/join-requests/${team['id']}/pending-count`,
    headers: auth,
  },
  {
    name: 'GET messaging: unread count (the badge poll)',
    method: 'GET',
    url: `${address}${unreadPath}`,
    headers: auth,
  },
  {
    name: 'GET messaging: unread count, unchanged (304)',
    method: 'GET',
    url: `${address}${unreadPath}`,
    headers: { ...auth, 'if-none-match': unreadTag },
  },
  {
    name: 'GET notifications: the bell (20), answer kept',
    method: 'GET',
    url: `${address}${bellPath}`,
    headers: memberAuth,
  },
  {
    name: 'GET notifications: the bell, unchanged (304)',
    method: 'GET',
    url: `${address}${bellPath}`,
    headers: { ...memberAuth, 'if-none-match': bellTag },
  },
  {
    name: 'GET messaging: unread count, read each time',
    method: 'GET',
    url: `${address}${unreadPath}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET messaging: conversations, answer kept',
    method: 'GET',
    url: `${address}${conversationsPath}`,
    headers: auth,
  },
  {
    name: 'GET messaging: conversations, read each time',
    method: 'GET',
    url: `${address}${conversationsPath}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET messaging: open thread (40), answer kept',
    method: 'GET',
    url: `${address}${messagesPath}`,
    headers: auth,
  },
  {
    name: 'GET messaging: open thread, unchanged (304)',
    method: 'GET',
    url: `${address}${messagesPath}`,
    headers: { ...auth, 'if-none-match': messagesTag },
  },
  {
    name: 'GET messaging: open thread, read each time',
    method: 'GET',
    url: `${address}${messagesPath}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET messaging: announcements (10), answer kept',
    method: 'GET',
    url: `${address}/api/messaging/announcements/${team['id']}`,
    headers: auth,
  },
  {
    name: 'GET messaging: announcements, read each time',
    method: 'GET',
    url: `${address}/api/messaging/announcements/${team['id']}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET messaging: polls (5), answer kept',
    method: 'GET',
    url: `${address}/api/messaging/polls/${team['id']}`,
    headers: auth,
  },
  {
    name: 'GET messaging: polls, read each time',
    method: 'GET',
    url: `${address}/api/messaging/polls/${team['id']}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET events: tournaments, read each time (30, 200 games)',
    method: 'GET',
    url: `${address}/api/tournaments/team/${team['id']}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET events: tournaments, answer kept',
    method: 'GET',
    url: `${address}/api/tournaments/team/${team['id']}`,
    headers: auth,
  },
  {
    name: 'GET events: games, read each time (200)',
    method: 'GET',
    url: `${address}/api/games/${team['id']}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET events: games, answer kept',
    method: 'GET',
    url: `${address}/api/games/${team['id']}`,
    headers: auth,
  },
  {
    name: 'GET events: practices, read each time (100)',
    method: 'GET',
    url: `${address}/api/practices/${team['id']}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET events: practices, answer kept',
    method: 'GET',
    url: `${address}/api/practices/${team['id']}`,
    headers: auth,
  },
  {
    name: `GET RSVP overview, season window (${seasonEvents} events)`,
    method: 'GET',
    url: `${address}${seasonOverview}`,
    headers: auth,
    uncached: true,
  },
  {
    // One coach opening Event RSVPs: the latency the issue's 50 ms is about, without nine others queued.
    name: `GET RSVP overview, season window, 1 connection`,
    method: 'GET',
    url: `${address}${seasonOverview}`,
    headers: auth,
    uncached: true,
    connections: 1,
  },
  {
    name: 'GET RSVP overview, next 14 days',
    method: 'GET',
    url: `${address}/api/team-rsvp/team/${seasonId}/overview?from=2026-10-01&to=2026-10-14`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'GET calendar feed, unchanged (If-None-Match: 304)',
    method: 'GET',
    url: `${address}${feedPath}`,
    headers: { 'accept-encoding': 'gzip', 'if-none-match': feedTag },
  },
  {
    name: `GET calendar feed, full (${feedEvents} events)`,
    method: 'GET',
    url: `${address}${feedPath}`,
    headers: { 'accept-encoding': 'gzip' },
  },
  {
    name: `GET calendar feed, written each time (${feedEvents})`,
    method: 'GET',
    url: `${address}${feedPath}`,
    headers: { 'accept-encoding': 'gzip' },
    uncached: true,
  },
  {
    name: 'GET documents: team list (500), answer kept',
    method: 'GET',
    url: `${address}${documentsPath}`,
    headers: auth,
  },
  {
    name: 'GET documents: team list (500), read each time',
    method: 'GET',
    url: `${address}${documentsPath}`,
    headers: auth,
    uncached: true,
  },
  {
    name: 'POST /api/auth/token (argon2id verify)',
    method: 'POST',
    url: `${address}/api/auth/token`,
    body: JSON.stringify(credentials),
    headers: { 'content-type': 'application/json' },
    connections: 4,
  },
];

const chosen = cases.filter((c) => picked(c.name));

// BENCH_BODIES=<folder> writes each chosen read's answer there first (unzipped, one file per case), with
// the digits of its time stamps as 'd' (they are the seeding's time): two runs' folders compare a
// change's answers before and after it.
const bodiesDir = process.env['BENCH_BODIES'];
if (bodiesDir) {
  fs.mkdirSync(bodiesDir, { recursive: true });
  for (const c of chosen) {
    if (c.method !== 'GET' || c.headers?.['if-none-match']) continue;
    app.answerCache.enabled = !c.uncached;
    const answer = await fetch(c.url, { headers: c.headers ?? {} });
    const body = (await answer.text()).replace(
      /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g,
      (stamp) => stamp.replace(/\d/g, 'd'),
    );
    const file = c.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    fs.writeFileSync(path.join(bodiesDir, `${file}.json`), `${answer.status}\n${body}`);
  }
}

interface Measured {
  rate: number;
  mean: number;
  p50: number;
  p99: number;
  loopP99Ms: number;
  errors: number;
  /** Statements the app sent to its database per request (0 for a 304 or kept answer worked out from memory). */
  statements: number;
}

/** One autocannon run of the case: as fast as it goes, or held at `rate` requests a second. */
async function measure(c: Case, rate?: number): Promise<Measured> {
  app.answerCache.enabled = !c.uncached;
  // How long the app's event loop stalls meanwhile (a query or a serialisation holding the thread).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let statements = 0;
  const stopCounting = database.onStatement(() => (statements += 1));
  const result = await autocannon({
    url: c.url,
    method: c.method,
    headers: c.headers ?? {},
    ...(c.body ? { body: c.body } : {}),
    connections: c.connections ?? connections,
    workers: 1,
    // Bodies are counted, not kept as strings (bench-client.cjs). In workers mode autocannon takes the
    // module's path, which its types do not know.
    setupClient: path.join(import.meta.dirname, 'bench-client.cjs') as unknown as () => void,
    duration: seconds,
    ...(rate ? { overallRate: Math.max(1, Math.round(rate)) } : {}),
  });
  loop.disable();
  stopCounting();
  return {
    statements: statements / Math.max(1, result.requests.total),
    rate: result.requests.average,
    mean: result.latency.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    loopP99Ms: loop.percentile(99) / 1e6,
    // An If-None-Match case expects 304s only: a 200 means its tag is stale and a full answer was timed.
    errors:
      result.errors +
      (c.headers?.['if-none-match']
        ? result['1xx'] + result['2xx'] + result['4xx'] + result['5xx']
        : result.non2xx),
  };
}

// The yardstick: the bare route, measured for as long right before each case, so that a machine busy
// with something else for a while skews the bare route and the case alike. Each row is printed as it
// is measured. BENCH_HALF=0 leaves out the run at half load.
const yardstick: Case = { name: 'GET bare Fastify route', method: 'GET', url: `${bareAddress}/bare` };
const withHalf = process.env['BENCH_HALF'] !== '0';
console.log(
  `${pgDb ? 'PostgreSQL' : 'PGlite (memory, own thread)'}, ${os.cpus().length} cores, ${connections} connections, ${seconds} s per run;` +
    ` % of the bare route's rate measured just before the case${withHalf ? '; then the same case held at half its rate' : ''}\n`,
);
// BENCH_BODIES: only the answers, nothing measured.
for (const c of bodiesDir ? [] : chosen) {
  const bareRun = await measure(yardstick);
  const full = await measure(c);
  // The delay a user sees when the server is busy but not saturated: half the rate it sustained.
  const half = withHalf ? await measure(c, full.rate / 2) : undefined;
  const share = `${((full.rate / bareRun.rate) * 100).toFixed(1)} %`;
  console.log(
    [
      c.name.padEnd(44),
      `${String(Math.round(full.rate)).padStart(6)} req/s`,
      share.padStart(7),
      `of ${String(Math.round(bareRun.rate)).padStart(6)}`,
      `p50 ${String(full.p50).padStart(3)} ms`,
      `p99 ${String(full.p99).padStart(4)} ms`,
      `loop p99 ${full.loopP99Ms.toFixed(0).padStart(3)} ms`,
      `db ${full.statements.toFixed(1).padStart(4)}/req`,
      ...(half
        ? [
            `| half load: p99 ${String(half.p99).padStart(3)} ms, loop p99 ${half.loopP99Ms.toFixed(0).padStart(3)} ms`,
          ]
        : []),
      `errors ${full.errors + (half?.errors ?? 0)}`,
    ].join('  '),
  );
}

// A list read right after one of its rows changed (docs/decisions/035, 'rows kept by version'): the
// answer cache misses (the team's data version moved on) and the one changed row is read again, the
// others joined from their kept parts. Sequential, one connection: each round changes a game's notes (a
// document's title) in SQL, then reads the games, the tournaments and the documents lists; the same
// reads of an unchanged list with the answer cache off are beside it. BENCH_ONLY=changed runs it.
if (!only?.length || only.some((word) => 'a list read after one of its rows changed'.includes(word)))
  console.log((await changedLists()).join('\n'));

async function changedLists(): Promise<string[]> {
  const { db } = database;
  const teamId = Number(team['id']);
  // Each list with the table of the row that changes, and that row's column.
  const lists = [
    ['games (200)', `/api/games/${teamId}`, sql`games`, sql`notes`],
    ['tournaments (30, 200 games)', `/api/tournaments/team/${teamId}`, sql`tournament_games`, sql`notes`],
    ['documents (500)', documentsPath, sql`documents`, sql`title`],
  ] as const;
  const read = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${address}${path}`, { headers: auth });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return performance.now() - started;
  };
  const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
  const lines = ['', 'A list read after one of its rows changed (median of 200, one connection):'];
  for (const [name, path, changedTable, changedColumn] of lists) {
    const afterChange: number[] = [];
    const unchanged: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < 220; i += 1) {
      await db.execute(sql`update ${changedTable} set ${changedColumn} = ${`round ${i}`}
        where id = (select min(id) from ${changedTable} where team_id = ${teamId})`);
      app.answerCache.enabled = true;
      const changed = await read(path);
      app.answerCache.enabled = false;
      const same = await read(path);
      const started = performance.now();
      await (await fetch(`${bareAddress}/bare`)).arrayBuffer();
      if (i >= 20) {
        afterChange.push(changed);
        unchanged.push(same);
        bare.push(performance.now() - started);
      }
    }
    app.answerCache.enabled = true;
    lines.push(
      `  ${name.padEnd(28)} after a change ${median(afterChange).toFixed(2)} ms, unchanged and read anew ` +
        `${median(unchanged).toFixed(2)} ms, the bare route ${median(bare).toFixed(2)} ms`,
    );
  }
  return lines;
}

// Notification fan-out (docs/decisions/043): one change told to a team of 25 families (50 members, each
// with a device) and a club-wide announcement to 1,000 members: the statement that writes the bell's
// rows, the emails and the pushes to be sent, timed inside its transaction. BENCH_ONLY=fan-out runs it.
if (!only?.length || only.some((word) => 'notification fan-out'.includes(word)))
  console.log((await fanOut()).join('\n'));

// Roster import (docs/decisions/049): 200 players with 400 parent contacts (two a player) in one
// request, each run onto a fresh team of the bench coach: the whole request through HTTP (the JSON, the
// shared row rules, two inserts in one transaction). The budget is 1 s. BENCH_ONLY=import runs it.
if (!only?.length || only.some((word) => 'roster import'.includes(word)))
  console.log((await rosterImport()).join('\n'));

async function rosterImport(): Promise<string[]> {
  const rows = Array.from({ length: 200 }, (_, i) =>
    ['mother', 'father'].map((who, k) => ({
      player_name: `Imported Player ${i + 1}`,
      // Jersey numbers go to 99: the players after the 99th have none.
      ...(k === 0 ? { jersey_number: i < 99 ? String(i + 1) : '', position: 'Defender', age: '11' } : {}),
      parent_name: `${who} of ${i + 1}`,
      parent_email: `${who}.${i + 1}@import.example.com`,
      parent_phone: `555-01${String(i).padStart(3, '0')}`,
      relationship: k === 0 ? 'Parent' : 'guardian',
    })),
  ).flat();
  const times: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const made = await call(
      'POST',
      '/api/teams/setup-complete',
      { name: `Bench Import ${run}`, head_coach_name: 'Bench Coach' },
      token,
    );
    const body = { rows };
    const started = performance.now();
    const answer = await call('POST', `/api/teams/${made['id']}/roster-import`, body, token);
    times.push(performance.now() - started);
    if (answer['players_added'] !== 200 || answer['contacts_added'] !== 400) {
      throw new Error(`roster import: ${JSON.stringify(answer)}`);
    }
  }
  times.sort((a, b) => a - b);
  return [
    '',
    `Roster import, 200 players and 400 contacts in one request (7 runs): median ${times[3]?.toFixed(0)} ms,` +
      ` slowest ${times[6]?.toFixed(0)} ms (budget 1000 ms)`,
  ];
}

async function fanOut(): Promise<string[]> {
  const { db } = database;
  const coachId = Number((await call('GET', '/api/auth/me', undefined, token))['id']);
  const lines = ['', 'Notification fan-out (median of 20, inside the transaction):'];
  for (const members of [50, 1000]) {
    const [made] = (
      (await db.execute(sql`insert into teams (name, invite_code) values (${`Fan-out ${members}`},
        ${`FAN${members}`}) returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const teamId = Number(made?.id);
    await db.execute(sql`
      with added as (
        insert into users (name, email, role, email_verified_at)
        select 'Fan ' || n, 'fan' || ${members} || '.' || n || '@example.com', 'parent', now()
          from generate_series(1, ${members}) n returning id)
      insert into team_members (team_id, user_id, role) select ${teamId}, id, 'parent' from added`);
    await db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      select user_id, 'https://fcm.googleapis.com/fcm/send/bench-' || user_id, 'key', 'auth'
        from team_members where team_id = ${teamId}`);
    const times: number[] = [];
    for (let i = -5; i < 20; i += 1) {
      // After five changes, the statistics autovacuum keeps on a live server: a connection plans the
      // deliveries' foreign-key check once, and planned on an empty table it scans the whole table for
      // each row (1.5 s for 1,000 members by the 20th change here, where a server's autovacuum has not
      // run yet).
      if (i === 0) await db.execute(sql`analyze notifications, notification_deliveries`);
      await db.transaction(async (tx) => {
        const started = performance.now();
        await notifyTeam(tx, {
          teamId,
          actorId: coachId,
          kind: 'event_changed',
          title: `Fan-out ${members}: Game vs Eagles on 12/05/2026 moved to 11:30 AM`,
          body: '12/05/2026 at 11:30 AM, North Field',
          link: '/#tournaments?section=games&gameId=1',
        });
        if (i >= 0) times.push(performance.now() - started);
      });
    }
    times.sort((a, b) => a - b);
    const [rows] = (
      (await db.execute(sql`select
          (select count(*) from notifications where team_id = ${teamId})::integer as told,
          (select count(*) from notification_deliveries d join notifications n on n.id = d.notification_id
            where n.team_id = ${teamId})::integer as queued`)) as unknown as {
        rows: { told: number; queued: number }[];
      }
    ).rows;
    lines.push(
      `  ${String(members).padStart(4)} members: ${times[10]?.toFixed(1)} ms (p95 ${times[18]?.toFixed(1)} ms); ` +
        `${rows?.told} notifications and ${rows?.queued} deliveries (email + push) written in 25 changes (5 before the timed 20)`,
    );
    // The senders would send them all: not in this bench.
    await db.execute(sql`delete from notifications where team_id = ${teamId}`);
  }
  return lines;
}

// Live streams (docs/decisions/021): 2,000 server-sent-event streams held by this one app process (200
// members of the team with 10 pages each; the clients run in a process of their own), then one message
// to a conversation of all 200: the app's memory with the streams open, and how long until every stream
// has the change. BENCH_ONLY=live runs it (with the yardstick); BENCH_LIVE_USERS / _PER_USER resize it.
if (!only?.length || only.some((word) => 'live streams'.includes(word)))
  console.log((await liveStreams()).join('\n'));

async function liveStreams(): Promise<string[]> {
  const users = Number(process.env['BENCH_LIVE_USERS'] ?? 200);
  const perUser = Number(process.env['BENCH_LIVE_PER_USER'] ?? 10);
  const { db } = database;
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const coachId = Number((await call('GET', '/api/auth/me', undefined, token))['id']);
  const teamId = Number(team['id']);
  // Members straight in SQL, with the coach's password hash; each then signs in through the API.
  const members = await rowsOf<{ id: number; email: string }>(sql`
    insert into users (name, email, role, password_hash)
    select 'Live Parent ' || n, 'live.parent' || n || '@example.com', 'parent',
      (select password_hash from users where id = ${coachId})
    from generate_series(1, ${users - 1}) n returning id, email`);
  await db.execute(sql`insert into team_members (team_id, user_id, role)
    select ${teamId}, id, 'parent' from users where email like 'live.parent%@example.com'`);
  const [conversation] = await rowsOf<{ id: number }>(sql`
    insert into conversations (team_id, name, created_by) values (${teamId}, 'Everyone', ${coachId}) returning id`);
  const conversationId = Number(conversation?.id);
  await db.execute(sql`insert into conversation_participants (conversation_id, team_id, user_id)
    select ${conversationId}, ${teamId}, id from users
    where id = ${coachId} or email like 'live.parent%@example.com'`);
  const tokens = [token];
  for (let i = 0; i < members.length; i += 4) {
    const batch = members.slice(i, i + 4).map(async (member) => {
      const signedIn = await call('POST', '/api/auth/token', {
        username: member.email,
        password: credentials.password,
      });
      return String(signedIn['access_token']);
    });
    tokens.push(...(await Promise.all(batch)));
  }

  const rows = await measureLive({
    name: 'this process (the bench app)',
    address,
    memory: () => {
      collectGarbage();
      const { rss, heapUsed, external } = process.memoryUsage();
      return { rss, heap: heapUsed + external };
    },
    held: () => liveHubOf(database)?.size ?? 0,
  });
  if (pgDb) {
    // The same database served by a server process as `npm start` runs it: its memory is the app's
    // alone, and the message, posted through this process, reaches it through PostgreSQL's NOTIFY.
    const server = await startServerProcess(pgDb.url);
    try {
      rows.push(
        ...(await measureLive({
          name: 'a server process (npm start), message posted through another',
          address: server.address,
          memory: () => ({ rss: server.rss(), heap: NaN }),
          held: () => NaN,
        })),
      );
    } finally {
      await server.stop();
    }
  }
  return rows;

  async function measureLive(target: {
    name: string;
    address: string;
    /** The process's resident memory; and its JavaScript heap and external memory, where known. */
    memory: () => { rss: number; heap: number };
    held: () => number;
  }): Promise<string[]> {
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const before = target.memory();
    const clients = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'bench-live-clients.ts')],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const out = readline.createInterface({ input: clients.stdout })[Symbol.asyncIterator]();
    const nextLine = async (prefix: string) => {
      for (;;) {
        const { value, done } = await out.next();
        if (done) throw new Error(`the live clients ended before '${prefix}'`);
        if (String(value).startsWith(prefix)) return String(value).slice(prefix.length).trim();
      }
    };
    const exited = new Promise((resolve) => clients.on('exit', resolve));
    clients.stdin.write(
      `${JSON.stringify({ url: target.address, teamId, conversationId, tokens, perToken: perUser })}\n`,
    );
    const [opened = 0, failed = 0, openMs = 0] = (await nextLine('opened')).split(' ').map(Number);
    // Let the sockets settle before reading the memory.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const withStreams = target.memory();
    const held = target.held();

    clients.stdin.write('go\n');
    await nextLine('armed');
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const posted = performance.timeOrigin + performance.now();
    const response = await fetch(`${address}/api/messaging/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: 'Kick-off moved to 10:30', conversation_id: conversationId }),
    });
    let how = 'POST /api/messaging/messages';
    if (response.status === 404) {
      // The conversations API is not in this build: the same row and triggers, straight in SQL.
      how = 'INSERT into messages';
      await db.execute(sql`insert into messages (conversation_id, team_id, sender_id, content)
        values (${conversationId}, ${teamId}, ${coachId}, 'Kick-off moved to 10:30')`);
    } else if (!response.ok) {
      throw new Error(`POST /api/messaging/messages: ${response.status} ${await response.text()}`);
    }
    const answeredMs = performance.timeOrigin + performance.now() - posted;
    const times = JSON.parse(await nextLine('times')) as (number | null)[];
    loop.disable();
    const after = target.memory();
    await exited;
    const latencies = times
      .filter((time): time is number => time !== null)
      .map((time) => time - posted)
      .sort((a, b) => a - b);
    const at = (share: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? NaN;
    const perStream = (bytes: number) => `${(bytes / 1024 / Math.max(1, opened)).toFixed(1)} KB a stream`;
    const heap = Number.isNaN(before.heap)
      ? ''
      : `; JS heap + external ${mb(before.heap)} -> ${mb(withStreams.heap)} MB (${perStream(withStreams.heap - before.heap)})`;
    return [
      `\nLive streams held by ${target.name}: ${users} members x ${perUser} = ${opened} streams open in ${openMs} ms (${failed} refused)${Number.isNaN(held) ? '' : `, the hub holds ${held}`}`,
      `  RSS ${mb(before.rss)} MB before, ${mb(withStreams.rss)} MB with the streams open (${perStream(withStreams.rss - before.rss)}), ${mb(after.rss)} MB after the delivery${heap}`,
      `  one message (${how}, answered in ${answeredMs.toFixed(0)} ms) to a conversation of ${users}: ${latencies.length}/${opened} streams had it;` +
        ` from the post: p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms; the bench process's event loop max ${(loop.max / 1e6).toFixed(0)} ms`,
    ];
  }
}

// Documents' bytes: a 5 MB PDF uploaded (multipart, fields first, streamed from disk) and downloaded
// through the API, against the same bytes through bare Fastify routes in this run (a POST streaming its
// body to a temporary file, a GET streaming a file); then the app's memory while 10 clients in a process
// of their own upload 10 MB (less 4 KB) at once. BENCH_ONLY=documents runs it; BENCH_DOCUMENT_TRIPS
// sets the round trips (20), BENCH_DOCUMENT_UPLOADS the uploads at once (10).
if (withDocuments) console.log((await documentsBytes()).join('\n'));

async function documentsBytes(): Promise<string[]> {
  const trips = Number(process.env['BENCH_DOCUMENT_TRIPS'] ?? 20);
  const size = fs.statSync(pdf5).size;
  const bareFiles = Fastify({ logger: false });
  await bareFiles.register(async (scope) => {
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.post('/bare-upload', async (request) => {
      const file = path.join(benchDir, `bare-${randomUUID()}`);
      await pipeline(request.raw, fs.createWriteStream(file));
      return { size: fs.statSync(file).size };
    });
    scope.get('/bare-download', (_request, reply) =>
      reply.type('application/pdf').header('content-length', size).send(fs.createReadStream(pdf5)),
    );
  });
  const bareBase = await bareFiles.listen({ host: '127.0.0.1', port: 0 });

  const rawUpload = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': size } },
        (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(url))));
        },
      );
      request.on('error', reject);
      fs.createReadStream(pdf5).pipe(request);
    });
  const download = (url: string, headers: Record<string, string> = {}) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () =>
            response.statusCode === 200 && bytes === size
              ? resolve()
              : reject(new Error(`${url}: ${response.statusCode} ${bytes} bytes`)),
          );
        })
        .on('error', reject);
    });
  const uploadUrl = `${address}/api/documents/upload/${team['id']}`;
  const ids: number[] = [];
  const apiUpload = async () => {
    const answer = await streamUpload(uploadUrl, token, pdf5, {
      title: 'Bench trip',
      category: 'general',
      is_public: 'true',
    });
    if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${answer.body}`);
    ids.push(Number((JSON.parse(answer.body) as { id: number }).id));
  };
  /** MB/s of `trips` sequential runs of `run` (after one warm-up). */
  const rate = async (run: (i: number) => Promise<void>) => {
    await run(-1);
    const started = performance.now();
    for (let i = 0; i < trips; i += 1) await run(i);
    return (trips * size) / MB / ((performance.now() - started) / 1000);
  };
  const bareUp = await rate(() => rawUpload(`${bareBase}/bare-upload`));
  const apiUp = await rate(apiUpload);
  const bareDown = await rate(() => download(`${bareBase}/bare-download`));
  const apiDown = await rate((i) =>
    download(`${address}/api/documents/download/${ids[Math.max(0, i)]}`, {
      authorization: `Bearer ${token}`,
    }),
  );
  await bareFiles.close();

  // Memory: a server process of its own (src/server/main.ts as `npm start` runs it, on this run's kind
  // of database, its folder store in a fresh folder), its RSS read from /proc every 50 ms while the
  // clients' process uploads; after one 5 MB upload has warmed it up.
  const big = pdfFile('bench-10mb.pdf', 10 * MB - 4096);
  const count = Number(process.env['BENCH_DOCUMENT_UPLOADS'] ?? 10);
  const serverDir = path.join(benchDir, 'server');
  const server = await startServerProcess(pgDb?.url, serverDir);
  let before = 0;
  let peak = 0;
  let after = 0;
  let answers: { status: number; ms: number }[] = [];
  try {
    const at = async (method: string, route: string, body: unknown, bearer?: string) => {
      const response = await fetch(`${server.address}${route}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const who = { username: 'bench.uploader@example.com', password: credentials.password };
    await at('POST', '/api/auth/register', {
      name: 'Bench Uploader',
      email: who.username,
      password: who.password,
      role: 'coach',
    });
    const serverToken = String((await at('POST', '/api/auth/token', who))['access_token']);
    const serverTeam = await at(
      'POST',
      '/api/teams/setup-complete',
      { name: 'Upload Hawks', head_coach_name: 'Bench Uploader' },
      serverToken,
    );
    const serverUpload = `${server.address}/api/documents/upload/${serverTeam['id']}`;
    const warm = await streamUpload(serverUpload, serverToken, pdf5, { title: 'Warm-up', is_public: 'true' });
    if (warm.status !== 201) throw new Error(`upload: ${warm.status} ${warm.body}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    before = server.rss();
    peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 50);
    const clients = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'bench-upload-clients.ts')],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const out = readline.createInterface({ input: clients.stdout });
    const done = new Promise<string>((resolve, reject) => {
      out.on('line', (line) => line.startsWith('done ') && resolve(line.slice(5)));
      clients.on('exit', () => reject(new Error('the upload clients ended without an answer')));
    });
    clients.stdin.write(`${JSON.stringify({ url: serverUpload, token: serverToken, file: big, count })}\n`);
    answers = JSON.parse(await done) as { status: number; ms: number }[];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(sampler);
    peak = Math.max(peak, server.rss());
    after = server.rss();
  } finally {
    await server.stop();
  }
  const mb = (bytes: number) => (bytes / MB).toFixed(0);
  const stored = answers.filter((a) => a.status === 201).length;
  const bigSize = fs.statSync(big).size;
  fs.rmSync(benchDir, { recursive: true, force: true });
  return [
    `\nDocuments, a ${(size / MB).toFixed(0)} MB PDF, ${trips} sequential round trips each (loopback, folder store in ${os.tmpdir()}):`,
    `  upload   bare POST ${bareUp.toFixed(0).padStart(5)} MB/s  POST /api/documents/upload ${apiUp.toFixed(0).padStart(5)} MB/s  (${((apiUp / bareUp) * 100).toFixed(1)} %)`,
    `  download bare GET  ${bareDown.toFixed(0).padStart(5)} MB/s  GET /api/documents/download ${apiDown.toFixed(0).padStart(5)} MB/s  (${((apiDown / bareDown) * 100).toFixed(1)} %)`,
    `  memory: ${count} uploads of ${(bigSize / MB).toFixed(2)} MB at once (clients in a process of their own): ${stored}/${count} stored in ${Math.max(...answers.map((a) => a.ms))} ms;` +
      ` the server process's RSS ${mb(before)} MB before, ${mb(peak)} MB at the peak (+${mb(peak - before)} MB), ${mb(after)} MB after`,
  ];
}

/** Full collections before a memory reading, so that the reading is not garbage waiting to be collected. */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
}

/** src/server/main.ts on the database, in a process of its own; its RSS read from /proc. */
async function startServerProcess(databaseUrl: string | undefined, dataDir = os.tmpdir()) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../src/server/main.ts')],
    {
      env: {
        ...process.env,
        // Without a URL: PGlite under DATA_DIR.
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        PORT: String(port),
        HOST: '127.0.0.1',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        ...benchLimits,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const serverAddress = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (i > 150) throw new Error('the server process did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ok = await fetch(`${serverAddress}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  return {
    address: serverAddress,
    rss: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

// Scale: the events reads of the bench team at a steady 100 requests a second, first with the one
// team, then with 999 more teams' seasons in the tables (the indexes on (team_id, date) and on every
// foreign key should keep the latency where it was). BENCH_SCALE=0 skips it.
if (process.env['BENCH_SCALE'] !== '0' && chosen.some((c) => c.uncached && c.name.startsWith('GET events'))) {
  const scaleRows: string[] = [];
  const scaleCases = chosen.filter((c) => c.uncached && c.name.startsWith('GET events'));
  const steady = async () => {
    const out: Measured[] = [];
    for (const c of scaleCases) out.push(await measure(c, 100));
    return out;
  };
  const oneTeam = await steady();
  const started = Date.now();
  await fillOtherTeams(999);
  const filled = Math.round((Date.now() - started) / 1000);
  const { db } = database;
  const teamCount = await db.$count(schema.teams);
  const eventRows = (
    await Promise.all(
      [schema.tournaments, schema.tournamentGames, schema.games, schema.practices].map((t) => db.$count(t)),
    )
  ).reduce((a, b) => a + b, 0);
  const thousandTeams = await steady();
  scaleCases.forEach((c, i) => {
    const [one, many] = [oneTeam[i], thousandTeams[i]];
    if (!one || !many) return;
    scaleRows.push(
      [
        c.name.padEnd(44),
        `mean ${one.mean.toFixed(1).padStart(5)} -> ${many.mean.toFixed(1).padStart(5)} ms (x${(many.mean / one.mean).toFixed(2)})`,
        `p99 ${String(one.p99).padStart(3)} -> ${String(many.p99).padStart(3)} ms`,
        `errors ${one.errors + many.errors}`,
      ].join('  '),
    );
  });
  scaleRows.unshift(
    `\nScale: 100 req/s, 1 team -> ${teamCount} teams, ${eventRows} event rows (filled in ${filled} s)\n`,
  );
  console.log(scaleRows.join('\n'));
}

/** Other teams with a season each like the bench team's, straight in SQL (triggers off: no versions). */
async function fillOtherTeams(count: number) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into teams (name, invite_code)
      select 'Filler ' || n, 'FILL' || n from generate_series(1, ${count}) n`);
    await tx.execute(sql`insert into tournaments (team_id, name, location, start_date, end_date)
      select t.id, 'Cup ' || i, 'Park', date '2026-09-01' + i * 7, date '2026-09-02' + i * 7
      from teams t cross join generate_series(0, 29) i where t.invite_code like 'FILL%'`);
    await tx.execute(sql`insert into tournament_games (tournament_id, team_id, opponent, date, time)
      select r.id, r.team_id, 'Opponent ' || g, r.start_date, '10:00'
      from tournaments r join teams t on t.id = r.team_id cross join generate_series(1, 7) g
      where t.invite_code like 'FILL%'`);
    await tx.execute(sql`insert into games (team_id, opponent, date, time, location)
      select t.id, 'Rival ' || i, date '2026-09-01' + i, '10:00', 'Park'
      from teams t cross join generate_series(0, 199) i where t.invite_code like 'FILL%'`);
    await tx.execute(sql`insert into practices (team_id, title, date, time, location)
      select t.id, 'Practice ' || i, date '2026-09-01' + i, '17:30', 'Park'
      from teams t cross join generate_series(0, 99) i where t.invite_code like 'FILL%'`);
  });
  await database.db.execute(sql`analyze`);
}

{
  // The bench's real blobs (the SQL rows have none) leave the folder store with the database.
  const stored = (await database.db.execute(
    sql`select blob_key from documents where team_id = ${Number(team['id'])} and file_size > 1000000`,
  )) as unknown as { rows: { blob_key: string }[] };
  for (const { blob_key: key } of stored.rows)
    fs.rmSync(path.join(config.DATA_DIR, 'blobs', key), { force: true });
}
fs.rmSync(benchDir, { recursive: true, force: true });
await bare.close();
await app.close();
await database.close();
await pgDb?.drop();
