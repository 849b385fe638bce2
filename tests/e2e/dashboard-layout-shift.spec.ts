import { expect, test } from '@playwright/test';
import { apiCall, coachWithTeam, layoutShifts, recordLayoutShifts, signInAs } from './helpers.ts';

// The dashboard must not jump while it fills in (docs/decisions/039): on a phone whose answers arrive
// one by one, as on a weak signal, what is already on screen stays where it is. Lighthouse counts the
// same 'layout-shift' entries; 0.1 is its line between good and needs-improvement.

const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** Answers that arrive late, each by its own delay, so the cards fill in one after another. */
const DELAYS_MS: [RegExp, number][] = [
  [/\/api\/tournaments\//, 150],
  [/\/api\/games\//, 400],
  [/\/api\/practices\//, 700],
  [/\/api\/team-rsvp\//, 1_000],
  [/\/api\/messaging\/polls/, 1_300],
  [/\/api\/messaging\/announcements/, 1_600],
];

test('the dashboard does not shift while its cards load, on a slow phone @phone-only', async ({
  browser,
  request,
}) => {
  const coach = await coachWithTeam(request, 'U12 Steady', [
    { name: 'Ada Stone', jersey_number: 3 },
    { name: 'Ben Stone', jersey_number: 7 },
  ]);
  const teamId = coach.team.id;
  for (const [offset, opponent] of [
    [1, 'Hill Rovers'],
    [3, 'Lake Town'],
    [5, 'Mill Park'],
  ] as const) {
    await apiCall(request, coach, 'post', `/games/${teamId}`, {
      opponent,
      date: isoDay(offset),
      time: '10:00',
      location: 'Home Ground',
    });
  }
  await apiCall(request, coach, 'post', `/games/${teamId}`, {
    opponent: 'Old Bridge',
    date: isoDay(-2),
    time: '10:00',
    location: 'Away Ground',
    status: 'completed',
    our_score: 3,
    opponent_score: 1,
  });
  await apiCall(request, coach, 'post', `/messaging/announcements?team_id=${teamId}`, {
    title: 'Kit check',
    content: 'Bring both kits on Saturday.',
  });
  await apiCall(request, coach, 'post', `/messaging/polls?team_id=${teamId}`, {
    question: 'Extra practice?',
    options: ['Yes', 'No'],
  });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await recordLayoutShifts(page);
  await page.route('**/api/**', async (route) => {
    const delay = DELAYS_MS.find(([pattern]) => pattern.test(route.request().url()))?.[1] ?? 0;
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue();
  });
  await signInAs(page, coach, '/#dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeVisible();
  await expect(page.getByText('vs Old Bridge 3 - 1 Won')).toBeVisible();
  await expect(page.getByText('Extra practice?', { exact: true })).toBeVisible();
  await expect(page.getByText('Kit check', { exact: true })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  const shifts = await layoutShifts(page);
  const total = shifts.reduce((sum, value) => sum + value, 0);
  expect(total, `layout shifts: ${shifts.map((value) => value.toFixed(3)).join(', ')}`).toBeLessThan(0.1);
  await context.close();
});
