// Lighthouse's mobile performance score of the sign-in page and three signed-in pages (README, 'Signed-in
// pages on a phone'), each the median of several cold loads, against a running server:
//
//   LIGHTHOUSE_DIR=/tmp/lh LIGHTHOUSE_URL=http://127.0.0.1:4520 npm run lighthouse
//
// Lighthouse is not one of the project's packages: LIGHTHOUSE_DIR names a folder where
// `npm i lighthouse@12.8.2` was run (12 is the last line that runs on Node 20); without it the script
// looks for lighthouse among the project's own packages. Its puppeteer-core drives the browser.
// The defaults are Lighthouse's: a Moto G Power sized screen, simulated 150 ms RTT, 1.6 Mbps and a 4x
// slower CPU. Signed-in pages need a session: the token the sign-in form would keep is put into local
// storage on an API address of the same origin (which loads none of the app's files), the page is
// visited once as a returning user would have (LIGHTHOUSE_FIRST_VISIT=1: not), the browser cache is
// cleared, and Lighthouse runs without resetting storage.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const env = process.env;
const base = (env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:4520').replace(/\/+$/, '');
const email = env.LIGHTHOUSE_EMAIL ?? 'coach.morgan@example.com';
const password = env.LIGHTHOUSE_PASSWORD ?? 'Riverside#Goal26';
const runs = Number(env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = env.CHROME_PATH ?? '/usr/bin/chromium';
const only = env.LIGHTHOUSE_PAGES?.split(',');
const jsonOut = env.LIGHTHOUSE_JSON;
const reportDir = env.LIGHTHOUSE_REPORTS;
// The live stream never ends, so the network of a signed-in page is never quiet: Lighthouse would wait
// its default 45 s on every load. What the metrics need has happened long before.
const maxWaitForLoad = Number(env.LIGHTHOUSE_MAX_WAIT_MS ?? 15_000);
/** A URL asked for again this soon after the first time is a second request of one page load, not a poll. */
const SAME_LOAD_MS = 10_000;
// One load on a busy 2-core machine may take long; a hung browser must not hang the script.
const RUN_TIMEOUT_MS = 180_000;
const firstVisit = env.LIGHTHOUSE_FIRST_VISIT === '1';
/** Long enough for the app to note a page's first reads (4 s after it starts). */
const EARLIER_VISIT_MS = 6_000;
// The key of src/web/lib/auth-token.ts.
const AUTH_TOKEN_KEY = 'auth_token';

const PAGES = [
  { name: 'sign-in', path: '/', signedIn: false },
  { name: 'dashboard', path: '/#dashboard', signedIn: true },
  { name: 'calendar', path: '/#calendar', signedIn: true },
  { name: 'messages', path: '/#messages', signedIn: true },
].filter((page) => !only || only.includes(page.name));

const requireFrom = createRequire(
  env.LIGHTHOUSE_DIR ? path.resolve(env.LIGHTHOUSE_DIR, 'package.json') : import.meta.filename,
);
const lighthouseEntry = requireFrom.resolve('lighthouse');
const { default: lighthouse } = await import(pathToFileURL(lighthouseEntry).href);
const puppeteerEntry = createRequire(lighthouseEntry).resolve('puppeteer-core');
const { default: puppeteer } = await import(pathToFileURL(puppeteerEntry).href);
const lighthouseFile = (file) => pathToFileURL(path.join(path.dirname(lighthouseEntry), file)).href;
const { throttling } = await import(lighthouseFile('config/constants.js'));
const { pageFunctions } = await import(lighthouseFile('lib/page-functions.js'));

/**
 * LIGHTHOUSE_CPU=calibrated: the CPU slowdown that makes this machine, as busy as it is at that moment,
 * the phone Lighthouse emulates, from its benchmark index (the mapping of Lighthouse's CPU throttling
 * calculator, linked from its docs/throttling.md). Lighthouse's fixed 4x assumes a fast desktop; it
 * warns that it is not representative below an index of 1000, and a shared 2-core machine measures
 * 300-700. Unset: Lighthouse's defaults.
 */
const calibrated = env.LIGHTHOUSE_CPU === 'calibrated';
/**
 * LIGHTHOUSE_CPU=thread-time: the same simulation, but each main-thread task lasts as long as the thread
 * really ran (the trace's thread time) instead of the wall time between its start and end, which on a
 * machine shared with other runs includes the time the thread waited for a core. Lighthouse then slows
 * that down 4x as usual. The figures follow the code, not the machine's load; they are not Lighthouse's
 * own and are reported apart from its (README, 'Signed-in pages on a phone').
 */
const threadTime = env.LIGHTHOUSE_CPU === 'thread-time';
function cpuMultiplier(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

async function signIn() {
  const response = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  if (!response.ok)
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took over ${RUN_TIMEOUT_MS / 1000} s`)),
      RUN_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One cold load in a browser of its own; the figures Lighthouse reports for it. */
async function measure(page, token, run) {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    protocolTimeout: RUN_TIMEOUT_MS,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const tab = await browser.newPage();
    if (page.signedIn) {
      // A JSON answer of the same origin: local storage is the app's, and no app file gets cached.
      await tab.goto(`${base}/api/`, { timeout: RUN_TIMEOUT_MS });
      await tab.evaluate((key, value) => localStorage.setItem(key, value), AUTH_TOKEN_KEY, token);
      // A returning user's visit: an earlier one left what the app keeps in local storage (the chosen
      // team, the page's first reads: src/web/lib/early-requests.ts). LIGHTHOUSE_FIRST_VISIT=1 skips it.
      if (!firstVisit) {
        await tab.goto(`${base}${page.path}`, { timeout: RUN_TIMEOUT_MS });
        await new Promise((resolve) => setTimeout(resolve, EARLIER_VISIT_MS));
        await tab.goto(`${base}/api/`, { timeout: RUN_TIMEOUT_MS });
      }
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const flags = {
      onlyCategories: ['performance'],
      disableStorageReset: page.signedIn,
      logLevel: 'error',
      maxWaitForLoad,
    };
    if (calibrated) {
      const index = await tab.evaluate(pageFunctions.computeBenchmarkIndex);
      flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuMultiplier(index) };
    }
    const result = threadTime
      ? await measureByThreadTime(page, flags, tab)
      : await withTimeout(
          lighthouse(`${base}${page.path}`, flags, undefined, tab),
          `Lighthouse on ${page.name}`,
        );
    if (reportDir) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `${page.name}-${run}.json`), JSON.stringify(result.lhr));
    }
    return figures(result.lhr);
  } finally {
    await browser.close();
  }
}

/** Gathers the load, puts each main-thread task's thread time in place of its wall time, then audits. */
async function measureByThreadTime(page, flags, tab) {
  const { mkdtempSync, readFileSync, writeFileSync, rmSync } = await import('node:fs');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  try {
    await withTimeout(
      lighthouse(`${base}${page.path}`, { ...flags, gatherMode: folder }, undefined, tab),
      `Lighthouse on ${page.name}`,
    );
    const traceFile = path.join(folder, 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
    const events = trace.traceEvents ?? trace;
    for (const event of events) {
      // Top-level tasks: Lighthouse makes one CPU step of each.
      if (event.ph === 'X' && event.name === 'RunTask' && typeof event.tdur === 'number')
        event.dur = Math.min(event.dur, event.tdur);
    }
    writeFileSync(traceFile, JSON.stringify(trace));
    return await lighthouse(`${base}${page.path}`, { ...flags, auditMode: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function figures(lhr) {
  if (lhr.runtimeError) return { error: lhr.runtimeError.code };
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests').details.items;
  // The stream's own request is left out; polling (10 s and more) shows as a later repeat.
  const repeated = requests
    .filter((request, index) =>
      requests
        .slice(0, index)
        .some(
          (earlier) =>
            earlier.url === request.url &&
            request.rendererStartTime - earlier.rendererStartTime < SAME_LOAD_MS,
        ),
    )
    .map((request) => `${request.url} at ${Math.round(request.rendererStartTime)} ms`);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    si: audit('speed-index').numericValue,
    requests: requests.length,
    css: requests.filter((request) => request.resourceType === 'Stylesheet').length,
    repeated,
    benchmark: lhr.environment.benchmarkIndex,
    cpu: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    warnings: lhr.runWarnings.filter((warning) => !/loaded too slowly/.test(warning)),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const token = PAGES.some((page) => page.signedIn) ? await signIn() : null;
const results = [];
for (const page of PAGES) {
  const loads = [];
  for (let run = 1; run <= runs; run += 1) {
    let load = await measure(page, token, run);
    // Lighthouse sometimes loses a load's trace (NO_NAVSTART, 'Please run Lighthouse again'): one more try.
    for (let retry = 0; load.error && retry < 2; retry += 1) {
      console.log(`${page.name} #${run}: ${load.error}; measuring again`);
      load = await measure(page, token, run);
    }
    if (load.error) throw new Error(`${page.name} #${run}: ${load.error}`);
    loads.push(load);
    console.log(
      `${page.name} #${run}: score ${load.score}, LCP ${Math.round(load.lcp)} ms, TBT ${Math.round(load.tbt)} ms, ` +
        `CLS ${load.cls.toFixed(3)}, ${load.requests} requests (${load.css} CSS), load average ${os.loadavg()[0].toFixed(1)}, ` +
        `benchmark index ${Math.round(load.benchmark)}, CPU ${load.cpu.toFixed(2)}x` +
        (load.repeated.length ? `, requested twice: ${load.repeated.join(' ')}` : '') +
        (load.warnings.length ? `\n  warnings: ${load.warnings.join(' | ')}` : ''),
    );
  }
  const pick = (key) => median(loads.map((load) => load[key]));
  results.push({
    page: page.name,
    score: pick('score'),
    fcp: Math.round(pick('fcp')),
    lcp: Math.round(pick('lcp')),
    tbt: Math.round(pick('tbt')),
    cls: Number(pick('cls').toFixed(3)),
    si: Math.round(pick('si')),
    requests: pick('requests'),
    css: pick('css'),
    repeated: loads.reduce((most, load) => Math.max(most, load.repeated.length), 0),
    scores: loads.map((load) => load.score).join(' '),
  });
}

console.log(
  `\nMedian of ${runs} loads each (load average now ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}):`,
);
console.table(results);
if (jsonOut) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(jsonOut, JSON.stringify({ base, runs, loadavg: os.loadavg(), results }, null, 2));
}
