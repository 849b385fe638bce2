import { expect, type Page, test } from '@playwright/test';
import { POLL_MESSAGES } from '../../src/shared/polls.ts';
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

// Team Polls (issue 10) against the real API, at 1280 px and on a 390 px phone: a coach creates a poll
// in the Polls tab; a parent with a child opens the poll's link, votes for the child and is told so.

const snapshot = snapshotter('polls');

const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).filter({ visible: true });

test('a coach creates a poll; a parent votes for their child and sees they voted @phone', async ({
  page,
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Polls', [
    { name: 'Mia Lopez', jersey_number: 10 },
    { name: 'Sam Reed', jersey_number: 1 },
  ]);
  const mia = coach.players.find((p) => p.name === 'Mia Lopez');
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, mia?.id);

  await signInAs(page, coach, '/#messages?subtab=polls');
  await expect(page.getByRole('heading', { name: 'Team Polls' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Poll' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Poll' });
  await expect(dialog.getByRole('textbox', { name: 'Option 1' })).toHaveValue('Yes');
  await expect(dialog.getByRole('textbox', { name: 'Option 2' })).toHaveValue('No');
  await expect(dialog.getByRole('button', { name: 'Create Poll' })).toBeDisabled();
  await dialog.getByLabel('Question').fill('Pizza after Saturday?');
  await dialog.getByRole('button', { name: 'Add Option' }).click();
  await dialog.getByRole('button', { name: 'Create Poll' }).click();
  await expect(dialog.getByRole('alert')).toContainText(POLL_MESSAGES.invalid);
  await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Only if we win');
  await snapshot(page, info, 'create');
  await expectNoAxeViolations(page, 'create poll');
  await dialog.getByRole('button', { name: 'Create Poll' }).click();
  await expect(toast(page, POLL_MESSAGES.created)).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Pizza after Saturday?' }) });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('Vote for')).toBeVisible();
  await snapshot(page, info, 'coach-card');
  const polls = await apiCall<{ polls: { id: number; question: string }[] }>(
    request,
    coach,
    'get',
    `/messaging/polls/${coach.team.id}`,
  );
  const pollId = polls.polls.find((p) => p.question === 'Pizza after Saturday?')?.id;
  expect(pollId).toBeDefined();

  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
    isMobile: info.project.use.isMobile ?? false,
    hasTouch: info.project.use.hasTouch ?? false,
  });
  const parentPage = await context.newPage();
  await signInAs(parentPage, parent, `/#messages?subtab=polls&pollId=${pollId}`);
  const parentCard = parentPage.locator(`#poll-${pollId}`);
  await expect(parentCard).toHaveClass(/poll-card--highlight/);
  await expect(parentCard.getByText('Vote for Mia Lopez')).toBeVisible();
  await expect(parentCard.getByText('Sam Reed')).toHaveCount(0);
  await parentCard.getByRole('button', { name: 'Yes for Mia Lopez' }).click();
  await expect(toast(parentPage, POLL_MESSAGES.voted)).toBeVisible();
  await expect(parentCard.getByText(POLL_MESSAGES.youVoted)).toBeVisible();
  // The vote stays changeable: the current answer is pressed.
  await expect(parentCard.getByRole('button', { name: 'Yes for Mia Lopez' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await parentCard.getByText('Vote details (1)').click();
  await expect(parentCard.getByRole('table')).toContainText('Mia Lopez');
  await expect(parentCard.getByRole('table')).toContainText('Paula Lopez');
  await snapshot(parentPage, info, 'parent-voted');
  await expectNoAxeViolations(parentPage, 'parent polls');
  const overflow = await parentPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The dashboard's Active Polls card says the parent voted, and opens the poll.
  await goToTab(parentPage, info, 'Dashboard');
  const activePolls = parentPage.getByRole('list', { name: 'Active polls' });
  await expect(activePolls.getByRole('listitem')).toHaveCount(1);
  await expect(activePolls).toContainText('You have voted');
  await activePolls.getByRole('link').first().click();
  await expect(parentPage.locator(`#poll-${pollId}`)).toHaveClass(/poll-card--highlight/);
  await context.close();
});

test('a vote on a dropped connection fails at once and is not sent later; a double tap votes once @phone', async ({
  page,
  context,
  request,
}) => {
  const coach = await coachWithTeam(request, 'U11 Offline Polls', [{ name: 'Noa Park', jersey_number: 4 }]);
  const created = await apiCall<{ id: number }>(
    request,
    coach,
    'post',
    `/messaging/polls?team_id=${coach.team.id}`,
    { question: 'Car pool on Sunday?', options: ['Yes', 'No'] },
  );
  const votes = async () =>
    (
      await apiCall<{ polls: { id: number; total_votes: number }[] }>(
        request,
        coach,
        'get',
        `/messaging/polls/${coach.team.id}`,
      )
    ).polls.find((p) => p.id === created.id)?.total_votes;

  await signInAs(page, coach, `/#messages?subtab=polls&pollId=${created.id}`);
  const card = page.locator(`#poll-${created.id}`);
  const yes = card.getByRole('button', { name: 'Yes for Noa Park' });
  await expect(yes).toBeVisible();

  await context.setOffline(true);
  await yes.click();
  await expect(toast(page, `${POLL_MESSAGES.voteFailed}: Network error - check connection`)).toBeVisible();
  await expect(yes).toBeEnabled();
  await context.setOffline(false);
  // Give a replayed write every chance to arrive: none may.
  await page.waitForTimeout(1500);
  expect(await votes()).toBe(0);

  await yes.dblclick();
  await expect(toast(page, `${POLL_MESSAGES.voted}: Noa Park`)).toBeVisible();
  await expect(card.getByText(POLL_MESSAGES.youVoted)).toBeVisible();
  expect(await votes()).toBe(1);
});

test("a parent changes the coach's vote for their child; the coach sees the changed vote @phone", async ({
  page,
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Changed Votes', [
    { name: 'Mia Lopez', jersey_number: 10 },
    { name: 'Sam Reed', jersey_number: 1 },
  ]);
  const mia = coach.players.find((p) => p.name === 'Mia Lopez');
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, mia?.id);
  const created = await apiCall<{ id: number }>(
    request,
    coach,
    'post',
    `/messaging/polls?team_id=${coach.team.id}`,
    { question: 'Team photo on Sunday?', options: ['Yes', 'No'] },
  );

  // The coach answers for Mia (told at the pitch).
  await signInAs(page, coach, `/#messages?subtab=polls&pollId=${created.id}`);
  const card = page.locator(`#poll-${created.id}`);
  await card.getByLabel('Vote for').selectOption({ label: 'Mia Lopez' });
  await card.getByRole('button', { name: 'Yes for Mia Lopez' }).click();
  await expect(toast(page, `${POLL_MESSAGES.voted}: Mia Lopez`)).toBeVisible();
  // The picker moves on to the next player still to answer and names Mia's answer.
  await expect(card.getByLabel('Vote for').locator('option', { hasText: 'Mia Lopez (Yes)' })).toHaveCount(1);
  await expect(card.getByLabel('Vote for')).toHaveValue(
    String(coach.players.find((p) => p.name === 'Sam Reed')?.id),
  );

  // The parent sees who answered, and changes it.
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
    isMobile: info.project.use.isMobile ?? false,
    hasTouch: info.project.use.hasTouch ?? false,
  });
  const parentPage = await context.newPage();
  await signInAs(parentPage, parent, `/#messages?subtab=polls&pollId=${created.id}`);
  const parentCard = parentPage.locator(`#poll-${created.id}`);
  await expect(parentCard.getByText('Mia Lopez: Yes · answered by Robin Coach')).toBeVisible();
  // Not 'You have voted': the parent has not; the coach answered for Mia.
  await expect(parentCard.getByText('Answered by Robin Coach for Mia Lopez')).toBeVisible();
  await expect(parentCard.getByText(POLL_MESSAGES.youVoted)).toHaveCount(0);
  await snapshot(parentPage, info, 'answered-by-coach');
  await expectNoAxeViolations(parentPage, 'a vote answered by the coach');
  await parentCard.getByRole('button', { name: 'No for Mia Lopez' }).click();
  await expect(toast(parentPage, `${POLL_MESSAGES.voteChanged}: Mia Lopez`)).toBeVisible();
  await expect(parentCard.getByText('Mia Lopez: No', { exact: true })).toBeVisible();
  await expect(parentCard.getByRole('button', { name: 'No for Mia Lopez' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(parentCard.getByText(/answered by/i)).toHaveCount(0);
  await expect(parentCard.getByText(POLL_MESSAGES.youVoted)).toBeVisible();
  await context.close();

  // The coach sees the changed vote (through the live stream, or the next read): one vote, No, by Paula.
  await page.reload();
  await expect(card.getByRole('list', { name: 'Results: 1 vote' })).toContainText('No1 vote · 100%');
  await card.getByText('Vote details (1)').click();
  const row = card.getByRole('row', { name: /Mia Lopez/ });
  await expect(row).toContainText('No');
  await expect(row).toContainText('Paula Lopez');
  await snapshot(page, info, 'coach-sees-change');
});
