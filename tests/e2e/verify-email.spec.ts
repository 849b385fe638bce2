import { expect, test } from '@playwright/test';
import {
  type Account,
  CLUB,
  signInAs,
  snapshotter,
  openNavigation,
  PASSWORD,
  registerAccount,
  signInAsNewCoach,
  signUpCoach,
  uniqueEmail,
} from './helpers.ts';
import { waitForEmail } from './mail.ts';

// Verified email (issue 6): a new account is asked to confirm its address; a new profile email takes
// effect only when the link sent to it is followed.

const linkTo = (text: string, path: string) =>
  new RegExp(`http://[^\\s]+${path}\\?token=[\\w-]+`).exec(text)?.[0] ?? '';

test('a new coach confirms the email address through the emailed link', async ({ page }) => {
  const email = uniqueEmail('vera');
  await signUpCoach(page, 'Vera Verify', email);
  const notice = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(notice).toContainText(`Confirm your email: we sent a link to ${email}.`);
  await notice.getByRole('button', { name: 'Resend link' }).click();
  await expect(notice.getByRole('status')).toHaveText('Link sent');

  const message = await waitForEmail(email, /Confirm your email address/);
  await page.goto(linkTo(message.text, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Confirm Email Address' })).toBeVisible();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to the app' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);

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

// The link confirms an address only for the person signed in to the account it was made for: whoever
// registers an address need not own it, and the owner's one click must not prove the stranger's claim
// (docs/decisions/007).

test("a stranger's sign-up: the address's owner opening the link confirms nothing", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('olive.owner');
  const mallory = await registerAccount(request, 'Mallory Typed This', {
    role: 'parent',
    email,
    confirmed: false,
  });
  const message = await waitForEmail(email, /Confirm your email address/);
  expect(message.text).not.toContain('Mallory');
  expect(message.text).toContain(CLUB);
  expect(message.text).toContain(
    "If you did not create an account with this address, ignore this email: nothing happens until the account's owner follows the link while signed in.",
  );

  // The owner, who never signed up, opens the link: the page asks to sign in and confirms nothing.
  await page.goto(linkTo(message.text, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Confirm Email Address' })).toBeVisible();
  await expect(
    page.getByText(
      'Sign in to confirm your email address: the link confirms it only for the account it was sent for.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      "If you did not create an account with this address, you need do nothing: nothing happens until the account's owner signs in here.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Your email address is confirmed.')).toHaveCount(0);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${mallory.token}` } });
  expect(await me.json()).toMatchObject({ email, email_verified: false });
});

test('the link asks to sign in to its own account, refuses another one, then confirms', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'Otto Owner', { role: 'parent', confirmed: false });
  const other = await registerAccount(request, 'Ottilie Other', { role: 'parent', confirmed: false });
  const message = await waitForEmail(owner.email, /Confirm your email address/);
  await page.goto(linkTo(message.text, '/verify-email'));
  const signIn = async (email: string) => {
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
  };

  // Signed in to another account: refused, and that account stays as it was.
  await signIn(other.email);
  await expect(
    page.getByText(
      'This link confirms the email address of another account. Sign in to the account it was sent for, then follow the link again.',
    ),
  ).toBeVisible();
  const emailVerified = async (account: Account) =>
    (
      await (
        await request.get('/api/auth/me', { headers: { authorization: `Bearer ${account.token}` } })
      ).json()
    ).email_verified as boolean;
  expect(await emailVerified(other)).toBe(false);
  expect(await emailVerified(owner)).toBe(false);

  // Signed in to its own account: confirmed.
  await signIn(owner.email);
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  expect(await emailVerified(owner)).toBe(true);
  await page.getByRole('link', { name: 'Continue to the app' }).click();
  await expect(page.getByRole('heading', { name: 'You are not on a team yet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);
});

test('the notice is one line on a phone and can be put away until the next visit @phone', async ({
  page,
  browser,
  request,
}, info) => {
  const parent = await registerAccount(request, 'Una Unconfirmed', {
    role: 'parent',
    email: uniqueEmail('una.unconfirmed.with.a.rather.long.address'),
  });
  await signInAs(page, parent, '/#dashboard');
  const notice = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(notice).toBeVisible();
  // One line: the notice is no taller than its 44 px buttons and its padding.
  const box = await notice.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(56);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshotter('verify-email')(page, info, 'notice');
  await notice.getByRole('button', { name: 'Dismiss until your next visit' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  // The next visit (a new browser session) shows it again.
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
    isMobile: info.project.use.isMobile ?? false,
    hasTouch: info.project.use.hasTouch ?? false,
  });
  const later = await context.newPage();
  await signInAs(later, parent, '/#dashboard');
  await expect(later.getByRole('region', { name: 'Confirm your email address' })).toBeVisible();
  await context.close();
});
