import { expect, test } from '@playwright/test';
import { coachWithTeam, isPhone, openNavigation, signInAs } from './helpers.ts';

// The selected team is named on every screen (issue 6): in full in the side bar, in the phone's top bar,
// and choosing another team in the phone's drawer closes the drawer.

const LONG_NAME = 'U12 Riverside Hawks Girls Competitive Academy BlueSaturday X'; // 60 characters

test('the selected team is named in full, on phones in the top bar, and picking one closes the drawer @phone', async ({
  page,
  request,
}, info) => {
  expect(LONG_NAME).toHaveLength(60);
  const coach = await coachWithTeam(request, 'U9 Otters', [{ name: 'Ollie Otter' }]);
  const second = await request.post('/api/teams/setup-complete', {
    headers: { authorization: `Bearer ${coach.token}` },
    data: { name: LONG_NAME, head_coach_name: 'Robin Coach', primary_color: '#1d4ed8' },
  });
  expect(second.ok()).toBe(true);
  await signInAs(page, coach);
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();

  await openNavigation(page, info);
  const picker = page.getByLabel('Active Team');
  await picker.selectOption({ label: LONG_NAME });
  if (isPhone(info)) {
    // The drawer closed and the top bar names the team.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.locator('.top-bar__team')).toHaveText(LONG_NAME);
    await page.screenshot({ path: info.outputPath('top-bar.png') });
  } else {
    // Written out in full, on as many lines as it needs.
    const name = page.locator('.team-picker__name');
    await expect(name).toHaveText(LONG_NAME);
    const box = await name.boundingBox();
    const scroll = await name.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(scroll).toBe(true);
    expect(box?.height ?? 0).toBeGreaterThan(20);
    await page.screenshot({ path: info.outputPath('side-bar.png') });
  }
});
