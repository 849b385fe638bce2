import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

// Browser tests in Debian's Chromium against the real server on a fresh PGlite folder. Each worker has a
// server, a data folder and a mail inbox of its own (docs/decisions/044), so two tests at once never share
// an account, a limit or an inbox: the worker's slot (Playwright's TEST_PARALLEL_INDEX, 0 in the runner)
// picks its ports. E2E_PORT moves them all, so two checkouts on one machine can run their tests at once.
const BASE_PORT = Number(process.env['E2E_PORT'] ?? 4310);
/** Workers, each with its own server: two keep both cores of a 2-core machine busy (decision 044). */
const WORKERS = Number(process.env['E2E_WORKERS'] ?? 2);
/** Slot `slot`'s ports: its server on BASE_PORT + 20 * slot, its SMTP server +15, its inbox +16. */
const portsOf = (slot: number) => {
  const app = BASE_PORT + 20 * slot;
  return { app, smtp: app + 15, inbox: app + 16, dataDir: `.e2e-data/${app}` };
};
const SLOT = Number(process.env['TEST_PARALLEL_INDEX'] ?? 0);
const PORTS = portsOf(SLOT);
/** This worker's server's data folder (one per port, so two runs side by side never wipe each other's). */
export const E2E_DATA_DIR = PORTS.dataDir;
/** Where this worker's mail inbox answers. */
export const E2E_INBOX_PORT = PORTS.inbox;
/** The club's administrator, made before the server starts (no API makes one); password: helpers' PASSWORD. */
export const E2E_ADMIN = { name: 'Ada Clubadmin', email: 'club.admin@example.com' } as const;

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Files are shared out between the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORTS.app}`,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // '@phone-only': what exists on a phone alone (the menu drawer) is not run at 1280 px.
    { name: 'desktop', grepInvert: /@phone-only/, use: { viewport: { width: 1280, height: 800 } } },
    // A phone runs the tests about what differs on a phone (drawer, top bar, dialogs and messages in
    // view, taps): those tagged @phone. The rest would only repeat the desktop run.
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  // One inbox and one server per slot, started one after another (Playwright starts its webServers in
  // order): the first server's start builds dist/ when it is stale, before the second one looks.
  webServer: Array.from({ length: WORKERS }, (_, slot) => portsOf(slot)).flatMap((ports): WebServer[] => [
    {
      // The SMTP server the app delivers to; started first so no email waits for a retry.
      command: 'node --import tsx tests/e2e/support/mail-inbox-server.ts',
      url: `http://127.0.0.1:${ports.inbox}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: String(ports.smtp), E2E_INBOX_PORT: String(ports.inbox) },
    },
    {
      command:
        `node --import tsx tests/support/e2e-database.ts ${ports.dataDir}` +
        ` && node --import tsx src/server/cli/create-admin.ts` +
        ` --email ${E2E_ADMIN.email} --name '${E2E_ADMIN.name}' --password 'Corner#Kick9'` +
        // The built server, as `npm start` and the club run it (built first when older than its sources),
        // rather than tsx compiling it and its database thread at each start.
        ` && node scripts/build-if-stale.mjs && node dist/server/main.js`,
      url: `http://127.0.0.1:${ports.app}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(ports.app),
        HOST: '127.0.0.1',
        DATA_DIR: ports.dataDir,
        DATABASE_URL: '',
        PUBLIC_URL: `http://127.0.0.1:${ports.app}`,
        CLUB_NAME: 'Riverside Youth Soccer Club',
        LOG_LEVEL: 'warn',
        MAIL_POLL_SECONDS: '0.2',
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        LOGIN_LIMIT_PER_IP: '10000',
        FORGOT_LIMIT_PER_IP: '10000',
        SIGNUP_LIMIT_PER_IP: '10000',
        JOIN_LIMIT_PER_IP: '10000',
        // Every coach the tests make confirms the email (POST /api/auth/verify-email, limited per address
        // like reset links), all from this machine's one address.
        RESET_LIMIT_PER_IP: '10000',
      },
    },
  ]),
});
