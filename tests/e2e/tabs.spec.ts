import { expect, test } from '@playwright/test';
import { CLUB, openNavigation, signInAsNewCoach } from './helpers.ts';

test('tabs follow the hash, survive a reload and answer back and forward @phone', async ({
  page,
  request,
}, info) => {
  await signInAsNewCoach(page, request, 'Tab Tester');

  await openNavigation(page, info);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/#calendar$/);
  await expect(page.getByRole('heading', { name: 'Team Calendar' })).toBeVisible();
  await expect(page).toHaveTitle(`Calendar | ${CLUB}`);

  await openNavigation(page, info);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Communication' }).click();
  await expect(page).toHaveURL(/#messages$/);
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/#calendar$/);
  await expect(page.getByRole('heading', { name: 'Team Calendar' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();

  // With no hash, the last tab comes back from local storage.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();

  // Training has no screen and falls back to the dashboard; a coach may open Admin.
  await page.goto('/#training');
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await page.goto('/#admin');
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
  await expect(page).toHaveTitle(`Admin | ${CLUB}`);
});

test('the user guide is a page of its own, opened in a new window', async ({
  page,
  context,
  request,
}, info) => {
  await signInAsNewCoach(page, request, 'Guide Reader');
  await openNavigation(page, info);
  const [guide] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /User Guide/ }).click(),
  ]);
  await guide.waitForLoadState();
  expect(new URL(guide.url()).pathname).toBe('/user-guide');
  await expect(guide.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guide.getByText(/invite code/i).first()).toBeVisible();
});

test('on a phone, Back closes the open menu and stays on the page; a tab chosen in it is one step back @phone-only', async ({
  page,
  request,
}, info) => {
  await signInAsNewCoach(page, request, 'Drawer Tester');
  await openNavigation(page, info);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/#calendar$/);
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // Back with the menu open closes the menu; the page stays.
  await openNavigation(page, info);
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(page).toHaveURL(/#calendar$/);
  await expect(page.getByRole('heading', { name: 'Team Calendar' })).toBeVisible();

  // A tab chosen in the menu: one Back returns to the page before it.
  await openNavigation(page, info);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Communication' }).click();
  await expect(page).toHaveURL(/#messages$/);
  await page.goBack();
  await expect(page).toHaveURL(/#calendar$/);
  await expect(page.getByRole('heading', { name: 'Team Calendar' })).toBeVisible();
});

test('a tab chosen in the navigation after a dialog opened from it was closed opens that tab (on a phone, the drawer) @phone', async ({
  page,
  request,
}, info) => {
  await signInAsNewCoach(page, request, 'Drawer Dialog');
  await openNavigation(page, info);
  // Account Settings opens over the navigation (a phone's open drawer) and is closed again: its history
  // entry goes.
  await page.getByRole('button', { name: /Drawer Dialog/ }).click();
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await expect(settings).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/#calendar$/);
  await expect(page.getByRole('heading', { name: 'Team Calendar' })).toBeVisible();
  // One Back returns to the page the drawer was opened on.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
});
