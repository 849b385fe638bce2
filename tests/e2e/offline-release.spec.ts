import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { writeShell } from '../../scripts/vite-offline-shell.ts';
import { registerAccount, signInAs } from './helpers.ts';

// A release takes over on the next visit, never a mix of two releases' files (issue 20 'Readable
// offline', docs/decisions/047). A visit under release A installs A's worker and shell; the server is
// then stopped and started again on the same address and data with release B, as a club deploys one;
// the next visit runs B's page and files, B's worker takes the page over and its shell holds B's files
// only (the unhashed ones, which keep their names from release to release, included); offline, the page
// is B's whole.
//
// Both releases are the build in dist/web with a few files changed, not two builds: the server's
// WEB_DIR serves each from a folder of its own. Each release adds a content-named script (as Vite names
// a changed chunk) that says which release ran, and changes the manifest under its own name (as a
// release that changes the app's name or icons does); its worker is the build's (src/web/public/sw.js)
// with that release's shell written in by the build's own plugin code (scripts/vite-offline-shell.ts).

declare global {
  interface Window {
    /** Set by the release's marker script: which release's page and files run. */
    __release?: string;
  }
}

interface Release {
  dir: string;
  /** The shell's version: its cache is 'club-shell-<version>'. */
  version: string;
  files: string[];
  /** The release's own script ('/assets/release-<hash>.js'). */
  marker: string;
}

/** The files a release changes: their compressed copies would otherwise be sent in their place. */
const CHANGED = ['index.html', 'manifest.webmanifest', 'sw.js'];

function makeRelease(dir: string, name: string): Release {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync('dist/web', dir, { recursive: true });
  const script = `window.__release = ${JSON.stringify(name)};\n`;
  const marker = `/assets/release-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(dir, marker), script);
  const index = path.join(dir, 'index.html');
  const html = fs.readFileSync(index, 'utf8');
  expect(html).toContain('</head>');
  fs.writeFileSync(index, html.replace('</head>', `<script type="module" src="${marker}"></script></head>`));
  const manifestFile = path.join(dir, 'manifest.webmanifest');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, description: `Release ${name}` }));
  for (const file of CHANGED) {
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(dir, file + suffix), { force: true });
  }
  fs.copyFileSync('src/web/public/sw.js', path.join(dir, 'sw.js'));
  writeShell(dir);
  const worker = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const shell = JSON.parse(/^const SHELL = (\{.*\});$/m.exec(worker)?.[1] ?? '{}') as {
    version: string;
    files: string[];
  };
  expect(shell.files).toContain(marker);
  return { dir, version: shell.version, files: shell.files, marker };
}

/** The server of one release on `port`, with the data in `dataDir`; resolves once it answers. */
async function startRelease(port: number, dataDir: string, release: Release): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: origin,
      WEB_DIR: release.dir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) return `exited ${server.exitCode}`;
        return (await fetch(`${origin}/api/health`).catch(() => undefined))?.status ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return server;
}

async function stop(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}

/** The shell caches of the origin, and what the one left holds: each file's path and text. */
const shellCaches = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('club-shell-')).sort();
    const files: Record<string, string> = {};
    const [only] = names;
    if (names.length === 1 && only) {
      const cache = await caches.open(only);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        const text = /\.(html|js|webmanifest)$/.test(path) ? await (await cache.match(request))!.text() : '';
        files[path] = text;
      }
    }
    return { names, files };
  });

/** Resolves once a worker controls the page and is the registration's active one, none waiting. */
const settled = (page: Page) =>
  page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const controller = navigator.serviceWorker.controller;
    return (
      controller?.state === 'activated' &&
      registration?.active?.scriptURL === controller.scriptURL &&
      !registration.installing &&
      !registration.waiting
    );
  });

/** The scripts the page loaded (paths), from the page's own record of its resources. */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );

test('after a release, the next visit runs the new release under its worker, with none of the old files @phone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // This worker's ports are the config's app port plus 0, 15 and 16: the release server takes +10.
  const appPort = Number(new URL(baseURL ?? '').port);
  const port = appPort + 10;
  const origin = `http://127.0.0.1:${port}`;
  const root = path.resolve('.e2e-data', `release-${port}`);
  const dataDir = path.join(root, 'data');
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/e2e-database.ts', dataDir]);
  const a = makeRelease(path.join(root, 'a'), 'A');
  const b = makeRelease(path.join(root, 'b'), 'B');
  expect(b.version).not.toBe(a.version);
  expect(a.files).not.toContain(b.marker);

  let server: ChildProcess | undefined;
  let api: APIRequestContext | undefined;
  try {
    // Release A: the first visit installs A's worker, which keeps A's shell.
    server = await startRelease(port, dataDir, a);
    api = await request.newContext({ baseURL: origin });
    const parent = await registerAccount(api, 'Pat Release', { role: 'parent', confirmed: false });
    await signInAs(page, parent, `${origin}/`);
    await expect.poll(() => page.evaluate(() => window.__release)).toBe('A');
    await settled(page);
    await expect.poll(async () => (await shellCaches(page)).names).toEqual([`club-shell-${a.version}`]);

    // The browser's HTTP cache holds A's manifest (A's worker fetched it, and it may be kept an hour):
    // what every browser that visited within the hour holds when B comes.
    const [worker] = page.context().serviceWorkers();
    expect(worker?.url()).toBe(`${origin}/sw.js`);
    await expect
      .poll(() =>
        worker?.evaluate(async () => {
          const kept = await fetch('/manifest.webmanifest', { cache: 'only-if-cached', mode: 'same-origin' })
            .then((response) => response.json() as Promise<{ description?: string }>)
            .catch(() => null);
          return kept?.description ?? null;
        }),
      )
      .toBe('Release A');

    // The release: the same address and data, B's files.
    await stop(server);
    server = await startRelease(port, dataDir, b);
    const failed: string[] = [];
    // A file of the app that did not load (the API's answers to a parent without a team aside).
    const isFile = (url: string) => !new URL(url).pathname.startsWith('/api/');
    page.on('requestfailed', (r) => {
      if (isFile(r.url())) failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`);
    });
    page.on('response', (r) => {
      if (isFile(r.url()) && r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
    });

    // The next visit: B's page and files run, and B's worker takes the page over.
    await page.goto(`${origin}/`);
    await expect.poll(() => page.evaluate(() => window.__release)).toBe('B');
    expect(await loadedScripts(page)).not.toContain(a.marker);
    await expect.poll(async () => (await shellCaches(page)).names).toEqual([`club-shell-${b.version}`]);
    await settled(page);
    // B's shell holds B's files, each as B serves it: the unhashed ones (the manifest, kept under the
    // same name from release to release) are B's, not the copy the browser had from A.
    const { files } = await shellCaches(page);
    expect(Object.keys(files).sort()).toEqual([...b.files].sort());
    expect(files['/index.html']).toContain(b.marker);
    expect(files['/index.html']).not.toContain(a.marker);
    expect(files[b.marker]).toContain('"B"');
    expect(JSON.parse(files['/manifest.webmanifest'] ?? '{}')).toMatchObject({ description: 'Release B' });
    expect(failed).toEqual([]);

    // Offline, the page is B's whole: its page and every file from B's shell.
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.__release)).toBe('B');
    await expect(page.locator('#root')).not.toBeEmpty();
    const scripts = await loadedScripts(page);
    expect(scripts).toContain(b.marker);
    expect(
      scripts.every((script) => b.files.includes(script)),
      scripts.join('\n'),
    ).toBe(true);
    await page.context().setOffline(false);
  } finally {
    await api?.dispose();
    await stop(server);
  }
});
