import { expect, test } from '@playwright/test';
import { openNavigation, signInAsNewCoach, signUpCoach, uniqueEmail } from './helpers.ts';
import { waitForEmail } from './mail.ts';

// Verified email (issue 6): a new account is asked to confirm its address; a new profile email takes
// effect only when the link sent to it is followed.

const linkTo = (text: string, path: string) =>
  new RegExp(`http://[^\\s]+${path}\\?token=[\\w-]+`).exec(text)?.[0] ?? '';

test('a new coach confirms the email address through the emailed link', async ({ page }) => {
  const email = uniqueEmail('vera');
  await signUpCoach(page, 'Vera Verify', email);
  const notice = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(notice).toContainText(`Please confirm your email address. We sent a link to ${email}.`);
  await notice.getByRole('button', { name: 'Resend link' }).click();
  await expect(notice.getByRole('status')).toHaveText('Link sent');

  const message = await waitForEmail(email, /Confirm your email address/);
  await page.goto(linkTo(message.text, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Confirm Email Address' })).toBeVisible();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to the app' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await expect(page.getByText('Please confirm your email address.')).toHaveCount(0);

  // The same link again explains itself.
  await page.goto(linkTo(message.text, '/verify-email'));
  await expect(
    page.getByText('This link is invalid or has expired. Sign in and ask for a new one.'),
  ).toBeVisible();
});

test('a new profile email waits for its link', async ({ page, request }, info) => {
  await signInAsNewCoach(page, request, 'Pia Pending');
  await openNavigation(page, info);
  await page.getByRole('button', { name: /Pia Pending/ }).click();
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  const newEmail = uniqueEmail('pia.new');
  await settings.getByLabel('Email Address').fill(newEmail);
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    settings.getByText(`We sent a link to ${newEmail}. Your email changes when you follow it.`),
  ).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();

  const message = await waitForEmail(newEmail, /Confirm your email address/);
  await page.goto(linkTo(message.text, '/verify-email'));
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to the app' }).click();
  await openNavigation(page, info);
  await page.getByRole('button', { name: /Pia Pending/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Account Settings' }).getByLabel('Email Address'),
  ).toHaveValue(newEmail);
});
