import { expect, test } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays, formatDate } from '../../src/shared/events.ts';
import {
  apiCall,
  coachWithTeam,
  joinApprovedFor,
  registerAccount,
  signInAs,
  snapshotter,
} from './helpers.ts';

// The bell (issue 19): a parent who was not looking learns of a cancelled practice from the bell, and
// its link opens the practice.

const TODAY = todayIn('America/Chicago');
const snapshot = snapshotter('notifications');

test('a parent sees a cancelled practice on the bell and opens it from there @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U9 Kestrels', [{ name: 'Noa Berg' }]);
  const parent = await registerAccount(request, 'Petra Berg', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, undefined);
  const { practices } = await apiCall<{ practices: { id: number }[] }>(request, coach, 'post', '/practices', {
    team_id: coach.team.id,
    title: 'Friday Shooting',
    date: addDays(TODAY, 2),
    time: '17:00',
    location: 'Back Field',
  });
  await apiCall(request, coach, 'put', `/practices/${practices[0]?.id}`, { status: 'cancelled' });

  await signInAs(page, parent);
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  const cancelled = `U9 Kestrels: Practice "Friday Shooting" on ${formatDate(addDays(TODAY, 2))} is cancelled`;
  await expect(list.getByRole('link').first()).toContainText(cancelled);
  await snapshot(page, info, 'list');
  await list.getByRole('link').first().click();
  await expect(list).toBeHidden();
  await expect(page).toHaveURL(
    new RegExp(`#tournaments\\?section=practices&practiceId=${practices[0]?.id}$`),
  );
  await expect(page.getByRole('group', { name: 'Upcoming practices' })).toContainText('Friday Shooting');
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: 'Mark all read' })
    .click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('the bell shows a change live, without a reload or the minute poll, and opens its game @phone', async ({
  page,
  request,
}) => {
  const coach = await coachWithTeam(request, 'U11 Swifts', [{ name: 'Ida Lund' }]);
  const parent = await registerAccount(request, 'Ola Lund', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, undefined);
  // The page's event stream, open once its headers (and its 'ready') arrive.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/messaging/stream'));
  await signInAs(page, parent);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await streamOpen;

  // The coach adds a game while the parent's page stays open: the event stream tells the bell.
  const game = await apiCall<{ id: number }>(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Eagles',
    date: addDays(TODAY, 3),
    time: '10:00',
    location: 'North Field',
  });
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  // Well inside the minute between polls: only the live update can bring it this soon (25 s: a whole
  // run on 2 busy cores once took over 10).
  await expect(bell).toBeVisible({ timeout: 25_000 });
  await bell.click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  await expect(list.getByRole('link').first()).toContainText('U11 Swifts: New game vs Eagles');
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`#tournaments\\?section=games&gameId=${game.id}$`));
});
