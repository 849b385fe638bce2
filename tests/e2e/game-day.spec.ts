import { type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import {
  apiCall,
  coachWithTeam,
  expectBrowserAsksBeforeClosing,
  expectNoAxeViolations,
  goToTab,
  isPhone,
  openNavigation,
  signInAs,
  snapshotter,
} from './helpers.ts';

// Game day (issue 21; docs/decisions/050): on a day with games the coach's dashboard lists today's
// games, an individual one and a tournament one, and two scores are entered there, each saved in place.
// A score typed and not saved is never lost silently: leaving the dashboard (a tab, another team, Logout,
// closing the page) asks first, with the forms' discard question.

const TODAY = todayIn('America/Chicago');
const snapshot = snapshotter('game-day');

async function newPage(browser: Browser, info: TestInfo): Promise<Page> {
  // axe analyses pages opened from browser.newContext() (STACK-NOTES).
  const context = await browser.newContext({ ...info.project.use, baseURL: info.project.use.baseURL });
  return context.newPage();
}

test('the coach enters two scores from the dashboard on game day @phone', async ({
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U12 Comets', [{ name: 'Kai Comet', jersey_number: 9 }]);
  const teamId = coach.team.id;
  // A second team, so the side bar offers another team to switch to.
  await apiCall(request, coach, 'post', '/teams/setup-complete', {
    name: 'U12 Meteors',
    head_coach_name: 'Robin Coach',
  });
  const game = await apiCall<{ id: number }>(request, coach, 'post', `/games/${teamId}`, {
    opponent: 'Wolves',
    date: TODAY,
    time: '18:00',
    location: 'Home Ground',
  });
  const cup = await apiCall<{ id: number }>(request, coach, 'post', `/tournaments/team/${teamId}`, {
    name: 'Comet Cup',
    location: 'Meadow Fields',
    start_date: TODAY,
    end_date: addDays(TODAY, 1),
  });
  const cupGame = await apiCall<{ id: number }>(request, coach, 'post', `/tournaments/${cup.id}/games`, {
    opponent: 'Eagles',
    date: TODAY,
    time: '09:00',
  });
  // Tomorrow's game is not today's.
  await apiCall(request, coach, 'post', `/tournaments/${cup.id}/games`, {
    opponent: 'Tomorrow Foe',
    date: addDays(TODAY, 1),
    time: '09:00',
  });

  const page = await newPage(browser, info);
  await signInAs(page, coach);
  await openNavigation(page, info);
  await page.getByLabel('Active Team').selectOption({ label: 'U12 Comets' });
  const menu = page.getByRole('button', { name: 'Menu' });
  if (isPhone(info) && (await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
  const today = page.getByRole('list', { name: "Today's games" });
  await expect(today.getByRole('listitem')).toHaveCount(2);
  await expect(today.getByRole('listitem').first()).toContainText('9:00 AM vs Eagles · Comet Cup');
  await expect(today).not.toContainText('Tomorrow Foe');
  await snapshot(page, info, 'before');

  const eagles = page.getByRole('form', { name: 'Score vs Eagles' });
  await eagles.getByLabel('Our Score').fill('3');
  await eagles.getByLabel('Opponent Score').fill('1');
  await eagles.getByRole('button', { name: /^Save/ }).click();
  await expect(today.getByRole('listitem').first().getByRole('status')).toHaveText('Score Saved');

  const wolves = page.getByRole('form', { name: 'Score vs Wolves' });
  await wolves.getByLabel('Our Score').fill('2');
  await wolves.getByLabel('Opponent Score').fill('2');
  await wolves.getByRole('button', { name: /^Save/ }).click();
  await expect(today.getByRole('listitem').nth(1).getByRole('status')).toHaveText('Score Saved');
  await snapshot(page, info, 'saved');
  await expectNoAxeViolations(page, 'game day');

  // Stored as the games' scores: both completed.
  const games = await apiCall<{ id: number; our_score: number; opponent_score: number; status: string }[]>(
    request,
    coach,
    'get',
    `/games/${teamId}`,
  );
  expect(games.find((g) => g.id === game.id)).toMatchObject({
    our_score: 2,
    opponent_score: 2,
    status: 'completed',
  });
  const tournaments = await apiCall<
    { games: { id: number; our_score: number; opponent_score: number; status: string }[] }[]
  >(request, coach, 'get', `/tournaments/team/${teamId}`);
  expect(tournaments[0]?.games.find((g) => g.id === cupGame.id)).toMatchObject({
    our_score: 3,
    opponent_score: 1,
    status: 'completed',
  });

  // A typed score not saved yet: every way out of the dashboard asks first, and staying keeps it.
  const ours = eagles.getByLabel('Our Score');
  await ours.fill('4');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  const keepEditing = async () => {
    await expect(discard).toContainText('You have unsaved changes. Discard them?');
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(page).toHaveURL(/#dashboard$/);
    await expect(ours).toHaveValue('4');
  };
  await goToTab(page, info, 'Calendar');
  await snapshot(page, info, 'leave-asks');
  await keepEditing();
  await openNavigation(page, info);
  await page.getByLabel('Active Team').selectOption({ label: 'U12 Meteors' });
  await keepEditing();
  await openNavigation(page, info);
  await expect(page.getByLabel('Active Team')).toHaveValue(String(teamId));
  await page.getByRole('button', { name: 'Logout' }).click();
  await keepEditing();
  await expect(page.getByRole('dialog', { name: 'Confirm Logout' })).toHaveCount(0);
  // Closing or reloading the page: the browser asks (its own words; a page cannot set them).
  await expectBrowserAsksBeforeClosing(page);
  await expect(ours).toHaveValue('4');

  // Back to its saved value, the field asks nothing.
  await ours.fill('3');
  await goToTab(page, info, 'Calendar');
  await expect(page).toHaveURL(/#calendar$/);
  await expect(discard).toHaveCount(0);

  // Typed again, then left for good: Discard leaves, and nothing was saved.
  await goToTab(page, info, 'Dashboard');
  await ours.fill('5');
  await goToTab(page, info, 'Calendar');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/#calendar$/);
  await expect(discard).toHaveCount(0);
  await goToTab(page, info, 'Dashboard');
  await expect(ours).toHaveValue('3');
  const after = await apiCall<{ games: { id: number; our_score: number }[] }[]>(
    request,
    coach,
    'get',
    `/tournaments/team/${teamId}`,
  );
  expect(after[0]?.games.find((g) => g.id === cupGame.id)?.our_score).toBe(3);
  await page.context().close();
});
