import { expect, test } from '@playwright/test';
import { goToTab, openNavigation, signInAsNewCoach } from './helpers.ts';

test('a coach creates a team with the wizard, copies the invite code and adds a second team @phone', async ({
  page,
  context,
  request,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsNewCoach(page, request, 'Casey Coach', { keepWizardOpen: true });
  const wizard = page.getByRole('dialog', { name: 'Create Your Team' });
  await expect(wizard.getByText('Step 1 of 4')).toBeVisible();

  // Step 1 refuses to move on without a team name.
  await wizard.getByRole('button', { name: 'Next' }).click();
  const required = page.getByRole('dialog', { name: 'Required Fields' });
  await expect(required).toContainText('Please fill in all required fields before continuing.');
  await required.getByRole('button', { name: 'OK' }).click();
  await expect(wizard.getByText('Step 1 of 4')).toBeVisible();

  await wizard.getByLabel('Team Name').fill('U10 Hawks');
  await wizard.getByLabel('Age Group').selectOption('U10');
  await wizard.getByLabel('Division').selectOption('Competitive');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Step 2 of 4')).toBeVisible();
  await wizard.getByLabel('Season', { exact: true }).fill('Fall 2026');
  await wizard.getByRole('button', { name: 'Previous' }).click();
  await expect(wizard.getByLabel('Team Name')).toHaveValue('U10 Hawks');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Step 3 needs the head coach, prefilled with the coach's name.
  await expect(wizard.getByText('Step 3 of 4')).toBeVisible();
  await expect(wizard.getByLabel('Head Coach Name')).toHaveValue('Casey Coach');
  await wizard.getByLabel('Head Coach Name').fill('');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await required.getByRole('button', { name: 'OK' }).click();
  await wizard.getByLabel('Head Coach Name').fill('Casey Coach');
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('Step 4 of 4')).toBeVisible();
  await expect(wizard.getByText('#10b981')).toBeVisible();
  await wizard.getByRole('button', { name: 'Create Team', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'Team Created!' });
  await expect(created).toContainText('U10 Hawks has been successfully created');
  await created.getByRole('button', { name: 'OK' }).click();

  // The new team is the selected one; its invite code is 8 capitals or digits.
  await openNavigation(page, info);
  await expect(page.locator('.team-picker').getByText('U10 Hawks')).toBeVisible();
  await goToTab(page, info, 'Team');
  await expect(page.getByRole('heading', { name: 'Team Management' })).toBeVisible();
  const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await page.getByRole('button', { name: 'Copy Code' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(page.getByRole('button', { name: 'Copy Code' })).toBeVisible({ timeout: 3000 });

  // A second team: the wizard starts empty, and the picker becomes a select.
  await openNavigation(page, info);
  await page.getByRole('button', { name: '+ Add Team' }).click();
  await expect(wizard.getByLabel('Team Name')).toHaveValue('');
  await wizard.getByLabel('Team Name').fill('U12 Falcons');
  for (let step = 0; step < 3; step++) await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Create Team', exact: true }).click();
  await page.getByRole('dialog', { name: 'Team Created!' }).getByRole('button', { name: 'OK' }).click();
  await openNavigation(page, info);
  const picker = page.getByLabel('Active Team');
  await expect(picker.locator('option:checked')).toHaveText('U12 Falcons');
  await picker.selectOption({ label: 'U10 Hawks' });
  await page.reload();
  await openNavigation(page, info);
  await expect(page.getByLabel('Active Team').locator('option:checked')).toHaveText('U10 Hawks');
});
