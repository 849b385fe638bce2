import { type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import {
  coachWithTeam,
  goToTab,
  registerAccount,
  signInAs,
  apiCall,
  expectNoAxeViolations,
  snapshotter,
  joinApprovedFor,
} from './helpers.ts';

// Team Administration > Event RSVPs and the dashboard's RSVP line (issue 9), against the real API: a
// parent answers through the API, the coach reads the overview, both see the dashboard's summary.

const TODAY = todayIn('America/Chicago');
const snapshot = snapshotter('rsvp');

async function newPage(browser: Browser, info: TestInfo): Promise<Page> {
  // axe analyses pages opened from browser.newContext() (STACK-NOTES).
  const context = await browser.newContext({ ...info.project.use, baseURL: info.project.use.baseURL });
  return context.newPage();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a parent answers; the coach sees the counts, who answered and who has not, and both dashboards sum it up @phone', async ({
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U10 Rockets', [
    { name: 'Mia Lopez', jersey_number: 10, position: 'Midfielder' },
    { name: 'Leo Lopez', jersey_number: 7, position: 'Forward' },
    { name: 'Samuel Alexander Reed-Montgomery', jersey_number: 1, position: 'Goalkeeper' },
  ]);
  const player = (name: string) => {
    const found = coach.players.find((p) => p.name === name);
    if (!found) throw new Error(`No player ${name}`);
    return found;
  };
  const [mia, leo, sam] = [
    player('Mia Lopez'),
    player('Leo Lopez'),
    player('Samuel Alexander Reed-Montgomery'),
  ];
  const game = await apiCall<{ id: number }>(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Wolves',
    date: addDays(TODAY, 2),
    time: '18:00',
    location: 'Home Ground',
  });
  await apiCall(request, coach, 'post', '/practices', {
    team_id: coach.team.id,
    title: 'Skills Practice',
    date: addDays(TODAY, 1),
    time: '17:00',
    location: 'Back Field',
  });
  const cup = await apiCall<{ id: number }>(request, coach, 'post', `/tournaments/team/${coach.team.id}`, {
    name: 'Rockets Winter Cup',
    location: 'Meadow Fields',
    start_date: addDays(TODAY, 3),
    end_date: addDays(TODAY, 3),
  });
  // A tournament game without a time yet: TBD.
  await apiCall(request, coach, 'post', `/tournaments/${cup.id}/games`, {
    opponent: 'Badgers',
    date: addDays(TODAY, 3),
  });

  // A parent of Mia and Leo: let in for Mia, then linked to Leo too.
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, mia.id);
  const me = await apiCall<{ id: number }>(request, parent, 'get', '/auth/me');
  await apiCall(request, coach, 'post', `/teams/${coach.team.id}/parents/${me.id}/assign-player`, {
    player_id: leo.id,
  });

  // The parent answers for Mia; the coach answers for Sam.
  await apiCall(request, parent, 'post', '/team-rsvp/submit', {
    event_type: 'game',
    event_id: game.id,
    player_id: mia.id,
    response: 'yes',
    notes: 'Bringing the orange slices for half time',
  });
  await apiCall(request, coach, 'post', '/team-rsvp/submit', {
    event_type: 'game',
    event_id: game.id,
    player_id: sam.id,
    response: 'no',
  });

  // The coach's dashboard: 'Next up' names who answered what.
  const coachPage = await newPage(browser, info);
  await signInAs(coachPage, coach);
  const coachNext = coachPage.getByRole('list', { name: 'Next up' });
  const coachGame = coachNext.getByRole('listitem').filter({ hasText: 'vs Wolves' });
  await expect(coachGame.locator('.who-is-coming__row--yes')).toHaveText('Going (1)Mia Lopez');
  await expect(coachGame.locator('.who-is-coming__row--no')).toHaveText(
    "Can't go (1)Samuel Alexander Reed-Montgomery",
  );
  await expect(coachGame.locator('.who-is-coming__row--none')).toHaveText('No answer yet (1)Leo Lopez');
  await expect(
    coachNext
      .getByRole('listitem')
      .filter({ hasText: 'Skills Practice' })
      .locator('.who-is-coming__row--none'),
  ).toContainText('No answer yet (3)');
  await expectNoSidewaysScroll(coachPage);
  await snapshot(coachPage, info, 'dashboard-coach');

  // Team Administration > Event RSVPs.
  await goToTab(coachPage, info, 'Admin');
  await coachPage.getByRole('tab', { name: 'Event RSVPs' }).click();
  await expect(coachPage).toHaveURL(/#admin\?tab=rsvps$/);
  const events = coachPage.getByRole('list', { name: 'Events' });
  // Each event's heading is its toggle (beside it, a coach's 'Remind' button).
  const toggles = events.getByRole('heading', { level: 3 }).getByRole('button');
  await expect(toggles).toHaveCount(3);
  const wolves = toggles.filter({ hasText: 'vs Wolves' });
  await expect(wolves).toHaveAttribute('aria-expanded', 'false');
  await expect(wolves).toContainText('6:00 PM');
  await expect(wolves).toContainText('Yes 1');
  await expect(wolves).toContainText('Maybe 0');
  await expect(wolves).toContainText('No 1');
  await expect(wolves).toContainText('Total 2');
  await expect(wolves).toContainText('1 not answered');
  await expect(toggles.filter({ hasText: 'Skills Practice' })).toContainText('5:00 PM');
  const badgers = toggles.filter({ hasText: 'vs Badgers' });
  await expect(badgers).toContainText('TBD');
  await expect(badgers).toContainText('Rockets Winter Cup');
  await snapshot(coachPage, info, 'admin-collapsed');

  // Opened with the keyboard: the answers by group, with number, position, who answered and the notes.
  await wolves.focus();
  await coachPage.keyboard.press('Enter');
  await expect(wolves).toHaveAttribute('aria-expanded', 'true');
  const body = coachPage.locator(`[id="${await wolves.getAttribute('aria-controls')}"]`);
  await expect(body).toBeVisible();
  await expect(body.getByRole('heading', { level: 4 })).toHaveText([
    'Attending (1)',
    'Not Attending (1)',
    'No answer yet (1)',
  ]);
  const attending = body.getByRole('listitem').filter({ hasText: 'Mia Lopez' });
  await expect(attending).toContainText('#10 Mia Lopez · Midfielder');
  await expect(attending).toContainText('Answered by Paula Lopez (Parent)');
  await expect(attending).toContainText('Notes: Bringing the orange slices for half time');
  await expect(body.getByRole('listitem').filter({ hasText: 'Reed-Montgomery' })).toContainText(
    'Answered by Robin Coach (Coach)',
  );
  // Under each name, the answers the coach may record for that player.
  await expect(body.getByRole('listitem').filter({ hasText: 'Leo Lopez' })).toHaveText(
    "#7 Leo Lopez · ForwardGoingMaybeCan't go",
  );
  await expectNoSidewaysScroll(coachPage);
  await snapshot(coachPage, info, 'admin-open');
  await expectNoAxeViolations(coachPage, 'event rsvps');
  await coachPage.keyboard.press('Enter');
  await expect(body).toBeHidden();
  await coachPage.context().close();

  // The parent's dashboard: each of their players' answer pressed on the game, none on the practice.
  const parentPage = await newPage(browser, info);
  await signInAs(parentPage, parent);
  const wolvesMia = parentPage.getByRole('group', { name: 'RSVP for Mia Lopez, vs Wolves' });
  await expect(wolvesMia.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  const wolvesLeo = parentPage.getByRole('group', { name: 'RSVP for Leo Lopez, vs Wolves' });
  await expect(wolvesLeo.getByRole('button', { pressed: true })).toHaveCount(0);
  const practiceMia = parentPage.getByRole('group', { name: 'RSVP for Mia Lopez, Skills Practice' });
  await expect(practiceMia.getByRole('button', { pressed: true })).toHaveCount(0);
  await expectNoSidewaysScroll(parentPage);
  await snapshot(parentPage, info, 'dashboard-parent');
  await expectNoAxeViolations(parentPage, 'parent dashboard');
  await parentPage.context().close();
});

test('Event RSVPs says so when nothing is coming up', async ({ page, request }, info) => {
  const coach = await coachWithTeam(request, 'U8 Quiet', [{ name: 'Ada Quiet' }]);
  await signInAs(page, coach, '/#admin?tab=rsvps');
  const panel = page.getByRole('region', { name: 'Event RSVPs' });
  await expect(panel).toContainText(
    'No events in the next 14 days. Games, tournament games and practices added in Team Events show here.',
  );
  await snapshot(page, info, 'admin-empty');
  await panel.getByRole('link', { name: 'Team Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Games & Schedule' })).toBeVisible();
});

test("the overview's window and type filter, and an answer the coach records at the pitch @phone", async ({
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Falcons', [
    { name: 'Nia Falcon', jersey_number: 4 },
    { name: 'Omar Falcon', jersey_number: 8 },
  ]);
  const teamId = coach.team.id;
  const game = (opponent: string, days: number) =>
    apiCall<{ id: number }>(request, coach, 'post', `/games/${teamId}`, {
      opponent,
      date: addDays(TODAY, days),
      time: '10:00',
      location: 'Falcon Park',
    });
  await game('Played Tuesday', -3);
  await game('Next Week', 6);
  await game('Next Month', 25);
  await apiCall(request, coach, 'post', '/practices', {
    team_id: teamId,
    title: 'Passing Practice',
    date: addDays(TODAY, 2),
    time: '17:00',
    location: 'Back Field',
  });

  const page = await newPage(browser, info);
  await signInAs(page, coach, '/#admin?tab=rsvps');
  const panel = page.getByRole('region', { name: 'Event RSVPs' });
  const events = panel.getByRole('list', { name: 'Events' });
  const names = events.locator('.rsvp-event__name');
  // The next 14 days at first.
  await expect(names).toHaveText(['Passing Practice', 'vs Next Week']);
  // The count is one status of the panel; an event's 'Automatic reminder sent' line may be another.
  await expect(panel.getByRole('status').filter({ hasText: / events?$/ })).toHaveText('2 events');

  await panel.getByLabel('Show').selectOption({ label: 'Next 30 days' });
  await expect(names).toHaveText(['Passing Practice', 'vs Next Week', 'vs Next Month']);
  await panel.getByLabel('Type').selectOption({ label: 'Games' });
  await expect(names).toHaveText(['vs Next Week', 'vs Next Month']);
  await panel.getByLabel('Type').selectOption({ label: 'Practices' });
  await expect(names).toHaveText(['Passing Practice']);
  await panel.getByLabel('Type').selectOption({ label: 'All types' });

  // Custom dates: the wrong way round says so and asks nothing.
  await panel.getByLabel('Show').selectOption({ label: 'Custom dates' });
  await panel.getByLabel('To').fill(addDays(TODAY, -1));
  await expect(panel.getByRole('alert')).toHaveText('The end date must be on or after the start date.');
  await panel.getByLabel('From').fill(addDays(TODAY, 20));
  await panel.getByLabel('To').fill(addDays(TODAY, 30));
  await expect(names).toHaveText(['vs Next Month']);

  // The past 14 days: the game played on Tuesday, where the coach records who came.
  await panel.getByLabel('Show').selectOption({ label: 'Past 14 days' });
  await expect(names).toHaveText(['vs Played Tuesday']);
  const played = events.getByRole('heading', { level: 3 }).getByRole('button');
  await played.click();
  await snapshot(page, info, 'window-past');
  const nia = panel.getByRole('group', { name: 'Record answer for Nia Falcon, vs Played Tuesday' });
  await nia.getByRole('button', { name: 'Going' }).click();
  await expect(page.getByText('✓ RSVP submitted for Nia Falcon: attending')).toBeVisible();
  await expect(nia.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  await expect(played).toContainText('Yes 1');
  await expect(played).toContainText('1 not answered');
  await expectNoAxeViolations(page, 'event rsvps window');
  await snapshot(page, info, 'recorded');
  await page.context().close();
});
