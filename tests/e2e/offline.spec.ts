import { type BrowserContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import {
  apiCall,
  CLUB,
  coachWithTeam,
  goToTab,
  isPhone,
  joinApprovedFor,
  openNavigation,
  registerAccount,
  signInAs,
} from './helpers.ts';

// The app on a phone's home screen and with no signal (issue 20, docs/decisions/047): the manifest is
// valid and Chromium finds the app installable; the service worker controls the page from the first
// visit on; after a visit, the schedule, the roster, the announcements, a conversation's recent messages
// and the roster's contact sheet read offline, marked 'Offline - as of' the time they were kept; a write made offline fails with the usual message and is
// never sent later; signing out deletes what was kept.

const ZONE = 'America/Chicago';
const TODAY = todayIn(ZONE);
const NETWORK_ERROR = 'Network error - check connection';

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Resolves once the service worker controls the page (and its cache is in place). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

/** The API reads the service worker kept for the signed-in user, as paths. */
const keptReads = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('club-api-')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.sort();
  });

/** 'h:mm AM' now and a minute either side, in the team's zone: what 'Offline - as of' may say. */
function clockTimesAroundNow(): string[] {
  const format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE });
  return [-60_000, 0, 60_000].map((offset) => format.format(new Date(Date.now() + offset)));
}

const offlinePill = (page: Page) => page.locator('.offline-indicator__pill').filter({ visible: true });

test('the manifest is valid, its icons load at their sizes, and Chromium finds the app installable @phone', async ({
  page,
  context,
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    id: '/',
    // The club's (CLUB_NAME in playwright.config.ts), shortened for the home screen (decision 047).
    name: CLUB,
    short_name: 'Riverside',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#065f46',
  });
  const icons = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort();
  expect(icons).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
    const bytes = await image.body();
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }

  const coach = await coachWithTeam(request, 'U12 Installers', [{ name: 'Ida Moss', jersey_number: 4 }]);
  await signInAs(page, coach, '/#dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeVisible();
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  // The service worker takes the page it was registered from, and every page after it.
  await controlled(page);
  await page.reload();
  await controlled(page);

  const cdp = await context.newCDPSession(page);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test's browser context is a private one, where Chromium installs nothing; any other reason (no
  // manifest, no suitable icon, not standalone, no start URL) would be listed beside it.
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
});

/** The requests of this method and path prefix the server answered, the page's or the worker's. */
function answeredRequests(context: BrowserContext, method: string, pathPrefix: string) {
  const seen: string[] = [];
  context.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (request.method() === method && url.pathname.startsWith(pathPrefix)) seen.push(url.pathname);
  });
  return seen;
}

/** A phone opens the calendar on the schedule list: the month is one tap away (a desktop starts there). */
async function showMonth(page: Page): Promise<void> {
  const month = page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Month' });
  await expect(month).toBeVisible();
  if ((await month.getAttribute('aria-pressed')) !== 'true') await month.click();
}

test('after a visit, the schedule, roster and announcements read offline as of when they were kept; an offline write fails and is never sent @phone', async ({
  page,
  context,
  request,
}, info: TestInfo) => {
  const coach = await coachWithTeam(request, 'U11 No Signal', [{ name: 'Ann Lee', jersey_number: 7 }]);
  await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Hill Rovers',
    date: TODAY,
    time: '23:30',
    location: 'Home Ground',
  });
  await apiCall(request, coach, 'post', `/messaging/announcements?team_id=${coach.team.id}`, {
    title: 'Kit check',
    content: 'Bring both kits on Saturday.',
  });
  const writes = answeredRequests(context, 'POST', `/api/teams/${coach.team.id}/players`);

  // The first visit: the worker is registered and takes the page; the next load is read through it.
  await signInAs(page, coach, '/#calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Calendar' })).toBeVisible();
  await controlled(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Calendar' })).toBeVisible();
  // A phone opens the calendar on the schedule list: the month is read (and kept) once shown.
  await showMonth(page);
  await goToTab(page, info, 'Team');
  await expect(page.getByTestId('active-players')).toHaveText('1');
  await goToTab(page, info, 'Communication');
  await expect(page.getByText('Bring both kits on Saturday.')).toBeVisible();
  await expect
    .poll(() => keptReads(page))
    .toEqual(
      expect.arrayContaining([
        '/api/auth/me',
        `/api/calendar/team/${coach.team.id}/events`,
        `/api/teams/${coach.team.id}/players`,
        `/api/messaging/announcements/${coach.team.id}`,
      ]),
    );
  const keptAt = clockTimesAroundNow();

  // No signal: the page itself, its scripts and its reads come from what was kept.
  await context.setOffline(true);
  await page.goto('/#calendar');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Calendar' })).toBeVisible();
  const pill = offlinePill(page);
  await expect(pill).toContainText(/^Offline - as of \d{1,2}:\d\d [AP]M/);
  const shown = (await pill.textContent()) ?? '';
  expect(
    keptAt.some((time) => shown.startsWith(`Offline - as of ${time}`)),
    shown,
  ).toBe(true);
  await expect(pill).toContainText("Changes can't be saved");
  await showMonth(page);
  const today = page.getByRole('grid').getByRole('button', { name: /, today$/ });
  await expect(today).toHaveAttribute('aria-label', /1 event/);
  if (isPhone(info)) await today.click();
  await expect(page.getByRole('article', { name: 'vs Hill Rovers' })).toContainText('Home Ground');

  // The messages and the roster read offline too; a write fails at once with the usual message.
  if (isPhone(info)) await page.keyboard.press('Escape');
  await goToTab(page, info, 'Communication');
  await expect(page.getByText('Bring both kits on Saturday.')).toBeVisible();
  await goToTab(page, info, 'Team');
  await expect(page.getByTestId('active-players')).toHaveText('1');
  await page.getByRole('button', { name: 'Add Player' }).click();
  const add = page.getByRole('dialog', { name: 'Add Player' });
  await add.getByLabel('Name').fill('Bea Ruiz');
  await add.getByRole('button', { name: 'Add Player' }).click();
  await expect(add.getByRole('alert')).toContainText(NETWORK_ERROR);
  await expect(add.getByLabel('Name')).toHaveValue('Bea Ruiz');

  // Back online, nothing sends it: the server never saw the write, and the roster still has one player.
  await context.setOffline(false);
  await page.waitForTimeout(1500);
  expect(writes).toEqual([]);
  const players = await apiCall<{ name: string }[]>(request, coach, 'get', `/teams/${coach.team.id}/players`);
  expect(players.map((player) => player.name)).toEqual(['Ann Lee']);

  // Signing out deletes the kept answers; this release's files stay.
  await add.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await openNavigation(page, info);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // The club's public settings, which the sign-in page reads too, may be kept again at once: nobody's data.
  const usersCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((name) => name !== 'club-api-public'));
  await expect.poll(usersCaches).toEqual([expect.stringMatching(/^club-shell-/)]);
  expect((await keptReads(page)).filter((path) => path !== '/api/config')).toEqual([]);
});

test("after a visit that opened them, a conversation's recent messages and the contact sheet read offline @phone", async ({
  page,
  context,
  request,
}, info: TestInfo) => {
  const coach = await coachWithTeam(request, 'U10 Far Field', [{ name: 'Mia Lopez', jersey_number: 10 }]);
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);
  const parentId = (await apiCall<{ id: number }>(request, parent, 'get', '/auth/me')).id;
  const conversation = await apiCall<{ id: number }>(
    request,
    coach,
    'post',
    `/messaging/conversations?team_id=${coach.team.id}`,
    { name: 'Away day', participant_ids: [parentId] },
  );
  for (const [author, content] of [
    [coach, 'The bus leaves at 8:15 from the car park.'],
    [parent, 'Mia will be there, with her boots.'],
  ] as const) {
    await apiCall(request, author, 'post', '/messaging/messages', {
      content,
      conversation_id: conversation.id,
    });
  }
  const thread = `/#messages?subtab=conversations&conversationId=${conversation.id}`;

  // The first visit, under the worker: the conversation is opened, then Team > Contact Sheet.
  await signInAs(page, coach, thread);
  await controlled(page);
  await page.reload();
  await controlled(page);
  await expect(page.getByRole('heading', { name: 'Away day', level: 2 })).toBeVisible();
  await expect(page.getByRole('log')).toContainText('Mia will be there, with her boots.');
  await goToTab(page, info, 'Team');
  await page.getByRole('button', { name: 'Contact Sheet' }).click();
  const sheet = page.getByRole('region', { name: 'U10 Far Field: Contact Sheet' });
  await expect(sheet.getByRole('rowheader', { name: 'Mia Lopez' })).toBeVisible();
  await expect(sheet).toContainText('Paula Lopez');
  await expect
    .poll(() => keptReads(page))
    .toEqual(
      expect.arrayContaining([
        `/api/messaging/conversations/${coach.team.id}`,
        `/api/messaging/conversations/${conversation.id}/messages`,
        `/api/teams/${coach.team.id}/contact-sheet`,
      ]),
    );
  const keptAt = clockTimesAroundNow();

  // No signal: the conversation opens from the address with its recent messages, as of when kept.
  await context.setOffline(true);
  await page.goto(thread);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Away day', level: 2 })).toBeVisible();
  const log = page.getByRole('log');
  await expect(log).toContainText('The bus leaves at 8:15 from the car park.');
  await expect(log).toContainText('Mia will be there, with her boots.');
  const pill = offlinePill(page);
  await expect(pill).toContainText(/^Offline - as of \d{1,2}:\d\d [AP]M/);
  const shown = (await pill.textContent()) ?? '';
  expect(
    keptAt.some((time) => shown.startsWith(`Offline - as of ${time}`)),
    shown,
  ).toBe(true);

  // The contact sheet, through Team > Contact Sheet as on the first visit, still offline.
  await goToTab(page, info, 'Team');
  await page.getByRole('button', { name: 'Contact Sheet' }).click();
  await expect(sheet.getByRole('rowheader', { name: 'Mia Lopez' })).toBeVisible();
  await expect(sheet).toContainText('Paula Lopez');
  await expect(sheet.getByRole('alert')).toHaveCount(0);
  await expect(offlinePill(page)).toContainText(/^Offline - as of \d{1,2}:\d\d [AP]M/);
  await context.setOffline(false);
});
