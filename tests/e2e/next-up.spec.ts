import { type Page, expect, test } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import {
  type Account,
  apiCall,
  coachWithTeam,
  isPhone,
  joinApprovedFor,
  registerAccount,
  signInAs,
  snapshotter,
} from './helpers.ts';

// The weekly loop on a phone (docs/product/calendar-rsvp-and-feed.md 'Next up', 'Schedule list'): a
// parent answers the next game from the dashboard in one tap and sees it in the calendar; 'Answer all
// upcoming'; the schedule list's windows and type filter; a coach sees the names under each answer.

const TODAY = todayIn('America/Chicago');
const snapshot = snapshotter('next-up');
const LONG_NAME = 'Maximiliana Alexandra Wolfeschlegelstein-Hausenberger';

async function season(request: Parameters<typeof coachWithTeam>[0]) {
  const coach = await coachWithTeam(request, 'U10 Riverside Hawks of the Northern Valley', [
    { name: LONG_NAME, jersey_number: 4 },
    { name: 'Leo Park', jersey_number: 9 },
  ]);
  const team = coach.team.id;
  const game = (opponent: string, days: number, time = '10:00') =>
    apiCall<{ id: number }>(request, coach, 'post', `/games/${team}`, {
      opponent,
      date: addDays(TODAY, days),
      time,
      location: 'Maplewood Community Sports Complex, North Pitch',
      type: 'league',
    });
  const next = await game('Lions', 2);
  await game('Past Rovers', -5);
  await game('Far Future United', 40);
  await apiCall(request, coach, 'post', '/practices', {
    team_id: team,
    title: 'Tuesday Training',
    date: addDays(TODAY, 4),
    time: '17:30',
    location: 'North Field',
  });
  const cup = await apiCall<{ id: number }>(request, coach, 'post', `/tournaments/team/${team}`, {
    name: 'Lakeside Cup',
    location: 'Lakeside Complex',
    start_date: addDays(TODAY, 6),
    end_date: addDays(TODAY, 6),
  });
  await apiCall(request, coach, 'post', `/tournaments/${cup.id}/games`, {
    opponent: 'Eagles',
    date: addDays(TODAY, 6),
    time: '09:00',
  });
  const parent = await registerAccount(request, 'Dana Wolfeschlegelstein', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);
  return { coach, parent, next };
}

async function openList(page: Page, phone: boolean) {
  await page.goto('/#calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Calendar' })).toBeVisible();
  if (!phone)
    await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'List' }).click();
  return page.getByRole('region', { name: 'Schedule' });
}

test('a parent answers the next game from the dashboard in one tap and sees it in the calendar @phone', async ({
  page,
  request,
}, info) => {
  const { parent } = await season(request);
  await signInAs(page, parent as Account);
  const lions = page.getByRole('group', { name: `RSVP for ${LONG_NAME}, vs Lions` });
  await expect(page.getByRole('heading', { name: 'Next up' })).toBeVisible();
  const submits: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/team-rsvp/submit')) submits.push(r.method());
  });
  await lions.getByRole('button', { name: 'Going' }).click();
  await expect(lions.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  // A second tap on another answer changes it.
  await lions.getByRole('button', { name: "Can't go" }).click();
  await expect(lions.getByRole('button', { name: "Can't go" })).toHaveAttribute('aria-pressed', 'true');
  await expect(lions.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'false');
  expect(submits).toEqual(['POST', 'POST']);
  await snapshot(page, info, 'parent-dashboard');

  const list = await openList(page, isPhone(info));
  const row = list.getByRole('button', { name: /vs Lions/ });
  await expect(row).toContainText("Maximiliana: Can't go");
  await snapshot(page, info, 'parent-schedule');
});

test("'Answer all upcoming' answers every upcoming event for one player @phone", async ({
  page,
  request,
}, info) => {
  const { parent } = await season(request);
  await signInAs(page, parent as Account);
  await page.getByRole('button', { name: `Answer all upcoming for ${LONG_NAME}` }).click();
  await page
    .getByRole('group', { name: `Answer all upcoming for ${LONG_NAME}` })
    .getByRole('button', { name: 'Going' })
    .click();
  await expect(page.getByText(`✓ ${LONG_NAME}: Going to 4 upcoming events`)).toBeVisible();
  for (const title of ['vs Lions', 'Tuesday Training', 'vs Eagles']) {
    await expect(
      page
        .getByRole('group', { name: `RSVP for ${LONG_NAME}, ${title}` })
        .getByRole('button', { name: 'Going' }),
    ).toHaveAttribute('aria-pressed', 'true');
  }
  const list = await openList(page, isPhone(info));
  await list.getByRole('button', { name: 'All upcoming' }).click();
  await expect(list.getByRole('button', { name: /vs Far Future United/ })).toContainText(
    'Maximiliana: Going',
  );
});

test('the schedule list shows a window of weeks, filters by type, and past events take no answer @phone', async ({
  page,
  request,
}, info) => {
  const { parent } = await season(request);
  await signInAs(page, parent as Account);
  const list = await openList(page, isPhone(info));
  const names = list.locator('.cal-row__name');
  await expect(names).toHaveText(['vs Lions', 'Tuesday Training', 'vs Eagles']);
  await list.getByRole('button', { name: 'All upcoming' }).click();
  await expect(names).toHaveText(['vs Lions', 'Tuesday Training', 'vs Eagles', 'vs Far Future United']);
  await list.getByLabel('Type').selectOption('practices');
  await expect(names).toHaveText(['Tuesday Training']);
  await list.getByLabel('Type').selectOption('tournaments');
  await expect(names).toHaveText(['vs Eagles']);
  await list.getByLabel('Type').selectOption('all');
  await list.getByRole('button', { name: 'Past' }).click();
  await expect(names).toHaveText(['vs Past Rovers']);
  await list.getByRole('button', { name: /vs Past Rovers/ }).click();
  const day = isPhone(info)
    ? page.getByRole('dialog')
    : page.getByRole('region', { name: /day, \d\d\/\d\d\/\d{4}$/ });
  await expect(day.getByRole('article', { name: 'vs Past Rovers' })).toBeVisible();
  await expect(day.getByRole('group', { name: /^RSVP for/ })).toHaveCount(0);
  await snapshot(page, info, 'past');
});

test('a coach sees the names under each answer and can remind the rest @phone', async ({
  page,
  request,
}, info) => {
  const { coach, parent, next } = await season(request);
  // The coach records Leo's answer; the parent has not answered for theirs yet.
  await apiCall(request, coach, 'post', '/team-rsvp/submit', {
    event_type: 'game',
    event_id: next.id,
    player_id: coach.players[1]?.id,
    response: 'yes',
  });
  expect(parent.email).toBeTruthy();
  await signInAs(page, coach);
  const lions = page
    .getByRole('list', { name: 'Next up' })
    .getByRole('listitem')
    .filter({ hasText: 'vs Lions' });
  await expect(lions.locator('.who-is-coming__row--yes')).toHaveText('Going (1)Leo Park');
  await expect(lions.locator('.who-is-coming__row--none')).toHaveText(`No answer yet (1)${LONG_NAME}`);
  await expect(lions.getByRole('button', { name: /^Remind the 1 who has not answered/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Answer all upcoming/ })).toHaveCount(0);
  await snapshot(page, info, 'coach-dashboard');
});
