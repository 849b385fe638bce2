// Measures the memory and start-up time of the built server (docs/decisions/034): starts it as
// `npm start` does (node, with the flags of package.json's start script; without npm), samples the resident memory of it and of every process under it every
// 100 ms (VmRSS, and VmHWM, the kernel's own peak, at each sample) until /api/health answers and a
// sign-in has been made, then stops it and prints each process's peak.
//
//   node scripts/measure-memory.mjs                        PGlite in a fresh, empty data folder
//   node scripts/measure-memory.mjs --data-dir DIR         PGlite in DIR (e.g. seeded with seed:demo)
//   DATABASE_URL=postgres://... node scripts/measure-memory.mjs
//
// Sign-in: --email and --password name an existing account; without them an account is registered
// first; --sign-ins N signs in N times (each followed by the user's and teams' reads). --server names
// another build of main.js (to compare two builds). Build first (`npm run build`, or `node scripts/build-if-stale.mjs`).
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
    email: { type: 'string' },
    password: { type: 'string' },
    'interval-ms': { type: 'string', default: '100' },
    server: { type: 'string', default: 'dist/server/main.js' },
    'sign-ins': { type: 'string', default: '1' },
  },
});
const intervalMs = Number(values['interval-ms']);
const freshFolder = !values['data-dir'];
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'club-memory-'));
// Linux counts CPU time in /proc/<pid>/stat in clock ticks of 1/100 s (USER_HZ).
const ticks = 100;

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

/** VmRSS and VmHWM in MB, or undefined once the process is gone. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) the process has used, its own threads only. */
function cpuOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return undefined;
  }
}

/** CPU seconds of each thread of the process that used 50 ms or more, by name#id ('main' for the first). */
function threadsCpuOf(pid) {
  const threads = new Map();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name =
        task === String(pid) ? 'main' : `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}#${task}`;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / ticks;
      if (seconds >= 0.05) threads.set(name, seconds);
    } catch {
      // the thread ended
    }
  }
  return threads;
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

function treeOf(pid) {
  return [pid, ...childrenOf(pid).flatMap(treeOf)];
}

function nameOf(pid) {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args
      .slice(0, 2)
      .map((arg) => path.basename(arg))
      .join(' ');
  } catch {
    return '?';
  }
}

/** The largest resident mappings (for finding where memory goes; MEASURE_SMAPS=1). */
function smaps(pid) {
  const text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const maps = [];
  let current;
  for (const line of text.split('\n')) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      current = {
        size: (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1048576,
        perms: head[3],
        name: head[4],
        rss: 0,
      };
      maps.push(current);
    } else if (current && line.startsWith('Rss:')) current.rss = Number(line.split(/\s+/)[1]) / 1024;
  }
  return maps
    .sort((a, b) => b.rss - a.rss)
    .slice(0, 25)
    .map(
      (m) => `${m.rss.toFixed(1).padStart(7)} MB of ${m.size.toFixed(1).padStart(8)} MB ${m.perms} ${m.name}`,
    )
    .join('\n');
}

const port = await freePort();
const started = performance.now();
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadAtStart = load();
// The node flags `npm start` gives the server (the last command of the script: node FLAGS main.js).
const startScript = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const nodeFlags = startScript
  .split('&&')
  .at(-1)
  .trim()
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));
console.log(`node ${[...nodeFlags, values.server].join(' ')}`);
const server = spawn(process.execPath, [...nodeFlags, path.resolve(root, values.server)], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // PostgreSQL mode requires a shared signing secret; one for this run.
    ...(process.env.DATABASE_URL && !process.env.JWT_SECRET
      ? { JWT_SECRET: crypto.randomBytes(32).toString('hex') }
      : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = false;
server.on('exit', () => (exited = true));

/** pid -> { name, peak, firstSeen, lastSeen } */
const processes = new Map();
let phase = 'starting';
function sample() {
  const now = performance.now() - started;
  for (const pid of treeOf(server.pid)) {
    const memory = memoryOf(pid);
    if (!memory) continue;
    let entry = processes.get(pid);
    if (!entry) {
      entry = { name: nameOf(pid), peak: 0, firstSeen: now, lastSeen: now, peakPhase: phase };
      processes.set(pid, entry);
    }
    const peak = Math.max(memory.rss, memory.hwm);
    if (peak > entry.peak) {
      entry.peak = peak;
      entry.peakPhase = phase;
    }
    // Read again: a child just forked still shows its parent's command line until it starts.
    entry.name = nameOf(pid);
    entry.rss = memory.rss;
    entry.cpu = cpuOf(pid) ?? entry.cpu;
    entry.lastSeen = now;
  }
}
const sampler = setInterval(sample, intervalMs);
sample();

const base = `http://127.0.0.1:${port}`;
async function healthy() {
  for (;;) {
    if (exited) throw new Error('the server stopped before it was healthy');
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function post(url, body) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

let failure;
const times = {};
try {
  await healthy();
  times.healthyMs = performance.now() - started;
  times.cpuAtHealthy = cpuOf(server.pid);
  times.threadsAtHealthy = threadsCpuOf(server.pid);
  times.loadAtHealthy = load();
  sample();
  times.peakAtHealthy = processes.get(server.pid)?.peak;
  phase = 'sign-in';
  const email = values.email ?? `memory.probe.${Date.now()}@example.com`;
  const password = values.password ?? 'Measure#Memory26';
  if (!values.email)
    await post('/api/auth/register', { name: 'Memory Probe', email, password, role: 'coach' });
  for (let i = 0; i < Number(values['sign-ins']); i++) {
    const { access_token: token } = await post('/api/auth/token', { username: email, password });
    // What the dashboard reads after a sign-in.
    await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${base}/api/teams`, { headers: { authorization: `Bearer ${token}` } });
  }
  // A moment after the sign-in, for anything it started to show.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  sample();
} catch (error) {
  failure = error;
}
clearInterval(sampler);
const serverAfter = memoryOf(server.pid);
const smapsSummary = process.env.MEASURE_SMAPS ? smaps(server.pid) : '';
server.kill('SIGTERM');
await new Promise((resolve) => (exited ? resolve() : server.once('exit', resolve)));
if (freshFolder) fs.rmSync(dataDir, { recursive: true, force: true });

const mb = (n) => `${Math.round(n)} MB`;
console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${freshFolder ? 'a fresh, empty folder' : dataDir}`}`,
  `(files in ${freshFolder ? 'a fresh folder' : dataDir})`,
);
console.log(
  `load average (1, 5, 15 min): at start ${loadAtStart}, when healthy ${times.loadAtHealthy ?? '-'}`,
);
if (times.healthyMs !== undefined)
  console.log(
    `healthy after ${(times.healthyMs / 1000).toFixed(2)} s wall, ${times.cpuAtHealthy?.toFixed(2)} s CPU in the server process (its children not counted)`,
  );
if (times.threadsAtHealthy)
  console.log(
    `  of which, by thread: ${[...times.threadsAtHealthy]
      .sort((a, b) => b[1] - a[1])
      .map(([name, seconds]) => `${name} ${seconds.toFixed(2)} s`)
      .join(', ')}`,
  );
for (const [pid, entry] of processes) {
  const role = pid === server.pid ? 'server' : 'child';
  const lived = ((entry.lastSeen - entry.firstSeen) / 1000).toFixed(1);
  console.log(
    `${role.padEnd(6)} ${String(pid).padEnd(8)} ${entry.name.padEnd(28)} peak ${mb(entry.peak).padStart(7)} (while ${entry.peakPhase}), seen for ${lived} s, ${entry.cpu?.toFixed(2)} s CPU when last seen`,
  );
}
if (times.peakAtHealthy !== undefined) console.log(`server peak until healthy: ${mb(times.peakAtHealthy)}`);
if (serverAfter) console.log(`server after healthy and a sign-in: ${mb(serverAfter.rss)}`);
if (process.env.MEASURE_SMAPS && serverAfter) console.log(smapsSummary);
if (failure) {
  console.error(failure);
  process.exitCode = 1;
}
