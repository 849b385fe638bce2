import { expect, type Page, test } from '@playwright/test';
import type { CreatedPractices } from '../../src/shared/api/events.ts';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays, formatDate } from '../../src/shared/events.ts';
import {
  apiCall,
  type CoachWithTeam,
  coachWithTeam,
  expectNoAxeViolations,
  goToTab,
  signInAs,
  snapshotter,
} from './helpers.ts';

// A weekly series of practices (docs/product/events.md 'Practice series', decision 048): a coach moves
// the rest of a series to a new time, deletes the rest of it, and cancels one practice of it.

const TODAY = todayIn('America/Chicago');
const snapshot = snapshotter('practice-series');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function weeklySeries(request: Parameters<typeof apiCall>[0], coach: CoachWithTeam) {
  const { practices } = await apiCall<CreatedPractices>(request, coach, 'post', '/practices', {
    team_id: coach.team.id,
    title: 'Tuesday Training',
    date: addDays(TODAY, 1),
    time: '17:30',
    location: 'Back Field',
    repeat_weeks: 4,
  });
  await apiCall(request, coach, 'post', '/practices', {
    team_id: coach.team.id,
    title: 'Goalkeeper Session',
    date: addDays(TODAY, 8),
    time: '17:30',
    location: 'Back Field',
  });
  return practices;
}

test('a coach moves the remaining practices of a series to a new time, then deletes the last two @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Kites', [{ name: 'Ada Moss' }]);
  const series = await weeklySeries(request, coach);
  await signInAs(page, coach);
  await goToTab(page, info, 'Team Events');
  await page.getByRole('tab', { name: /Practices/ }).click();
  const upcoming = page.getByRole('group', { name: 'Upcoming practices' });
  const week = (n: number) =>
    upcoming
      .getByRole('listitem')
      .filter({ hasText: 'Tuesday Training' })
      .filter({ hasText: formatDate(series[n]!.date) });
  await expect(upcoming.getByRole('listitem')).toHaveCount(5);

  // A practice of no series saves without asking.
  const single = upcoming.getByRole('listitem').filter({ hasText: 'Goalkeeper Session' });
  await single.getByRole('button', { name: /^Edit/ }).click();
  const singleForm = page.getByRole('dialog', { name: 'Edit Practice' });
  await singleForm.getByLabel('Notes').fill('Gloves');
  await singleForm.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Practice updated successfully.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The second week on: 6:45 PM.
  await week(1).getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit Practice' });
  await form.getByLabel('Time').fill('18:45');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  const question = page.getByRole('dialog', { name: 'Save Changes' });
  await expect(question).toContainText('is one of a weekly series');
  await expect(question.getByRole('button', { name: 'Back' })).toBeFocused();
  await expectNoAxeViolations(page, 'the series question');
  await snapshot(page, info, 'asks');
  await question.getByRole('button', { name: 'Back' }).click();
  await expect(question).toBeHidden();
  await expect(form.getByLabel('Time')).toHaveValue('18:45');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await question.getByRole('button', { name: 'This and following' }).click();
  await expect(toast(page, 'Practices updated successfully.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(week(0)).toContainText('5:30 PM');
  for (const n of [1, 2, 3]) await expect(week(n)).toContainText('6:45 PM');
  await expect(single).toContainText('5:30 PM');
  await snapshot(page, info, 'moved');

  // Delete the third week and the fourth.
  await week(2)
    .getByRole('button', { name: /^Delete/ })
    .click();
  const remove = page.getByRole('dialog', { name: 'Delete Practice' });
  await expect(remove).toContainText('is one of a weekly series');
  await remove.getByRole('button', { name: 'This and following' }).click();
  await expect(toast(page, '2 practices deleted successfully.')).toBeVisible();
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Tuesday Training' })).toHaveCount(2);
  await expect(single).toBeVisible();
});

test('a coach cancels one practice of a series; the others stay on @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U9 Larks', [{ name: 'Ben Ortiz' }]);
  const series = await weeklySeries(request, coach);
  await signInAs(page, coach);
  await goToTab(page, info, 'Team Events');
  await page.getByRole('tab', { name: /Practices/ }).click();
  const upcoming = page.getByRole('group', { name: 'Upcoming practices' });
  const item = upcoming
    .getByRole('listitem')
    .filter({ hasText: 'Tuesday Training' })
    .filter({ hasText: formatDate(series[2]!.date) });
  await item.getByRole('button', { name: /Cancel Practice/ }).click();
  // A practice of a series asks which: this one only.
  const confirm = page.getByRole('dialog', { name: 'Cancel Practice' });
  await confirm.getByRole('button', { name: 'This practice' }).click();
  await expect(toast(page, 'Practice cancelled. It stays on the schedule, marked cancelled.')).toBeVisible();
  await expect(item.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(upcoming.getByText('Cancelled', { exact: true })).toHaveCount(1);
  await snapshot(page, info, 'cancelled');
});
