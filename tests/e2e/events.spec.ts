import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { addDays, formatDate } from '../../src/shared/events.ts';
import { todayIn } from '../../src/shared/event-dates.ts';
import {
  type Account,
  type CoachWithTeam,
  coachWithTeam,
  goToTab,
  isPhone,
  registerAccount,
  signInAs,
} from './helpers.ts';

// Team Events (issue 8): the 'Games & Schedule' screen and the dashboard's schedule cards, as a coach
// and a parent use them, against the real events API.

const TODAY = todayIn('America/Chicago');
const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

async function post<T>(
  request: APIRequestContext,
  account: Account,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(`/api${path}`, { headers: auth(account), data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function newTeam(request: APIRequestContext, coach: Account, name: string): Promise<{ id: number }> {
  return post(request, coach, '/teams/setup-complete', { name, head_coach_name: 'Robin Coach' });
}

/** A parent account that asked to join with the code and was approved, through the API. */
async function approvedParent(request: APIRequestContext, coach: CoachWithTeam): Promise<Account> {
  const parent = await registerAccount(request, 'Paula Reyes', { role: 'parent' });
  const { request_id: requestId } = await post<{ request_id: number }>(request, parent, '/teams/join', {
    invite_code: coach.team.invite_code,
  });
  await post(request, coach, `/join-requests/${requestId}/approve`, {});
  return parent;
}

/** With E2E_SCREENSHOTS set, keeps a picture of the page in /tmp to look at (1280 px and 390 px). */
async function snapshot(page: Page, info: TestInfo, name: string): Promise<void> {
  if (!process.env['E2E_SCREENSHOTS']) return;
  await page.screenshot({ path: `/tmp/events-${name}-${info.project.name}.png`, fullPage: true });
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a coach creates a tournament, adds two games, records a score and sees the result on the dashboard', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U12 Comets', [{ name: 'Ann Lee' }]);
  await signInAs(page, coach);
  await goToTab(page, info, 'Team Events');
  await expect(page.getByRole('heading', { level: 1, name: 'Games & Schedule' })).toBeVisible();
  await expect(page.getByText('No tournaments yet')).toBeVisible();

  // Create New Tournament: the required fields, and the end date following the start.
  await page.getByRole('button', { name: 'Create your first tournament' }).click();
  await page
    .getByRole('dialog', { name: 'Add Tournament' })
    .getByRole('button', { name: 'Create New Tournament' })
    .click();
  const form = page.getByRole('dialog', { name: 'Create New Tournament' });
  await expect(
    form.getByText('Please fill in all required fields (name, location, start date, end date).'),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Create Tournament' })).toBeDisabled();
  const start = addDays(TODAY, -1);
  await form.getByLabel('Tournament Name').fill('Comets Spring Cup');
  await form.getByLabel('Location').fill('Riverside Sports Complex');
  await form.getByLabel('Address').fill('100 River Rd, Springfield');
  await form.getByLabel('Start Date').fill(start);
  await expect(form.getByLabel('End Date')).toHaveValue(TODAY);
  await form.getByRole('button', { name: 'Create Tournament' }).click();
  await expect(form).toBeHidden();
  await expect(toast(page, 'Tournament created successfully!')).toBeVisible();

  const cards = page.getByRole('list', { name: 'Tournaments', exact: true });
  await expect(cards.getByRole('heading', { name: 'Comets Spring Cup' })).toBeVisible();
  await expect(cards).toContainText(`${formatDate(start)} - ${formatDate(TODAY)}`);
  await expect(cards).toContainText('Active');
  await cards.getByRole('button', { name: 'View Details Comets Spring Cup' }).click();

  // A game within the dates is saved at once.
  await page.getByRole('button', { name: 'Add Game' }).click();
  let game = page.getByRole('dialog', { name: 'Add Tournament Game' });
  await game.getByLabel('Opponent').fill('Eagles');
  await game.getByLabel('Date').fill(start);
  await game.getByLabel('Time').fill('10:00');
  await game.getByLabel('Arrive by').fill('09:15');
  await game.getByRole('button', { name: 'Add Game' }).click();
  await expect(game).toBeHidden();
  await expect(toast(page, 'Game created successfully!')).toBeVisible();

  // Ten days before the start: the Game Date Warning.
  await page.getByRole('button', { name: 'Add Game' }).click();
  game = page.getByRole('dialog', { name: 'Add Tournament Game' });
  await game.getByLabel('Opponent').fill('Falcons');
  await game.getByLabel('Date').fill(addDays(start, -10));
  await game.getByRole('button', { name: 'Add Game' }).click();
  const warning = page.getByRole('dialog', { name: 'Game Date Warning' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Save Anyway' }).click();
  await expect(game).toBeHidden();

  const games = page.getByRole('list', { name: 'Tournament games' });
  await expect(games.getByRole('heading', { level: 4 })).toHaveText(['vs Falcons', 'vs Eagles']);
  await expect(games).toContainText('10:00 AM');

  // Add Score: refused below zero, then saved; the record follows.
  await page.getByRole('button', { name: 'Add Score vs Eagles' }).click();
  const score = page.getByRole('dialog', { name: 'Add Score' });
  await score.getByLabel('Our Score').fill('3');
  await score.getByLabel('Opponent Score').fill('-1');
  await score.getByRole('button', { name: 'Save Score' }).click();
  await expect(score.getByText('Please enter valid scores (0 or greater)')).toBeVisible();
  await score.getByLabel('Opponent Score').fill('1');
  await score.getByRole('button', { name: 'Save Score' }).click();
  await expect(score).toBeHidden();
  await expect(toast(page, 'Score Saved')).toBeVisible();
  const eagles = games.getByRole('listitem').filter({ hasText: 'vs Eagles' });
  await expect(eagles).toContainText('3 - 1');
  await expect(eagles).toContainText('Won');
  await expect(eagles.getByRole('button', { name: 'Edit Score vs Eagles' })).toBeVisible();
  await expect(eagles).toContainText('Arrive by9:15 AM');
  await expect(page.getByRole('article')).toContainText('1-0-0');
  await snapshot(page, info, 'tournament-detail');

  await goToTab(page, info, 'Dashboard');
  const results = page.getByRole('list', { name: 'Recent results' });
  await expect(results).toContainText('vs Eagles');
  await expect(results).toContainText('3 - 1');
  await expect(results).toContainText('Won');
  await expect(page.getByRole('list', { name: 'Upcoming events' })).toBeHidden();
  await snapshot(page, info, 'dashboard-coach');
});

test('a coach quick-adds a tournament of another team and adds a 4-week practice series', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U10 Otters', [{ name: 'Bo Kim' }]);
  const other = await newTeam(request, coach, 'U12 Otters');
  await post(request, coach, `/tournaments/team/${other.id}`, {
    name: 'Lakeside Invitational Tournament for Under Twelves',
    location: 'Lakeside Park',
    address: '5 Lake Shore Dr',
    url: 'lakeside.example.org',
    start_date: addDays(TODAY, 20),
    end_date: addDays(TODAY, 21),
    notes: 'Bring both kits.',
  });
  // One page load, from the dashboard to the quick-add list: no API read is made twice (the shell and
  // quick-add share the coached teams' one request).
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  await signInAs(page, coach);
  await page.getByLabel('Active Team').selectOption({ label: 'U10 Otters' });
  await goToTab(page, info, 'Team Events');

  await page.getByRole('button', { name: 'Add Tournament' }).click();
  const add = page.getByRole('dialog', { name: 'Add Tournament' });
  const row = add.getByRole('listitem').filter({ hasText: 'Lakeside Invitational' });
  await expect(row).toContainText('U12 Otters');
  expect(reads.filter((read) => read === '/api/teams/coached')).toHaveLength(1);
  expect(reads.filter((read, i) => reads.indexOf(read) !== i)).toEqual([]);
  await row.getByRole('button', { name: /Add to Current Team/ }).click();
  await expect(add).toBeHidden();
  await expect(toast(page, 'Tournament created successfully!')).toBeVisible();
  // Added once: the list marks it and offers it no more (docs/product/events.md 'Quick-add').
  await page.getByRole('button', { name: 'Add Tournament' }).click();
  const again = add.getByRole('listitem').filter({ hasText: 'Lakeside Invitational' });
  await expect(again.getByText('Already added', { exact: true }).first()).toBeVisible();
  await expect(again.getByRole('button', { name: /^Already added/ })).toBeDisabled();
  await expect(again.getByRole('button', { name: /Add to Current Team/ })).toHaveCount(0);
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
  const card = page.getByRole('list', { name: 'Tournaments', exact: true }).getByRole('listitem');
  await expect(card).toContainText('Lakeside Invitational Tournament for Under Twelves');
  await expect(card).toContainText('Bring both kits.');
  await expect(card).toContainText('Upcoming');
  await card.getByRole('button', { name: /View Details/ }).click();
  await expect(page.getByRole('link', { name: /Visit Website/ })).toHaveAttribute(
    'href',
    'https://lakeside.example.org',
  );
  await expect(page.getByRole('link', { name: /View on Map/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=5%20Lake%20Shore%20Dr',
  );
  // Games are not copied.
  await expect(page.getByText('No games yet.')).toBeVisible();

  await page.getByRole('tab', { name: /Practices/ }).click();
  await page.getByRole('button', { name: 'Add Practice' }).click();
  const practice = page.getByRole('dialog', { name: 'Add Practice' });
  // A series with a week on the night the clocks go forward: the form names the gap before sending.
  await practice.getByLabel('Date').fill('2026-03-01');
  await practice.getByLabel('Time').fill('02:30');
  await practice.getByLabel('Repeat').selectOption('4');
  await expect(practice).toContainText(
    '2:30 AM does not exist on 03/08/2026 in America/Chicago: clocks go from 2:00 AM to 3:00 AM. Please choose another time.',
  );
  await expect(practice.getByRole('button', { name: 'Add 4 Practices' })).toBeDisabled();
  await practice.getByLabel('Title').fill('Tuesday Training');
  await practice.getByLabel('Date').fill(addDays(TODAY, 1));
  await practice.getByLabel('Time').fill('17:30');
  await practice.getByLabel('Location').fill('Back Field');
  await practice.getByLabel('Duration (minutes)').fill('90');
  await practice.getByLabel('Repeat').selectOption('4');
  await practice.getByRole('button', { name: 'Add 4 Practices' }).click();
  await expect(practice).toBeHidden();
  await expect(toast(page, 'Successfully created 4 practices.')).toBeVisible();
  const upcoming = page.getByRole('group', { name: 'Upcoming practices' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(4);
  await expect(upcoming.getByRole('listitem').last()).toContainText(formatDate(addDays(TODAY, 22)));
  await expect(page.getByRole('tab', { name: /Practices/ })).toContainText('4');
});

test('a coach cancels a practice: it stays, struck through, in the list and on the dashboard, and comes back @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U8 Wrens', [{ name: 'Ivy Park' }]);
  await post(request, coach, '/practices', {
    team_id: coach.team.id,
    title: 'Thursday Skills',
    date: addDays(TODAY, 2),
    time: '17:30',
    location: 'Back Field',
  });
  await signInAs(page, coach);
  await goToTab(page, info, 'Team Events');
  await page.getByRole('tab', { name: /Practices/ }).click();
  const upcoming = page.getByRole('group', { name: 'Upcoming practices' });
  const item = upcoming.getByRole('listitem').filter({ hasText: 'Thursday Skills' });
  await item.getByRole('button', { name: /Cancel Practice/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Practice' });
  await expect(confirm).toContainText('It stays on the schedule and in calendar apps, marked cancelled');
  await confirm.getByRole('button', { name: 'Keep Practice' }).click();
  await expect(item.getByText('Cancelled', { exact: true })).toHaveCount(0);
  await item.getByRole('button', { name: /Cancel Practice/ }).click();
  await confirm.getByRole('button', { name: 'Cancel Practice' }).click();
  await expect(toast(page, 'Practice cancelled. It stays on the schedule, marked cancelled.')).toBeVisible();
  await expect(item.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(item.getByRole('heading', { name: 'Thursday Skills' })).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await snapshot(page, info, 'practice-cancelled');

  // The dashboard shows it cancelled, with no RSVP to give.
  await goToTab(page, info, 'Dashboard');
  const onDashboard = page
    .getByRole('list', { name: 'Upcoming events' })
    .getByRole('listitem')
    .filter({ hasText: 'Thursday Skills' });
  await expect(onDashboard.getByText('Cancelled', { exact: true })).toBeVisible();

  await goToTab(page, info, 'Team Events');
  await page.getByRole('tab', { name: /Practices/ }).click();
  await item.getByRole('button', { name: /Restore/ }).click();
  await expect(toast(page, 'Practice restored.')).toBeVisible();
  await expect(item.getByText('Cancelled', { exact: true })).toHaveCount(0);
  await expect(item.getByRole('button', { name: /Cancel Practice/ })).toBeVisible();
});

test('a parent sees the schedule without write controls @phone', async ({ page, request }, info) => {
  const coach = await coachWithTeam(request, 'U9 Foxes', [{ name: 'Mia Lopez' }]);
  const cup = await post<{ id: number }>(request, coach, `/tournaments/team/${coach.team.id}`, {
    name: 'Foxes Summer Cup with a Long Name for Small Screens',
    location: 'Meadow Fields',
    start_date: addDays(TODAY, 3),
    end_date: addDays(TODAY, 4),
  });
  await post(request, coach, `/tournaments/${cup.id}/games`, {
    opponent: 'Badgers',
    date: addDays(TODAY, 3),
    time: '09:30',
  });
  await post(request, coach, `/games/${coach.team.id}`, {
    opponent: 'Wolves',
    date: addDays(TODAY, 2),
    time: '18:00',
    location: 'Home Ground',
    type: 'league',
  });
  await post(request, coach, '/practices', {
    team_id: coach.team.id,
    title: 'Skills Practice',
    date: addDays(TODAY, 1),
    time: '17:00',
    location: 'Back Field',
  });
  const parent = await approvedParent(request, coach);
  await signInAs(page, parent);

  // The dashboard: the week ahead and the parent's quick actions.
  const upcoming = page.getByRole('list', { name: 'Upcoming events' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(3);
  await expect(upcoming.getByRole('listitem').first()).toContainText('Skills Practice');
  await expect(page.getByRole('region', { name: 'Quick Actions' }).getByRole('link')).toHaveText([
    'View Team Events',
    'View Calendar',
    'View Team',
    'View Messages',
  ]);
  await snapshot(page, info, 'dashboard-parent');

  await goToTab(page, info, 'Team Events');
  // All three sections are in sight on a phone too, none hidden past the edge of a sideways scroll.
  for (const name of [/Tournaments/, /Individual Games/, /Practices/]) {
    await expect(page.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
  }
  const writes =
    /Add Tournament|Create your first|Add Game|Add Practice|Edit|Delete|Score|Cancel Practice|Restore/;
  const cards = page.getByRole('list', { name: 'Tournaments', exact: true });
  await expect(cards).toContainText('Foxes Summer Cup');
  await expect(page.getByRole('button', { name: writes })).toHaveCount(0);
  await snapshot(page, info, 'tournaments-parent');
  await cards.getByRole('button', { name: /View Details/ }).click();
  await expect(page.getByRole('list', { name: 'Tournament games' })).toContainText('vs Badgers');
  await expect(page.getByRole('button', { name: writes })).toHaveCount(0);
  await page.getByRole('button', { name: /Back to all tournaments/ }).click();
  await page.getByRole('tab', { name: /Individual Games/ }).click();
  await expect(page.getByRole('group', { name: 'Upcoming games' })).toContainText('vs Wolves');
  await expect(page.getByRole('button', { name: writes })).toHaveCount(0);
  await page.getByRole('tab', { name: /Practices/ }).click();
  await expect(page.getByRole('group', { name: 'Upcoming practices' })).toContainText('Skills Practice');
  await expect(page.getByRole('button', { name: writes })).toHaveCount(0);
  // Nothing sticks out sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the dashboard's View Details lands on the game @phone", async ({ page, request }, info) => {
  const coach = await coachWithTeam(request, 'U11 Hawks', [{ name: 'Cal Diaz' }]);
  const played = await post<{ id: number }>(request, coach, `/games/${coach.team.id}`, {
    opponent: 'Ravens',
    date: addDays(TODAY, -2),
    time: '11:00',
    location: 'Away Park',
    is_home: false,
  });
  await request.put(`/api/games/${coach.team.id}/${played.id}`, {
    headers: auth(coach),
    data: { our_score: 1, opponent_score: 1 },
  });
  const next = await post<{ id: number }>(request, coach, `/games/${coach.team.id}`, {
    opponent: 'Kestrels of the Northern Valley Youth Soccer Association',
    date: addDays(TODAY, 1),
    time: '15:45',
    location: 'Main Field',
    address: '1 Main St',
  });
  await signInAs(page, coach);
  const upcoming = page.getByRole('list', { name: 'Upcoming events' });
  await expect(upcoming).toContainText('3:45 PM');
  await expect(page.getByRole('list', { name: 'Recent results' })).toContainText('Tied');
  await snapshot(page, info, 'dashboard-view-details');
  await upcoming.getByRole('link', { name: /View Details/ }).click();

  await expect(page).toHaveURL(new RegExp(`#tournaments\\?section=games&gameId=${next.id}$`));
  await expect(page.getByRole('tab', { name: /Individual Games/ })).toHaveAttribute('aria-selected', 'true');
  const item = page.locator(`#game-${next.id}`);
  await expect(item).toBeFocused();
  await expect(item).toBeInViewport();
  await expect(item).toContainText('vs Kestrels');
  await expect(page.getByTestId('games-record')).toContainText('1 Draws');
  await snapshot(page, info, 'games-coach');
  if (isPhone(info)) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test('an offline practice save fails at once and keeps the form; back online, a double tap adds one @phone', async ({
  page,
  context,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Kites', [{ name: 'Lu Chen' }]);
  await signInAs(page, coach);
  await goToTab(page, info, 'Team Events');
  await page.getByRole('tab', { name: /Practices/ }).click();
  await page.getByRole('button', { name: 'Add Practice' }).click();
  const practice = page.getByRole('dialog', { name: 'Add Practice' });
  await practice.getByLabel('Title').fill('Thursday Finishing');
  await practice.getByLabel('Date').fill(addDays(TODAY, 2));
  await practice.getByLabel('Time').fill('18:00');
  await practice.getByLabel('Location').fill('Lower Pitch');

  await context.setOffline(true);
  await practice.getByRole('button', { name: 'Add Practice' }).click();
  await expect(practice.getByRole('alert')).toContainText('Network error - check connection');
  await expect(practice.getByLabel('Title')).toHaveValue('Thursday Finishing');
  await expect(practice.getByLabel('Location')).toHaveValue('Lower Pitch');

  await context.setOffline(false);
  await practice.getByRole('button', { name: 'Add Practice' }).dblclick();
  await expect(practice).toBeHidden();
  await expect(toast(page, 'Practice created successfully.')).toBeVisible();
  // Give a replayed or doubled write every chance to arrive.
  await page.waitForTimeout(1500);
  const response = await request.get(`/api/practices/${coach.team.id}`, { headers: auth(coach) });
  expect(((await response.json()) as { title: string }[]).map((p) => p.title)).toEqual([
    'Thursday Finishing',
  ]);
});
