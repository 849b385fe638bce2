import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { createLinkSigner, signUnsubscribe } from '../../src/server/features/auth/signed-links.ts';
import { SECRET_FILE } from '../../src/server/features/auth/signing-secret.ts';
import type { NotificationPreferences } from '../../src/shared/api/notifications.ts';
import {
  apiCall,
  coachWithTeam,
  expectNoAxeViolations,
  joinApprovedFor,
  openNavigation,
  registerAccount,
  signInAs,
  snapshotter,
} from './helpers.ts';

// Preferences and unsubscribe (issue 19, docs/product/notifications.md 'Preferences', 'Unsubscribe'):
// a parent on a phone chooses how news reaches them and finds it kept; an email's unsubscribe link asks
// before it changes anything, then turns that kind's email off without signing in.

const snapshot = snapshotter('notification-preferences');

test('a parent changes how news reaches them, saves, and finds it kept after a reload @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Herons', [{ name: 'Lia Vos' }]);
  const parent = await registerAccount(request, 'Petra Vos', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);

  const openSettings = async () => {
    await openNavigation(page, info);
    await page.getByRole('button', { name: /Petra Vos/ }).click();
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await settings.getByRole('tab', { name: 'Notifications' }).click();
    await expect(settings.getByRole('form', { name: 'Notification settings' })).toBeVisible();
    return settings;
  };

  await signInAs(page, parent);
  let settings = await openSettings();
  // Requests to join reach coaches only: a parent is not offered them.
  await expect(settings.getByRole('group', { name: 'New polls' })).toBeVisible();
  await expect(settings.getByRole('group', { name: 'Requests to join (coaches)' })).toHaveCount(0);
  await settings.getByRole('group', { name: 'New polls' }).getByLabel('Email').selectOption({ label: 'Off' });
  await settings.getByRole('group', { name: 'Other announcements' }).getByLabel('Push').check();
  await settings.getByLabel('From').fill('22:00');
  await settings.getByLabel('Daily digest time').selectOption({ label: '7:00 AM' });
  await snapshot(page, info, 'changed');
  await expectNoAxeViolations(page, 'notification settings');
  await settings.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notification settings saved' })).toBeVisible();

  await page.reload();
  settings = await openSettings();
  const polls = settings.getByRole('group', { name: 'New polls' });
  await expect(polls.getByLabel('Email')).toHaveValue('off');
  await expect(polls.getByLabel('Push')).toBeChecked();
  await expect(settings.getByRole('group', { name: 'Other announcements' }).getByLabel('Push')).toBeChecked();
  await expect(settings.getByLabel('Use quiet hours')).toBeChecked();
  await expect(settings.getByLabel('From')).toHaveValue('22:00');
  await expect(settings.getByLabel('Until')).toHaveValue('07:00');
  await expect(settings.getByLabel('Daily digest time')).toHaveValue('7');
  // Only what changed was stored: the rest still follows its default.
  const saved = await apiCall<NotificationPreferences>(request, parent, 'get', '/notifications/preferences');
  expect(saved.kinds.find((k) => k.kind === 'poll_new')).toEqual({
    kind: 'poll_new',
    email: 'off',
    push: true,
  });
  expect(saved.quiet_hours).toEqual({ start: '22:00', end: '07:00' });
  expect(saved.digest_hour).toBe(7);
});

test("an email's unsubscribe link asks first, then stops that kind of email @phone", async ({
  page,
  request,
}, info) => {
  const parent = await registerAccount(request, 'Nora Quist', { role: 'parent' });
  const me = await apiCall<{ id: number }>(request, parent, 'get', '/auth/me');
  // The server's signing secret, which it generated into its data folder (PGlite, no JWT_SECRET): the
  // test signs the link the sender would put in an email.
  const secret = fs.readFileSync(path.join(E2E_DATA_DIR, SECRET_FILE), 'utf8').trim();
  const token = signUnsubscribe(createLinkSigner(secret), { userId: me.id, kind: 'event_cancelled' });
  const emailOf = async () =>
    (await apiCall<NotificationPreferences>(request, parent, 'get', '/notifications/preferences')).kinds.find(
      (k) => k.kind === 'event_cancelled',
    );

  await page.goto(`/unsubscribe?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText('Stop emails about cancelled games and practices?')).toBeVisible();
  await snapshot(page, info, 'unsubscribe-asks');
  // Opening the page (as a mail scanner would) changed nothing.
  expect(await emailOf()).toEqual({ kind: 'event_cancelled', email: 'now', push: true });

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText(
      'You will no longer get emails about cancelled games and practices. You can turn them back on in Account Settings.',
    ),
  ).toBeVisible();
  await snapshot(page, info, 'unsubscribe-done');
  expect(await emailOf()).toEqual({ kind: 'event_cancelled', email: 'off', push: true });

  // A tampered link is refused with the server's words.
  await page.goto(`/unsubscribe?token=${token.slice(0, -4)}abcd`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText(/This unsubscribe link is not valid\./);
});
