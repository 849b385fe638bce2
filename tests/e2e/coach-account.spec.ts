import { expect, test } from '@playwright/test';
import {
  CLUB,
  PASSWORD,
  openNavigation,
  registerAccount,
  signIn,
  signUpCoach,
  uniqueEmail,
} from './helpers.ts';

test('a coach signs up, edits the profile, changes the password, logs out and signs in again @phone', async ({
  page,
}, info) => {
  const email = uniqueEmail('casey');
  await signUpCoach(page, 'Casey Coach', email);
  await expect(page).toHaveTitle(`Dashboard | ${CLUB}`);

  // The side bar: team picker for a coach with no team, tabs with Admin, the user block.
  await openNavigation(page, info);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByText('No teams yet')).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Create Team' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('CC', { exact: true })).toBeVisible();

  // Profile.
  await page.getByRole('button', { name: /Casey Coach/ }).click();
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByLabel('Email Address')).toHaveValue(email);
  await settings.getByLabel('Full Name').fill('');
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(settings.getByText('Name is required')).toBeVisible();
  await settings.getByLabel('Full Name').fill('Casey Morgan');
  await settings.getByLabel('Phone Number').fill('555-0134');
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(settings.getByText('Profile updated successfully')).toBeVisible();

  // Password, with the checklist reacting as the new password is typed.
  await settings.getByRole('tab', { name: 'Change Password' }).click();
  const checklist = settings.getByRole('list', { name: 'Password requirements' });
  const submit = settings.getByRole('button', { name: 'Change Password' });
  await settings.getByLabel('Current Password').fill(PASSWORD);
  await settings.getByLabel('New Password', { exact: true }).fill('abc');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText(
    'Not met',
  );
  await expect(checklist.getByRole('listitem').filter({ hasText: 'One lowercase letter' })).toContainText(
    'Met',
  );
  await expect(checklist.getByRole('listitem').filter({ hasText: 'One uppercase letter' })).toContainText(
    'Not met',
  );
  await expect(submit).toBeDisabled();
  await settings.getByLabel('New Password', { exact: true }).fill('Penalty@Spot7');
  await expect(
    checklist.getByRole('listitem').filter({ hasText: 'At least 8 characters' }),
  ).not.toContainText('Not met');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'One uppercase letter' })).not.toContainText(
    'Not met',
  );
  await settings.getByLabel('Confirm New Password').fill('Penalty@Spot8');
  await expect(settings.getByText('New passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await settings.getByLabel('Confirm New Password').fill('Penalty@Spot7');
  await expect(settings.getByText('New passwords do not match')).toBeHidden();
  await submit.click();
  await expect(settings.getByText('Password changed successfully')).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  // Still signed in after a reload: the page kept the fresh token the change handed back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();

  // Logout through the confirmation.
  await openNavigation(page, info);
  await expect(page.getByRole('button', { name: /Casey Morgan/ })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(confirm).toContainText(
    'Are you sure you want to logout? You will need to sign in again to access your team.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Logout' }).click();
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(`Login | ${CLUB}`);

  // The old password no longer works; the new one does.
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
  await page.getByLabel('Password', { exact: true }).fill('Penalty@Spot7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
});

test('sign-up shows the server’s answer when the email is taken', async ({ page, request }) => {
  const { email } = await registerAccount(request, 'First Coach', { email: uniqueEmail('taken') });
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up as a coach' }).click();
  await page.getByLabel('Full Name').fill('Second Coach');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Coach Account' }).click();
  await expect(page.getByRole('alert')).toContainText('An account with this email already exists');
});
