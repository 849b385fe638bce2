import { expect, type Page, test } from '@playwright/test';
import { PUSH_MESSAGES } from '../../src/shared/push.ts';
import { expectNoAxeViolations, openNavigation, registerAccount, signInAs } from './helpers.ts';

// Web push on a device (docs/product/notifications.md 'Web push'), in headless Chromium. It has the
// Push API, but no push service: subscribing fails ('Registration failed - permission denied') even
// with notifications allowed. So this checks what can be checked here: nothing is subscribed until the
// person asks; asking registers the service worker at /sw.js and says plainly that it did not work; a
// push handed to the worker (through the DevTools protocol, as a push service would) shows a
// notification that leads into the app; and a browser without the Push API is told so. The worker itself
// is registered on every signed-in visit (offline reading): only the subscription waits for the person.

const registeredWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return registration
      ? (registration.active ?? registration.installing ?? registration.waiting)?.scriptURL
      : null;
  });

const pushSubscription = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
  });

async function openNotificationSettings(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await settings.getByRole('tab', { name: 'Notifications' }).click();
  const section = settings.getByRole('region', { name: PUSH_MESSAGES.heading });
  await expect(section).toBeVisible();
  return section;
}

test('turning notifications on registers the service worker, which shows what is pushed', async ({
  page,
  context,
  request,
}, info) => {
  const parent = await registerAccount(request, 'Nora Pushwell', { role: 'parent' });
  await signInAs(page, parent);
  await openNavigation(page, info);
  const section = await openNotificationSettings(page, 'Nora Pushwell');
  await expect(section).toContainText(PUSH_MESSAGES.offIntro);
  await expectNoAxeViolations(page, 'account settings (notifications)');
  // The worker is registered on every signed-in visit for offline reading (docs/decisions/047), but
  // nothing is subscribed until the person asks.
  expect(await pushSubscription(page)).toBeNull();

  // The person says yes to the browser's question.
  await context.grantPermissions(['notifications']);
  await section.getByRole('button', { name: PUSH_MESSAGES.turnOn }).click();
  await expect(section.getByRole('alert')).toContainText(PUSH_MESSAGES.failed);
  await expect.poll(() => registeredWorker(page)).toBe(new URL('/sw.js', page.url()).href);
  await expect(section.getByRole('button', { name: PUSH_MESSAGES.turnOn })).toBeEnabled();
  await expectNoAxeViolations(page, 'account settings (notifications, failed)');

  // A push reaches the worker as a push service would deliver it.
  const cdp = await context.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) =>
    registrations.push(...updated.filter((r) => !r.isDeleted).map((r) => r.registrationId)),
  );
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const push = (message: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.at(-1) ?? '',
      data: JSON.stringify(message),
    });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        link: (n.data as { link?: string } | null)?.link,
      }));
    });
  await push({
    title: 'U10 Hawks: Practice "Passing" on 12/05/2026 is cancelled',
    body: '12/05/2026 at 5:30 PM, North Field',
    link: '/#tournaments?section=practices&practiceId=4',
    tag: 'notification-7',
  });
  await expect.poll(shown).toEqual([
    {
      title: 'U10 Hawks: Practice "Passing" on 12/05/2026 is cancelled',
      body: '12/05/2026 at 5:30 PM, North Field',
      tag: 'notification-7',
      link: `${origin}/#tournaments?section=practices&practiceId=4`,
    },
  ]);
  // The same tag replaces it; a link to another site leads into the app instead.
  await push({
    title: 'Moved',
    body: 'Now at 6:00 PM',
    link: 'https://elsewhere.example/x',
    tag: 'notification-7',
  });
  await expect
    .poll(shown)
    .toEqual([{ title: 'Moved', body: 'Now at 6:00 PM', tag: 'notification-7', link: `${origin}/` }]);
});

test('a browser without the Push API is told it cannot receive notifications', async ({
  page,
  request,
}, info) => {
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const parent = await registerAccount(request, 'Otto Nopush', { role: 'parent' });
  await signInAs(page, parent);
  await openNavigation(page, info);
  const section = await openNotificationSettings(page, 'Otto Nopush');
  await expect(section).toContainText(PUSH_MESSAGES.unsupported);
  await expect(section.getByRole('button')).toHaveCount(0);
});
