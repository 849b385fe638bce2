// npm run bench: loopback load on the hot paths of the real app, printed as a table.
// PGlite in memory by default; BENCH_DATABASE_URL=postgres://... measures on a PostgreSQL server
// (a fresh database is made there and dropped). Bounded: each case runs BENCH_SECONDS (default 5).
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connect.ts';

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
const config = loadConfig({
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  DATA_DIR: os.tmpdir(),
  HOST: '127.0.0.1',
  PORT: '0',
  LOGIN_LIMIT_PER_IP: '1000000',
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  LOGIN_LIMIT_PER_ACCOUNT_IP: '1000000',
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

// The yardstick: a bare Fastify route on the same machine, in the same run.
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

const rosterPath = `/api/teams/${team['id']}/players`;
const rosterTag =
  (await fetch(`${address}${rosterPath}`, { headers: { authorization: `Bearer ${token}` } })).headers.get(
    'etag',
  ) ?? '';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
}
const auth = { authorization: `Bearer ${token}` };
const cases: Case[] = [
  { name: 'GET bare Fastify route (the yardstick)', method: 'GET', url: `${bareAddress}/bare` },
  { name: 'GET /api/health (database ping)', method: 'GET', url: `${address}/api/health` },
  {
    name: 'GET /api/auth/me (token check + user)',
    method: 'GET',
    url: `${address}/api/auth/me`,
    headers: auth,
  },
  { name: 'GET roster (20 players + parents)', method: 'GET', url: `${address}${rosterPath}`, headers: auth },
  {
    name: 'GET roster, unchanged (If-None-Match: 304)',
    method: 'GET',
    url: `${address}${rosterPath}`,
    headers: { ...auth, 'if-none-match': rosterTag },
  },
  {
    name: 'GET join requests (Admin tab poll)',
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
    name: 'POST /api/auth/token (argon2id verify)',
    method: 'POST',
    url: `${address}/api/auth/token`,
    body: JSON.stringify(credentials),
    headers: { 'content-type': 'application/json' },
    connections: 4,
  },
];

const rows: string[] = [];
let yardstick = 0;
for (const c of cases) {
  // How long the event loop stalls while the case runs (PGlite runs queries on the main thread).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const result = await autocannon({
    url: c.url,
    method: c.method,
    headers: c.headers ?? {},
    ...(c.body ? { body: c.body } : {}),
    connections: c.connections ?? connections,
    duration: seconds,
  });
  loop.disable();
  const rate = result.requests.average;
  if (!yardstick) yardstick = rate;
  const errors = result.errors + result.non2xx - (c.headers?.['if-none-match'] ? result['3xx'] : 0);
  const share = `${((rate / yardstick) * 100).toFixed(1)} %`;
  rows.push(
    `${c.name.padEnd(46)} ${String(Math.round(rate)).padStart(7)} req/s ${share.padStart(8)}   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   loop p99 ${(loop.percentile(99) / 1e6).toFixed(0).padStart(3)} ms   errors ${errors}`,
  );
}

await bare.close();
await app.close();
await database.close();
await pgDb?.drop();
console.log(
  `\n${pgDb ? 'PostgreSQL' : 'PGlite (memory)'}, ${os.cpus().length} cores, ${connections} connections, ${seconds} s per case; % of the bare route's rate\n`,
);
console.log(rows.join('\n'));
