// npm run bench: loopback load on the hot paths of the real app, printed as a table.
// PGlite in memory by default; BENCH_DATABASE_URL=postgres://... measures on a PostgreSQL server
// (a fresh database is made there and dropped). Bounded: each case runs BENCH_SECONDS (default 5).
import os from 'node:os';
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

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
}
const auth = { authorization: `Bearer ${token}` };
const cases: Case[] = [
  { name: 'GET /api/health (database ping)', method: 'GET', path: '/api/health' },
  { name: 'GET /api/auth/me (token check + user)', method: 'GET', path: '/api/auth/me', headers: auth },
  {
    name: 'GET /api/teams/:id/players (20 players + parents)',
    method: 'GET',
    path: `/api/teams/${team['id']}/players`,
    headers: auth,
  },
  {
    name: 'POST /api/auth/token (argon2id verify)',
    method: 'POST',
    path: '/api/auth/token',
    body: JSON.stringify(credentials),
    headers: { 'content-type': 'application/json' },
    connections: 4,
  },
];

const rows: string[] = [];
for (const c of cases) {
  const result = await autocannon({
    url: `${address}${c.path}`,
    method: c.method,
    headers: c.headers ?? {},
    ...(c.body ? { body: c.body } : {}),
    connections: c.connections ?? connections,
    duration: seconds,
  });
  const errors = result.errors + result.non2xx;
  rows.push(
    `${c.name.padEnd(52)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${errors}`,
  );
}

await app.close();
await database.close();
await pgDb?.drop();
console.log(
  `\n${pgDb ? 'PostgreSQL' : 'PGlite (memory)'}, ${os.cpus().length} cores, ${connections} connections, ${seconds} s per case\n`,
);
console.log(rows.join('\n'));
