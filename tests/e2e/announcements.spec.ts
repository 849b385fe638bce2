import { type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays, formatDate } from '../../src/shared/events.ts';
import {
  coachWithTeam,
  registerAccount,
  signInAs,
  apiCall,
  expectNoAxeViolations,
  snapshotter,
  joinApprovedFor,
} from './helpers.ts';

// Announcements (issue 10) against the real API: a coach posts a high-priority announcement with an
// expiry through the dialog; a parent reads it on the Communication tab, markup shown literally, and
// comments with Enter.

const snapshot = snapshotter('announcements');

async function newPage(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({ ...info.project.use, baseURL: info.project.use.baseURL });
  return context.newPage();
}

const MARKUP = 'Bring <b>water</b> & <script>alert(1)</script> — details https://club.example/day';

test('a coach posts a high-priority announcement; a parent reads it as text and comments @phone', async ({
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U10 Comets', [{ name: 'Mia Lopez', jersey_number: 10 }]);
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);

  const gameDate = addDays(todayIn('America/Chicago'), 5);
  await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Wolves',
    date: gameDate,
    time: '10:00',
    location: 'Home Ground',
  });

  const coachPage = await newPage(browser, info);
  await signInAs(coachPage, coach, '/#messages');
  await expect(coachPage.getByRole('tab', { name: 'Announcements' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(coachPage.getByRole('tab', { name: 'Conversations' })).toHaveCount(0);
  await coachPage.getByRole('button', { name: 'New Announcement' }).click();
  const dialog = coachPage.getByRole('dialog', { name: 'New Announcement' });
  await dialog.getByLabel('Title').fill('Picture day <Saturday>');
  await dialog.getByLabel('Content').fill(MARKUP);
  await dialog.getByLabel('Priority').selectOption('high');
  await expect(dialog.getByLabel('Expires')).toHaveValue('days:7');
  await dialog.getByLabel('Expires').selectOption('days:3');
  await dialog
    .getByLabel('Related event')
    .selectOption({ label: `Game: vs Wolves (${formatDate(gameDate)})` });
  await snapshot(coachPage, info, 'dialog');
  await expectNoAxeViolations(coachPage, 'new announcement dialog');
  await dialog.getByRole('button', { name: 'Post Announcement' }).click();
  await expect(coachPage.getByText('Announcement created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const coachCard = coachPage.getByRole('article', { name: 'Picture day <Saturday>' });
  await expect(coachCard).toContainText('HIGH');
  await expect(coachCard).toContainText(/Expires \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d (AM|PM)/);
  await expect(coachCard.getByRole('button', { name: 'Edit Picture day <Saturday>' })).toBeVisible();
  await coachPage.context().close();

  const parentPage = await newPage(browser, info);
  await signInAs(parentPage, parent, '/');
  // The dashboard card: HIGH, the title and a preview; it opens the Communication tab.
  const dashboardCard = parentPage.getByRole('region', { name: 'Announcements' });
  const item = dashboardCard.getByRole('link', { name: /Picture day <Saturday>/ });
  await expect(item).toContainText('HIGH');
  await expect(item).toContainText('Bring <b>water</b>');
  await expect(item).toContainText('Robin Coach');
  await snapshot(parentPage, info, 'dashboard');
  await item.click();
  await expect(parentPage).toHaveURL(/#messages$/);
  const card = parentPage.getByRole('article', { name: 'Picture day <Saturday>' });
  await expect(card).toContainText('HIGH');
  await expect(card).toContainText('By Robin Coach');
  await expect(card).toContainText(`Related event: vs Wolves (${formatDate(gameDate)})`);
  await expect(card).toContainText('Bring <b>water</b> & <script>alert(1)</script>');
  await expect(card.locator('b, script')).toHaveCount(0);
  const link = card.getByRole('link', { name: 'https://club.example/day' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(parentPage.getByRole('button', { name: 'New Announcement' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);

  // Comments are folded behind a button that opens them and the comment box.
  const comment = card.getByLabel('Add a comment on Picture day <Saturday>');
  await expect(comment).toBeHidden();
  await card.getByRole('button', { name: 'Add a comment' }).click();
  await comment.fill('We will be there <3');
  await comment.press('Enter');
  await expect(comment).toHaveValue('');
  await expect(card.getByRole('button', { name: '1 comment' })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('listitem').filter({ hasText: 'We will be there <3' })).toContainText(
    'Paula Lopez',
  );
  const overflow = await parentPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(parentPage, info, 'parent');
  await expectNoAxeViolations(parentPage, 'announcements');

  // The author deletes their own comment, confirmed (coaches and admins could too, decision 018).
  const ownComment = card.getByRole('listitem').filter({ hasText: 'We will be there <3' });
  await ownComment.getByRole('button', { name: 'Delete comment by Paula Lopez' }).click();
  const confirm = parentPage.getByRole('dialog', { name: 'Delete Comment' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(parentPage.getByText('Comment deleted.')).toBeVisible();
  await expect(ownComment).toHaveCount(0);

  // The Polls section opens from the hash.
  await parentPage.goto('/#messages?subtab=polls');
  await expect(parentPage.getByRole('tab', { name: 'Polls' })).toHaveAttribute('aria-selected', 'true');
  await parentPage.context().close();
});
