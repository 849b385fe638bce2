import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { CALENDAR_MESSAGES } from '../../src/shared/calendar.ts';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import { RSVP_MESSAGES } from '../../src/shared/rsvp.ts';
import {
  type Account,
  coachWithTeam,
  type CoachWithTeam,
  isPhone,
  registerAccount,
  signInAs,
  apiCall,
  expectNoAxeViolations,
  snapshotter,
  joinApprovedFor,
} from './helpers.ts';

// The Team Calendar (issue 9) against the real API, at 1280 px and on a 390 px phone: a parent with
// two children answers for both in one tap, the subscription dialog copies a feed URL that works, a
// busy day shows six dots and '+N' on a phone, and Print Schedule opens the schedule.

const TODAY = todayIn('America/Chicago');
const TOMORROW = addDays(TODAY, 1);
/** The first minute of today in the team's zone: an event then has always started. */
const MIDNIGHT = '00:00';
const snapshot = snapshotter('calendar');

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).filter({ visible: true });

/** A phone opens the calendar on the schedule list: the month is one tap away (a desktop starts there). */
async function showMonth(page: Page): Promise<void> {
  const month = page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Month' });
  await expect(month).toBeVisible();
  if ((await month.getAttribute('aria-pressed')) !== 'true') await month.click();
}

/** Today's cell of the month grid. */
const todayCell = (page: Page) => page.getByRole('grid').getByRole('button', { name: /, today$/ });

/** The list of a day's events: the side panel on a desktop, the sheet opened from today's cell on a phone. */
async function openToday(page: Page, info: TestInfo) {
  if (isPhone(info)) {
    await todayCell(page).click();
    return page.getByRole('dialog', { name: /^\w+day, \d\d\/\d\d\/\d{4}$/ });
  }
  return page.getByRole('region', { name: /^\w+day, \d\d\/\d\d\/\d{4}$/ });
}

/** A day's cell of the month grid ('Friday, November 27, 2026, 1 event'), moving a month on if need be. */
async function dayCell(page: Page, date: string) {
  const [year = '', month = '', dayOfMonth = ''] = date.split('-');
  const name = new Date(Date.UTC(Number(year), Number(month) - 1, Number(dayOfMonth))).toLocaleDateString(
    'en-US',
    { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  );
  await showMonth(page);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('button', { name: /, today$/ })).toBeVisible();
  const cell = grid.getByRole('button', { name: new RegExp(`^${name},`) });
  if ((await cell.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  return cell;
}

/** The list of one day's events: the side panel on a desktop, the sheet on a phone. */
async function openDay(page: Page, info: TestInfo, date: string) {
  await (await dayCell(page, date)).click();
  return isPhone(info)
    ? page.getByRole('dialog', { name: /^\w+day, \d\d\/\d\d\/\d{4}$/ })
    : page.getByRole('region', { name: /^\w+day, \d\d\/\d\d\/\d{4}$/ });
}

/** A parent linked to two of the coach's players (let in for the first, then assigned the second). */
async function parentOfTwo(
  request: APIRequestContext,
  coach: CoachWithTeam,
  names: [string, string],
): Promise<Account> {
  const [first, second] = names.map((name) => coach.players.find((p) => p.name === name));
  if (!first || !second) throw new Error(`No players ${names.join(' and ')}`);
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, first.id);
  const me = await apiCall<{ id: number }>(request, parent, 'get', '/auth/me');
  await apiCall(request, coach, 'post', `/teams/${coach.team.id}/parents/${me.id}/assign-player`, {
    player_id: second.id,
  });
  return parent;
}

test('a parent with two children answers for both in one tap and sees the answers @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U10 Comets', [
    { name: 'Mia Lopez', jersey_number: 10 },
    { name: 'Leo Lopez', jersey_number: 7 },
    { name: 'Sam Reed', jersey_number: 1 },
  ]);
  // Tomorrow: an event of today may have started by the time the test runs, and then takes no answer.
  await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Wolves of the Northern Valley United',
    date: TOMORROW,
    time: '18:00',
    location: 'Home Ground',
    type: 'league',
    notes: 'Arrive 30 minutes early for warm-up.',
  });
  const parent = await parentOfTwo(request, coach, ['Mia Lopez', 'Leo Lopez']);
  await signInAs(page, parent, '/#calendar');
  await showMonth(page);
  await expect(page.getByRole('heading', { name: 'Team Calendar', level: 1 })).toBeVisible();
  await expect(await dayCell(page, TOMORROW)).toHaveAttribute('aria-label', /, 1 event$/);

  const day = await openDay(page, info, TOMORROW);
  const game = day.getByRole('article', { name: 'vs Wolves of the Northern Valley United' });
  await expect(game).toContainText('6:00 PM');
  await expect(game).toContainText('Home Ground');
  await expect(game).toContainText('Arrive 30 minutes early');
  await snapshot(page, info, 'parent-day');
  await expectNoAxeViolations(page, 'calendar day');

  await game.getByRole('button', { name: 'All my players: Attending' }).click();
  await expect(toast(page, RSVP_MESSAGES.submittedAll(2, 'yes'))).toBeVisible();
  // The message carries its own tick: the toast shows one, not the icon's as well.
  await expect(toast(page, RSVP_MESSAGES.submittedAll(2, 'yes'))).toHaveText(/^[^✓]*✓[^✓]*$/);
  for (const name of ['Mia Lopez', 'Leo Lopez']) {
    const group = game.getByRole('group', {
      name: `RSVP for ${name}, vs Wolves of the Northern Valley United`,
    });
    await expect(group.getByRole('button', { name: 'Attending', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  // One child changes their mind; the toast names the child.
  await game
    .getByRole('group', { name: 'RSVP for Leo Lopez, vs Wolves of the Northern Valley United' })
    .getByRole('button', { name: 'Not Attending' })
    .click();
  await expect(toast(page, '✓ RSVP submitted for Leo Lopez: not attending')).toBeVisible();
  await snapshot(page, info, 'parent-answered');
  if (isPhone(info)) await expectNoSidewaysScroll(page);

  // The answers are the server's: they are there after a reload, and the filter shows one child.
  await page.reload();
  const again = await openDay(page, info, TOMORROW);
  const reloaded = again.getByRole('article', { name: 'vs Wolves of the Northern Valley United' });
  await expect(reloaded.locator('.tag', { hasText: /^Attending$/ })).toHaveCount(1);
  await expect(reloaded.locator('.tag', { hasText: /^Not Attending$/ })).toHaveCount(1);
  if (isPhone(info)) await again.getByRole('button', { name: 'Close' }).first().click();
  await page.getByLabel('Show RSVPs for').selectOption({ label: 'Mia Lopez' });
  const filtered = await openDay(page, info, TOMORROW);
  await expect(filtered.getByRole('group', { name: /^RSVP for Leo Lopez/ })).toHaveCount(0);
  await expect(filtered.getByRole('group', { name: /^RSVP for Mia Lopez/ })).toBeVisible();
});

test('the subscription dialog copies a feed URL that calendar apps can read, and a new link replaces it @phone', async ({
  page,
  request,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const coach = await coachWithTeam(request, 'U12 Meteors', [{ name: 'Ava Stone' }]);
  await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Hawks',
    date: TODAY,
    time: '10:00',
    location: 'Main Field',
  });
  await signInAs(page, coach, '/#calendar');
  await showMonth(page);
  await page.getByRole('button', { name: 'Subscribe to Calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Calendar' });
  const url = dialog.getByLabel('Calendar URL');
  await expect(url).toHaveValue(/\/api\/calendar\/feed\/\d+\/[^/]+\.ics$/);
  const feedUrl = await url.inputValue();
  await expect(dialog.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
    'href',
    feedUrl.replace(/^https?:/, 'webcal:'),
  );
  await snapshot(page, info, 'subscribe');
  await expectNoAxeViolations(page, 'subscribe dialog');
  if (isPhone(info)) await expectNoSidewaysScroll(page);

  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, CALENDAR_MESSAGES.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('vs Hawks');

  await dialog.getByRole('button', { name: 'Regenerate link' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate link?' });
  await expect(confirm).toContainText(CALENDAR_MESSAGES.regenerateConfirm);
  await confirm.getByRole('button', { name: 'Regenerate link' }).click();
  await expect(toast(page, CALENDAR_MESSAGES.regenerated)).toBeVisible();
  await expect(url).not.toHaveValue(feedUrl);
  expect((await request.get(feedUrl)).status()).toBe(404);
  expect((await request.get(await url.inputValue())).status()).toBe(200);
});

test('a busy day names its games and practices on a phone, chips on a desktop; Print Schedule opens the schedule @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Comets with a Long Team Name', [{ name: 'Ava Stone' }]);
  for (let i = 0; i < 7; i += 1) {
    await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
      opponent: `Opponent ${i + 1}`,
      date: TODAY,
      time: `${String(9 + i).padStart(2, '0')}:00`,
      location: 'Main Field',
      type: i % 2 ? 'league' : 'friendly',
    });
  }
  await apiCall(request, coach, 'post', '/practices', {
    team_id: coach.team.id,
    title: 'Evening Practice <b>bold</b>',
    date: TODAY,
    time: '19:00',
    location: 'Back Field',
  });
  await signInAs(page, coach, '/#calendar');
  await showMonth(page);
  const cell = todayCell(page);
  await expect(cell).toHaveAttribute('aria-label', /8 events, today$/);
  if (isPhone(info)) {
    // The day names what it holds: seven games and a practice.
    await expect(cell.locator('.cal-tally__item')).toHaveText(['7G', 'P']);
    await expectNoSidewaysScroll(page);
  } else {
    await expect(cell.locator('.cal-chip')).toHaveCount(3);
    await expect(cell).toContainText('+5 more');
  }
  await snapshot(page, info, 'busy-month');

  // The keyboard: from today, one day on and back, Enter opens the day.
  await cell.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(cell).toBeFocused();
  await page.keyboard.press('Enter');
  const day = await (async () =>
    isPhone(info)
      ? page.getByRole('dialog', { name: /^\w+day, / })
      : page.getByRole('region', { name: /^\w+day, / }))();
  await expect(day.getByRole('article')).toHaveCount(8);
  await snapshot(page, info, 'busy-day');
  if (isPhone(info)) {
    await expectNoAxeViolations(page, 'day sheet');
    await day.getByRole('button', { name: 'Close' }).first().click();
  }

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print Schedule' }).click();
  const printed = await popup;
  await expect(printed.getByRole('heading', { name: 'U11 Comets with a Long Team Name' })).toBeVisible();
  await expect(printed.locator('tbody tr')).toHaveCount(8);
  await expect(printed.locator('tbody')).toContainText('Evening Practice <b>bold</b>');
  await expect(printed.locator('tbody b')).toHaveCount(0);
  await expect(printed.getByRole('button', { name: 'Print' })).toBeVisible();
  // The stylesheet loaded (the page's CSP allows no inline style): the Print button is styled.
  expect(
    await printed.getByRole('button', { name: 'Print' }).evaluate((b) => getComputedStyle(b).minHeight),
  ).toBe('44px');
  if (process.env['E2E_SCREENSHOTS'])
    await printed.screenshot({ path: `/tmp/calendar-print-${info.project.name}.png`, fullPage: true });
  await printed.close();
});

test('an RSVP on a dropped connection fails at once and is not sent later; a double tap answers once @phone', async ({
  page,
  context,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U10 Offline Comets', [{ name: 'Ivy Chen', jersey_number: 3 }]);
  const game = await apiCall<{ id: number }>(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Falcons',
    date: TODAY,
    time: '09:00',
    location: 'Field 2',
    type: 'league',
  });
  const me = await apiCall<{ id: number }>(request, coach, 'get', '/auth/me');
  const answers = async () =>
    (
      await apiCall<{ rsvps: { event_id: number }[] }>(
        request,
        coach,
        'get',
        `/team-rsvp/user/${me.id}/events?team_id=${coach.team.id}`,
      )
    ).rsvps.filter((rsvp) => rsvp.event_id === game.id).length;
  await signInAs(page, coach, '/#calendar');
  await showMonth(page);
  const day = await openToday(page, info);
  const attending = day
    .getByRole('group', { name: 'RSVP for Ivy Chen, vs Falcons' })
    .getByRole('button', { name: 'Attending', exact: true });
  await expect(attending).toBeVisible();

  await context.setOffline(true);
  await attending.click();
  await expect(toast(page, RSVP_MESSAGES.offline)).toBeVisible();
  await context.setOffline(false);
  // Give a replayed write every chance to arrive: none may.
  await page.waitForTimeout(1500);
  expect(await answers()).toBe(0);

  await attending.dblclick();
  await expect(toast(page, '✓ RSVP submitted for Ivy Chen: attending')).toBeVisible();
  await expect(attending).toHaveAttribute('aria-pressed', 'true');
  expect(await answers()).toBe(1);
});

/** A team with a game today at midnight (started, whatever the time the test runs) and Mia's answer on it. */
async function startedGame(request: APIRequestContext) {
  const coach = await coachWithTeam(request, 'U9 Kickoff Comets', [
    { name: 'Mia Lopez', jersey_number: 10 },
    { name: 'Leo Lopez', jersey_number: 7 },
  ]);
  const game = await apiCall<{ id: number }>(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Early Risers',
    date: TODAY,
    time: MIDNIGHT,
    location: 'Dawn Field',
    type: 'league',
  });
  const mia = coach.players.find((p) => p.name === 'Mia Lopez');
  if (!mia) throw new Error('no Mia');
  // The coach records an answer taken at the pitch.
  await apiCall(request, coach, 'post', '/team-rsvp/submit', {
    event_type: 'game',
    event_id: game.id,
    player_id: mia.id,
    response: 'yes',
  });
  return { coach, game, mia };
}

test('RSVPs close when the event starts: a parent sees the answers and the message, without buttons @phone', async ({
  page,
  request,
}, info) => {
  const { coach, game, mia } = await startedGame(request);
  const parent = await parentOfTwo(request, coach, ['Mia Lopez', 'Leo Lopez']);
  // The server refuses the parent too, with the same words.
  const refused = await request.post('/api/team-rsvp/submit', {
    headers: { authorization: `Bearer ${parent.token}` },
    data: { event_type: 'game', event_id: game.id, player_id: mia.id, response: 'no' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ detail: RSVP_MESSAGES.closed });

  await signInAs(page, parent, '/#calendar');
  await showMonth(page);
  const day = await openToday(page, info);
  const card = day.getByRole('article', { name: 'vs Early Risers' });
  await expect(card.getByRole('note')).toHaveText(RSVP_MESSAGES.closed);
  await expect(card.locator('.tag', { hasText: /^Attending$/ })).toHaveCount(1);
  await expect(card.getByText('No answer yet')).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await snapshot(page, info, 'rsvp-closed-parent');
  if (isPhone(info)) {
    await expectNoSidewaysScroll(page);
    await day.getByRole('button', { name: 'Close' }).first().click();
  }

  // The dashboard's 'Next up' offers only what has not started.
  await page.goto('/#dashboard');
  await expect(page.getByRole('heading', { name: 'Next up' })).toBeVisible();
  await expect(page.locator('.next-up')).not.toContainText('vs Early Risers');
});

test('after an event starts a coach still records attendance, told until when @phone', async ({
  page,
  request,
}, info) => {
  const { coach } = await startedGame(request);
  await signInAs(page, coach, '/#calendar');
  await showMonth(page);
  const day = await openToday(page, info);
  const card = day.getByRole('article', { name: 'vs Early Risers' });
  await expect(card.getByRole('note')).toContainText('RSVPs are closed for parents and players');
  await card
    .getByRole('group', { name: 'RSVP for Leo Lopez, vs Early Risers' })
    .getByRole('button', { name: 'Not Attending' })
    .click();
  await expect(toast(page, '✓ RSVP submitted for Leo Lopez: not attending')).toBeVisible();
  await expect(card.locator('.tag', { hasText: /^Not Attending$/ })).toHaveCount(1);
});

test("a day's details: the arrival time, the address as directions, a completed game's score and its kit @phone", async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Details', [{ name: 'Mia Lopez', jersey_number: 10 }]);
  await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Kestrels',
    date: TOMORROW,
    time: '10:00',
    arrival_time: '09:15',
    location: 'Riverside Park',
    address: '12 Riverside Park Road, Springfield',
    kit: 'Blue home kit',
  });
  await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Herons',
    date: TOMORROW,
    time: '13:00',
    location: 'Lake Field',
    our_score: 3,
    opponent_score: 1,
  });
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);

  await signInAs(page, parent, '/#calendar');
  const day = await openDay(page, info, TOMORROW);
  const kestrels = day.getByRole('article', { name: 'vs Kestrels' });
  await expect(kestrels).toContainText('Arrive by9:15 AM');
  await expect(kestrels).toContainText('Blue home kit');
  await expect(kestrels.getByRole('link', { name: /12 Riverside Park Road/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=12%20Riverside%20Park%20Road%2C%20Springfield',
  );
  await expect(day.getByRole('article', { name: 'vs Herons' })).toContainText('Score3 - 1 (Won)');
  await snapshot(page, info, 'event-details');
  await expectNoAxeViolations(page, 'event details');
  if (isPhone(info)) await expectNoSidewaysScroll(page);
});
