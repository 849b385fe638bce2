// Measures start-up to healthy (issue 18, docs/decisions/034): the wall time from spawning the server
// to GET /api/health answering 200, over several starts, and prints each start and the median. Run it
// under `flock /work/wt/heavy.lock` on a shared machine, and read the load average it prints.
//
//   node scripts/measure-startup.mjs --data-dir DIR        PGlite in DIR (e.g. seeded with seed:demo)
//   node scripts/measure-startup.mjs --fresh               PGlite in a new, empty folder each start
//   DATABASE_URL=postgres://... node scripts/measure-startup.mjs
//
// --how node (default): the server as `npm start` runs it (node with the start script's flags,
// dist/server/main.js), without npm. --how npm: `npm start` itself, staleness check included.
// --runs N: starts (5). --server: another build of main.js (to compare two builds; node only). Build
// first (`npm run build`). CPU: the server process's threads (user + system) when healthy; with --how
// npm, npm's and the staleness check's processes besides.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    fresh: { type: 'boolean', default: false },
    how: { type: 'string', default: 'node' },
    runs: { type: 'string', default: '5' },
    'poll-ms': { type: 'string', default: '10' },
    server: { type: 'string', default: 'dist/server/main.js' },
  },
});
const postgres = Boolean(process.env.DATABASE_URL);
if (!postgres && !values.fresh && !values['data-dir'])
  throw new Error('Name a data folder (--data-dir DIR) or ask for an empty one each start (--fresh)');
if (values.how !== 'node' && values.how !== 'npm') throw new Error('--how is node or npm');
const runs = Number(values.runs);
const pollMs = Number(values['poll-ms']);
// Linux counts CPU time in /proc/<pid>/stat in clock ticks of 1/100 s (USER_HZ).
const TICKS = 100;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) of the process and, with `children`, of its children that ended. */
function cpuOf(pid, children = false) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (children ? Number(fields[13]) + Number(fields[14]) : 0)) / TICKS;
  } catch {
    return 0;
  }
}

function childrenOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const treeOf = (pid) => [pid, ...childrenOf(pid).flatMap(treeOf)];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

// The node flags `npm start` gives the server (the last command of the script: node FLAGS main.js).
const startScript = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const serverCommand = [
  ...startScript
    .split('&&')
    .at(-1)
    .trim()
    .split(/\s+/)
    .filter((arg) => arg.startsWith('--')),
  path.resolve(root, values.server),
];

async function start() {
  const port = await freePort();
  const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'club-startup-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.resolve(dataDir),
    LOG_LEVEL: 'warn',
    // PostgreSQL mode requires a shared signing secret; one for this run.
    ...(postgres && !process.env.JWT_SECRET ? { JWT_SECRET: crypto.randomBytes(32).toString('hex') } : {}),
  };
  const started = performance.now();
  // npm runs its script in a shell of its own: a process group of its own, stopped as one below.
  const server =
    values.how === 'npm'
      ? spawn('npm', ['start', '--silent'], {
          cwd: root,
          env,
          stdio: ['ignore', 'inherit', 'inherit'],
          detached: true,
        })
      : spawn(process.execPath, serverCommand, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  let exited = false;
  const exit = new Promise((resolve) => server.once('exit', resolve));
  void exit.then(() => (exited = true));
  let healthyMs;
  let cpu;
  for (;;) {
    if (exited) throw new Error('the server stopped before it was healthy');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      await response.arrayBuffer();
      if (response.ok) {
        healthyMs = performance.now() - started;
        cpu = treeOf(server.pid).reduce((sum, pid) => sum + cpuOf(pid, pid === server.pid), 0);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  if (values.how === 'npm') process.kill(-server.pid, 'SIGTERM');
  else server.kill('SIGTERM');
  await exit;
  if (values.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  return { healthyMs, cpu };
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

console.log(
  `${values.how === 'npm' ? 'npm start' : `node ${serverCommand.join(' ')}`}; database: ${
    postgres
      ? 'PostgreSQL'
      : values.fresh
        ? 'PGlite, an empty folder each start'
        : `PGlite in ${values['data-dir']}`
  }; ${new Date().toISOString()}`,
);
const loadBefore = load();
const results = [];
for (let i = 0; i < runs; i++) {
  const result = await start();
  results.push(result);
  console.log(
    `start ${i + 1}: healthy after ${(result.healthyMs / 1000).toFixed(2)} s wall, ${result.cpu.toFixed(2)} s CPU`,
  );
}
console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
console.log(
  `median of ${runs}: ${(median(results.map((r) => r.healthyMs)) / 1000).toFixed(2)} s wall to healthy, ${median(
    results.map((r) => r.cpu),
  ).toFixed(2)} s CPU`,
);
