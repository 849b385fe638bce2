import { expect, test } from '@playwright/test';
import { coachWithTeam, layoutShifts, recordLayoutShifts, signInAs } from './helpers.ts';

// The calendar must not jump while it loads (docs/decisions/040): on a phone whose RSVP list arrives
// late, the 'Show RSVPs for' choice a coach of two players gets must not push the month down as it
// appears. Lighthouse counts the same 'layout-shift' entries: it measured 0.074 for that one shift on the
// demo club, under its 0.1 line but not nothing, so this test fails at 0.01.

test('the calendar does not shift when the RSVP list arrives late, on a slow phone @phone-only', async ({
  browser,
  request,
}) => {
  const coach = await coachWithTeam(request, 'U13 Still', [
    { name: 'Cleo Marsh', jersey_number: 5 },
    { name: 'Dan Marsh', jersey_number: 9 },
  ]);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await recordLayoutShifts(page);
  await page.route('**/api/team-rsvp/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await signInAs(page, coach, '/#calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Calendar' })).toBeVisible();
  await expect(page.getByLabel('Show RSVPs for')).toBeVisible();
  // A phone opens on the schedule list (the month is a tap away).
  await expect(page.getByText('No events in this window.')).toBeVisible();
  const shifts = await layoutShifts(page);
  const total = shifts.reduce((sum, value) => sum + value, 0);
  expect(total, `layout shifts: ${shifts.map((value) => value.toFixed(3)).join(', ')}`).toBeLessThan(0.01);
  await context.close();
});
