import { expect, test } from '@playwright/test';
import { linkIn, waitForEmail } from './mail.ts';
import { registerAccount, signInAsNewCoach } from './helpers.ts';

test('a forgotten password is reset through the emailed link', async ({ page, request }) => {
  const { email } = await registerAccount(request, 'Fran Forgetful');
  await page.goto('/');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');

  const mail = await waitForEmail(email, /Reset your/);
  expect(mail.subject).toBe('Reset your Riverside Youth Soccer Club password');
  const link = linkIn(mail);
  expect(link).toContain('/reset-password?token=');

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Header@Goal3');
  await page.getByLabel('Confirm New Password').fill('Header@Goal4');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('Header@Goal3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();

  // The link works once.
  await page.goto(link ?? '');
  await page.getByLabel('New Password', { exact: true }).fill('Another@Goal5');
  await page.getByLabel('Confirm New Password').fill('Another@Goal5');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired');

  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Header@Goal3');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
});

test('an invite link opens the join form prefilled, with the code in capitals', async ({ page }) => {
  await page.goto('/?team=hawks123&email=pat%40example.com&name=Pat%20Parent&phone=555-0199');
  await expect(page.getByRole('heading', { name: 'Join a Team' })).toBeVisible();
  await expect(page.getByLabel('Invite Code')).toHaveValue('HAWKS123');
  await expect(page.getByLabel('Full Name')).toHaveValue('Pat Parent');
  await expect(page.getByLabel('Email')).toHaveValue('pat@example.com');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('555-0199');
  await page.getByLabel('Invite Code').fill('lions9xy');
  await expect(page.getByLabel('Invite Code')).toHaveValue('LIONS9XY');
  await expect(page.getByRole('radio', { name: 'Parent' })).toBeChecked();
  await page.getByRole('radio', { name: 'Player' }).check();
  await expect(page.getByRole('radio', { name: 'Player' })).toBeChecked();
});

test('a signed-in user who opens an invite link is asked what to do', async ({ page, request }) => {
  await signInAsNewCoach(page, request, 'Busy Coach');

  await page.goto('/?team=HAWKS123&email=pat%40example.com#dashboard');
  const dialog = page.getByRole('dialog', { name: 'Team Invitation Detected' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay Signed In' }).click();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();

  await page.goto('/?team=HAWKS123&email=pat%40example.com');
  await dialog.getByRole('button', { name: 'Accept Invite (Logout)' }).click();
  await expect(page.getByRole('heading', { name: 'Join a Team' })).toBeVisible();
  await expect(page.getByLabel('Invite Code')).toHaveValue('HAWKS123');
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('a token that no longer works sends the user back to sign in', async ({ page, request }) => {
  await signInAsNewCoach(page, request, 'Stale Token');
  await page.evaluate(() => localStorage.setItem('auth_token', 'expired.or.forged'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});
