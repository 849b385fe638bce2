import { defineConfig } from '@playwright/test';

// Browser tests in Debian's Chromium against the real server on a fresh PGlite folder.
// E2E_PORT moves all three ports, so two checkouts on one machine can run their browser tests at once.
const PORT = Number(process.env['E2E_PORT'] ?? 4310);
// One folder per port, so two runs side by side never wipe each other's database.
export const E2E_DATA_DIR = `.e2e-data/${PORT}`;
const E2E_SMTP_PORT = PORT + 15;
export const E2E_INBOX_PORT = PORT + 16;
/** The club's administrator, made before the server starts (no API makes one); password: helpers' PASSWORD. */
export const E2E_ADMIN = { name: 'Ada Clubadmin', email: 'club.admin@example.com' } as const;

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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: [
    {
      // The SMTP server the app delivers to; started first so no email waits for a retry.
      command: 'node --import tsx tests/e2e/support/mail-inbox-server.ts',
      url: `http://127.0.0.1:${E2E_INBOX_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: String(E2E_SMTP_PORT), E2E_INBOX_PORT: String(E2E_INBOX_PORT) },
    },
    {
      command:
        `node --import tsx tests/support/e2e-database.ts ${E2E_DATA_DIR}` +
        ` && node --import tsx src/server/cli/create-admin.ts` +
        ` --email ${E2E_ADMIN.email} --name '${E2E_ADMIN.name}' --password 'Corner#Kick9'` +
        // The built server, as `npm start` and the club run it (built first when older than its sources),
        // rather than tsx compiling it and its database thread at each start.
        ` && node scripts/build-if-stale.mjs && node dist/server/main.js`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: '',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        CLUB_NAME: 'Riverside Youth Soccer Club',
        LOG_LEVEL: 'warn',
        MAIL_POLL_SECONDS: '0.2',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        LOGIN_LIMIT_PER_IP: '10000',
        FORGOT_LIMIT_PER_IP: '10000',
        SIGNUP_LIMIT_PER_IP: '10000',
        JOIN_LIMIT_PER_IP: '10000',
        // Every coach the tests make confirms the email (POST /api/auth/verify-email, limited per address
        // like reset links), all from this machine's one address.
        RESET_LIMIT_PER_IP: '10000',
      },
    },
  ],
});
