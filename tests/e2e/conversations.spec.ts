import { type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { MESSAGING_MESSAGES } from '../../src/shared/conversations.ts';
import { E2E_ADMIN } from '../../playwright.config.ts';
import {
  type Account,
  apiCall,
  coachWithTeam,
  type CoachWithTeam,
  expectNoAxeViolations,
  isPhone,
  openNavigation,
  registerAccount,
  signInAs,
  snapshotter,
  joinApprovedFor,
  tokenFor,
} from './helpers.ts';

// Conversations (issue 10) against the real API, at 1280 px and on a 390 px phone: a coach starts a
// conversation with a parent and writes; the parent sees the unread badge, opens the conversation (the
// badge clears) and answers with Enter (Shift+Enter adds a line); a send whose answer is lost keeps the
// text, and Retry stores it once; on a phone the list and the thread take turns.

// page.route cannot see what a service worker answers (offline reading keeps this release's files and
// the reads, docs/decisions/047): these tests stand in for the server with it, so they run without one.
test.use({ serviceWorkers: 'block' });

const snapshot = snapshotter('conversations');

interface ConversationRow {
  id: number;
  title: string;
}
interface MessageRow {
  id: number;
  content: string;
}

/** A coach with a team, and a parent of Mia on it (joined with the invite code, approved for Mia). */
async function teamWithParent(
  request: Parameters<typeof coachWithTeam>[0],
  teamName: string,
): Promise<{ coach: CoachWithTeam; parent: Account }> {
  const coach = await coachWithTeam(request, teamName, [
    { name: 'Mia Lopez', jersey_number: 10 },
    { name: 'Sam Reed', jersey_number: 1 },
  ]);
  const mia = coach.players.find((p) => p.name === 'Mia Lopez');
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, mia?.id);
  return { coach, parent };
}

async function pageFor(browser: Browser, page: Page, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
    isMobile: info.project.use.isMobile ?? false,
    hasTouch: info.project.use.hasTouch ?? false,
  });
  return context.newPage();
}

const communicationLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Communication/ });
const messagesTab = (page: Page) => page.getByRole('tab', { name: /^Messages/ });
const conversationList = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });

async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a coach starts a conversation with a parent; the parent sees the badge, opens it and answers @phone', async ({
  page,
  browser,
  request,
}, info) => {
  const { coach, parent } = await teamWithParent(request, 'U11 Conversations');

  await signInAs(page, coach, '/#messages?subtab=conversations');
  await expect(messagesTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No conversations yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Message' });
  await expect(dialog.getByRole('group', { name: 'Parents' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Coaches' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MESSAGING_MESSAGES.selectParticipant);
  await dialog.getByRole('checkbox', { name: 'Paula Lopez' }).check();
  await snapshot(page, info, 'new-dialog');
  await expectNoAxeViolations(page, 'start new message');
  // Closing with a choice made asks first; keeping on editing keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Paula Lopez' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(dialog).toBeHidden();

  // The new conversation is open: its title is the other person's name.
  await expect(page.getByRole('heading', { name: 'Paula Lopez', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/conversationId=\d+/);
  await composer(page).fill('Hi Paula, can Mia bring the cones on Saturday?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const coachLog = page.getByRole('log');
  await expect(coachLog).toContainText('Hi Paula, can Mia bring the cones on Saturday?');
  await expect(composer(page)).toHaveValue('');

  // The parent: the badge on Communication and on the Messages tab, cleared by opening the conversation.
  const parentPage = await pageFor(browser, page, info);
  await signInAs(parentPage, parent, '/#dashboard');
  // On a phone the count shows on the Menu button too, without opening the menu.
  if (isPhone(info)) {
    await expect(parentPage.getByRole('button', { name: 'Menu, 1 unread message' })).toBeVisible();
  }
  await openNavigation(parentPage, info);
  await expect(communicationLink(parentPage).getByTestId('badge')).toHaveText(/^1/);
  await communicationLink(parentPage).click();
  // With unread messages, Communication opens on them.
  await expect(messagesTab(parentPage)).toHaveAttribute('aria-selected', 'true');
  await expect(messagesTab(parentPage).getByTestId('badge')).toHaveText(/^1/);
  const item = conversationList(parentPage).getByRole('button', { name: /Robin Coach/ });
  await expect(item).toContainText('1 unread');
  await expect(item).toContainText('Hi Paula, can Mia bring the cones');
  await snapshot(parentPage, info, 'list');
  await item.click();
  const heading = parentPage.getByRole('heading', { name: 'Robin Coach', level: 2 });
  await expect(heading).toBeVisible();
  // On a phone the list gave way to the thread: focus moved to its title.
  if (isPhone(info)) await expect(heading).toBeFocused();
  await expect(parentPage.getByRole('log')).toContainText('Hi Paula, can Mia bring the cones on Saturday?');
  await expect(messagesTab(parentPage).getByTestId('badge')).toHaveCount(0);
  await openNavigation(parentPage, info);
  await expect(communicationLink(parentPage).getByTestId('badge')).toHaveCount(0);
  if (isPhone(info)) await parentPage.keyboard.press('Escape');

  // Enter sends; Shift+Enter adds a line.
  const box = composer(parentPage);
  const height = () => box.evaluate((element) => element.getBoundingClientRect().height);
  const oneLine = await height();
  await box.click();
  await box.pressSequentially('Yes, she will.');
  await box.press('Shift+Enter');
  await box.pressSequentially('See you at 9.');
  await expect(box).toHaveValue('Yes, she will.\nSee you at 9.');
  // The box grows with its lines, up to 6rem, then scrolls.
  expect(await height()).toBeGreaterThan(oneLine);
  await box.fill(Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n'));
  expect(await height()).toBeLessThanOrEqual(96.5);
  await box.fill('Yes, she will.\nSee you at 9.');
  await box.press('Enter');
  await expect(parentPage.getByRole('log')).toContainText('See you at 9.');
  await expect(box).toHaveValue('');
  expect(await height()).toBe(oneLine);
  await snapshot(parentPage, info, 'thread');
  await expectNoAxeViolations(parentPage, 'conversation thread');
  await expectNoSideScroll(parentPage);

  if (isPhone(info)) {
    // On a phone the thread replaced the list; Back to list (and the browser's Back) bring it back.
    await expect(conversationList(parentPage)).toBeHidden();
    await parentPage.getByRole('button', { name: 'Back to list' }).click();
    await expect(conversationList(parentPage)).toBeVisible();
    await expect(parentPage.getByRole('log')).toBeHidden();
    await expect(item).toBeFocused();
    await snapshot(parentPage, info, 'list-focus');
    await item.click();
    await expect(parentPage.getByRole('log')).toBeVisible();
    await parentPage.goBack();
    await expect(conversationList(parentPage)).toBeVisible();
    await expect(parentPage.getByRole('log')).toBeHidden();
  } else {
    await expect(conversationList(parentPage)).toBeVisible();
    await expect(parentPage.getByRole('button', { name: 'Back to list' })).toBeHidden();
    await item.focus();
    await snapshot(parentPage, info, 'list-focus');
  }

  // The coach's thread gets the answer, both lines kept.
  await expect(coachLog).toContainText('Yes, she will.\nSee you at 9.', { timeout: 15_000 });
  await snapshot(page, info, 'coach-thread');
  await expectNoAxeViolations(page, 'coach conversations');
  await parentPage.context().close();
});

test('a failed send keeps the text; Retry stores it once, also when only the answer was lost @phone', async ({
  page,
  request,
}, info) => {
  const { coach, parent } = await teamWithParent(request, 'U12 Retry');
  const created = await apiCall<ConversationRow>(
    request,
    coach,
    'post',
    `/messaging/conversations?team_id=${coach.team.id}`,
    { name: 'Saturday carpool', participant_ids: [await userIdOf(request, parent)] },
  );
  const storedTimes = async (text: string) =>
    (
      await apiCall<MessageRow[]>(request, coach, 'get', `/messaging/conversations/${created.id}/messages`)
    ).filter((m) => m.content === text).length;
  await signInAs(page, coach, `/#messages?subtab=conversations&conversationId=${created.id}`);
  await expect(page.getByRole('heading', { name: 'Saturday carpool', level: 2 })).toBeVisible();
  await expect(page.getByText('No messages yet.')).toBeVisible();
  const box = composer(page);
  const log = page.getByRole('log');
  const sends = '**/api/messaging/messages';
  // Opened straight from a link, with the email banner above: the box and Send are on screen.
  await expect(box).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeInViewport();

  // 1. The request never gets through (after a while): the text stays, with Retry; a second Enter and a
  // tap while it is on its way send nothing more.
  let posts = 0;
  await page.route(sends, async (route) => {
    posts += 1;
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.abort('connectionreset');
  });
  await box.fill('I can drive three kids.');
  await box.press('Enter');
  await box.press('Enter');
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByRole('alert')).toContainText(MESSAGING_MESSAGES.sendFailed);
  await expect(box).toHaveValue('I can drive three kids.');
  expect(posts).toBe(1);
  // The failure, the box and Retry are where the user is looking.
  await expect(page.getByRole('button', { name: 'Retry' })).toBeInViewport();
  await expect(box).toBeInViewport();
  await snapshot(page, info, 'send-failed');
  await expectNoAxeViolations(page, 'failed send');
  await page.unroute(sends);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(box).toHaveValue('');
  await expect(log.getByText('I can drive three kids.')).toHaveCount(1);
  expect(await storedTimes('I can drive three kids.')).toBe(1);

  // 2. The server stores it but its answer is lost; the thread is not read again meanwhile. Retry
  // sends it under the same Idempotency-Key: still stored once.
  const reads = '**/api/messaging/conversations/*/messages';
  const held: (() => Promise<void>)[] = [];
  await page.route(reads, (route) => {
    // A read the page gave up on meanwhile (a newer one replaced it) is already over.
    held.push(() => route.continue().catch(() => undefined));
  });
  await page.route(sends, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await box.fill('Leaving at 8:15.');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toContainText(MESSAGING_MESSAGES.sendFailed);
  await expect(box).toHaveValue('Leaving at 8:15.');
  expect(await storedTimes('Leaving at 8:15.')).toBe(1);
  await page.unroute(sends);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('alert')).toBeHidden();
  await page.unroute(reads);
  await Promise.all(held.map((release) => release()));
  await expect(log.getByText('Leaving at 8:15.')).toHaveCount(1);
  expect(await storedTimes('Leaving at 8:15.')).toBe(1);

  // 3. The answer is lost and the thread, read again, shows the message: the failure clears by itself.
  await page.route(sends, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await box.fill('Bring water.');
  await box.press('Enter');
  await expect(log.getByText('Bring water.')).toHaveCount(1);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('alert')).toBeHidden();
  await page.unroute(sends);

  // 4. Offline: the send fails at once with the same message, and the text stays.
  await page.context().setOffline(true);
  await box.fill('Back at noon.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(MESSAGING_MESSAGES.sendFailed, { timeout: 5_000 });
  await expect(box).toHaveValue('Back at noon.');
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(log).toContainText('Back at noon.');
  await expect(box).toHaveValue('');
  expect(await storedTimes('Back at noon.')).toBe(1);
});

test("a coach writes to a player: the player's parent is added and the thread says why; long names fit @phone", async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U13 Safeguarding with a rather long team name', [
    { name: 'Mia Lopez', jersey_number: 10 },
    { name: 'Sam Reed', jersey_number: 1 },
  ]);
  const rosterId = (name: string) => coach.players.find((p) => p.name === name)?.id;
  const join = (account: Account, playerId: number | undefined) =>
    joinApprovedFor(request, coach, account, playerId);

  const longName = 'Maximiliana Alexandra Featherstonehaugh-Worthington';
  const parent = await registerAccount(request, longName, { role: 'parent' });
  await join(parent, rosterId('Mia Lopez'));
  const mia = await registerAccount(request, 'Mia Lopez', { role: 'player' });
  await join(mia, rosterId('Mia Lopez'));
  const sam = await registerAccount(request, 'Sam Reed', { role: 'player' });
  await join(sam, rosterId('Sam Reed'));
  // Sam has no parent account: the team's coaches stand in, and the thread says so. With Mia's parent
  // there are two adults (the team's only coach alone with Sam: the next test).
  const withSam = await apiCall<ConversationRow>(
    request,
    coach,
    'post',
    `/messaging/conversations?team_id=${coach.team.id}`,
    { name: 'Sam and Mia', participant_ids: [await userIdOf(request, sam), await userIdOf(request, mia)] },
  );

  await signInAs(page, coach, '/#messages?subtab=conversations');
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Message' });
  await expect(dialog.getByRole('group', { name: 'Parents' })).toContainText(longName);
  await dialog.getByRole('group', { name: 'Players' }).getByRole('checkbox', { name: 'Mia Lopez' }).check();
  await dialog
    .getByLabel('Conversation name (optional)')
    .fill('Goalkeeping drills for the spring season tryouts');
  await snapshot(page, info, 'new-dialog-player');
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(dialog).toBeHidden();

  const title = page.getByRole('heading', {
    name: 'Goalkeeping drills for the spring season tryouts',
    level: 2,
  });
  await expect(title).toBeVisible();
  await expect(page.getByText(`${longName} (added for safety)`)).toBeVisible();
  await expect(page.getByText(MESSAGING_MESSAGES.parentsAdded)).toBeVisible();
  await composer(page).fill(
    `Mia, bring your gloves. Drills plan: https://example.org/drills?week=${'1'.repeat(60)}`,
  );
  await composer(page).press('Enter');
  const link = page.getByRole('log').getByRole('link');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await snapshot(page, info, 'thread-safety');
  await expectNoAxeViolations(page, 'thread with a parent added');
  await expectNoSideScroll(page);

  if (isPhone(info)) await page.getByRole('button', { name: 'Back to list' }).click();
  const list = conversationList(page);
  await expect(list.getByRole('button', { name: /Goalkeeping drills/ })).toContainText('Group');
  await snapshot(page, info, 'list-long');
  await expectNoSideScroll(page);
  await list.getByRole('button', { name: /Sam and Mia/ }).click();
  await expect(page).toHaveURL(new RegExp(`conversationId=${withSam.id}`));
  await expect(page.getByText(MESSAGING_MESSAGES.noParentYet)).toBeVisible();
  await expect(page.getByText(MESSAGING_MESSAGES.parentsAdded)).toBeVisible();
});

test("the team's only coach writing to a player with no parent account: the club's admin is copied; a lone admin is told what to do", async ({
  page,
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U9 Second Adult', [{ name: 'Sam Reed', jersey_number: 1 }]);
  const sam = await registerAccount(request, 'Sam Reed', { role: 'player' });
  await joinApprovedFor(request, coach, sam, coach.players[0]?.id);

  await signInAs(page, coach, '/#messages?subtab=conversations');
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Message' });
  await dialog.getByRole('group', { name: 'Players' }).getByRole('checkbox', { name: 'Sam Reed' }).check();
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `${E2E_ADMIN.name}, Sam Reed` })).toBeVisible();
  // Who was copied, and why.
  await expect(page.getByText(`${E2E_ADMIN.name} (added for safety)`)).toBeVisible();
  await expect(page.getByText(MESSAGING_MESSAGES.adminsCopied([E2E_ADMIN.name]))).toBeVisible();
  await expect(page.getByText(MESSAGING_MESSAGES.noParentYet)).toHaveCount(0);
  await composer(page).fill('Sam, practice is at 6 tonight.');
  await composer(page).press('Enter');
  await expect(page.getByRole('log')).toContainText('Sam, practice is at 6 tonight.');
  await expect(composer(page)).toHaveValue('');
  await snapshot(page, info, 'thread-admin-copied');

  // The club's admin on a team of their own with no coach: there is no second adult to copy.
  const admin = { email: E2E_ADMIN.email, token: await tokenFor(request, E2E_ADMIN.email) };
  const teamName = `U8 Admin Only ${Date.now()}`;
  const team = await apiCall<CoachWithTeam['team']>(request, admin, 'post', '/teams/setup-complete', {
    name: teamName,
    head_coach_name: E2E_ADMIN.name,
  });
  const { players } = await apiCall<{ players: CoachWithTeam['players'] }>(
    request,
    admin,
    'post',
    `/teams/${team.id}/players/bulk`,
    { players: [{ name: 'Lou Lone', jersey_number: 2 }] },
  );
  const lou = await registerAccount(request, 'Lou Lone', { role: 'player' });
  await joinApprovedFor(request, { ...admin, team, players }, lou, players[0]?.id);
  const adminPage = await pageFor(browser, page, info);
  await signInAs(adminPage, admin, '/#messages?subtab=conversations');
  await openNavigation(adminPage, info);
  await adminPage.getByLabel('Active Team').selectOption({ label: teamName });
  await adminPage.getByRole('button', { name: 'New message' }).click();
  const adminDialog = adminPage.getByRole('dialog', { name: 'Start New Message' });
  await adminDialog
    .getByRole('group', { name: 'Players' })
    .getByRole('checkbox', { name: 'Lou Lone' })
    .check();
  await adminDialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(adminDialog.getByRole('alert')).toContainText(
    `${MESSAGING_MESSAGES.createTitle} ${MESSAGING_MESSAGES.noSecondAdult}`,
  );
  // The form stays as it was, to be sent once the parent has joined.
  await expect(adminDialog.getByRole('checkbox', { name: 'Lou Lone' })).toBeChecked();
  await snapshot(adminPage, info, 'new-dialog-no-second-adult');
});

test("switching team on the Messages tab drops the old team's open conversation, never 'not among yours'", async ({
  page,
  request,
}, info) => {
  const { coach, parent } = await teamWithParent(request, 'U10 Switch A');
  const teamB = await apiCall<CoachWithTeam['team']>(request, coach, 'post', '/teams/setup-complete', {
    name: 'U10 Switch B',
    head_coach_name: 'Robin Coach',
  });
  const created = await apiCall<ConversationRow>(
    request,
    coach,
    'post',
    `/messaging/conversations?team_id=${coach.team.id}`,
    { name: 'Team A carpool', participant_ids: [await userIdOf(request, parent)] },
  );
  await apiCall(request, coach, 'post', '/messaging/messages', {
    content: 'Who drives on Saturday?',
    conversation_id: created.id,
  });
  await signInAs(page, coach, '/#messages?subtab=conversations');
  await openNavigation(page, info);
  await page.getByLabel('Active Team').selectOption({ label: 'U10 Switch A' });
  await conversationList(page)
    .getByRole('button', { name: /Team A carpool/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Team A carpool' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`conversationId=${created.id}`));

  await openNavigation(page, info);
  await page.getByLabel('Active Team').selectOption({ label: teamB.name });
  await expect(messagesTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No conversations yet.')).toBeVisible();
  await expect(page.getByText('Select a conversation to read and reply.')).toBeVisible();
  await expect(page.getByText('This conversation is not among yours.')).toHaveCount(0);
  await expect(page).not.toHaveURL(/conversationId=/);
  // Back on team A, its conversation is in the list, to open again.
  await page.getByLabel('Active Team').selectOption({ label: 'U10 Switch A' });
  await expect(conversationList(page).getByRole('button', { name: /Team A carpool/ })).toBeVisible();
  await expect(page.getByText('This conversation is not among yours.')).toHaveCount(0);
});

test('a message posted elsewhere appears in the open conversation through the live stream, with no polling', async ({
  page,
  request,
}) => {
  const { coach, parent } = await teamWithParent(request, 'U14 Live');
  const created = await apiCall<ConversationRow>(
    request,
    coach,
    'post',
    `/messaging/conversations?team_id=${coach.team.id}`,
    { participant_ids: [await userIdOf(request, parent)] },
  );
  const stream = page.waitForResponse(
    (response) => response.url().includes('/api/messaging/stream') && response.status() === 200,
  );
  await signInAs(page, parent, `/#messages?subtab=conversations&conversationId=${created.id}`);
  await expect(page.getByRole('heading', { name: 'Robin Coach', level: 2 })).toBeVisible();
  await stream;
  await expect(page.getByText('No messages yet.')).toBeVisible();

  // While the stream is connected the open thread is not polled (every 3 s otherwise). The stream's
  // 'ready' reads everything once: that read is over within the first second.
  await page.waitForTimeout(1_000);
  let reads = 0;
  page.on('request', (request) => {
    if (/\/api\/messaging\/conversations\/\d+\/messages/.test(request.url())) reads += 1;
  });
  await page.waitForTimeout(4_000);
  expect(reads).toBe(0);

  await apiCall(request, coach, 'post', '/messaging/messages', {
    content: 'Live: kick-off moved to 10:30',
    conversation_id: created.id,
  });
  await expect(page.getByRole('log')).toContainText('Live: kick-off moved to 10:30', { timeout: 1_500 });
});

/** The user id of an account (GET /api/auth/me). */
async function userIdOf(request: Parameters<typeof coachWithTeam>[0], account: Account): Promise<number> {
  return (await apiCall<{ id: number }>(request, account, 'get', '/auth/me')).id;
}

test('Start New Message picks recipients by group and by name; a group never adds whom the sender may not message @phone', async ({
  page,
  browser,
  request,
}, info) => {
  const { coach, parent } = await teamWithParent(request, 'U11 Group Messages');
  const sam = coach.players.find((p) => p.name === 'Sam Reed');
  const player = await registerAccount(request, 'Sam Reed', { role: 'player' });
  await joinApprovedFor(request, coach, player, sam?.id);
  const otherParent = await registerAccount(request, 'Olga Reed', { role: 'parent' });
  await joinApprovedFor(request, coach, otherParent, sam?.id);

  // The coach: 'All parents' ticks both parents in one tap; the search narrows the list.
  await signInAs(page, coach, '/#messages?subtab=conversations');
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Message' });
  const groups = dialog.getByRole('group', { name: 'Add a group' });
  await groups.getByRole('button', { name: 'All parents' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Paula Lopez' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Olga Reed' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Sam Reed' })).not.toBeChecked();
  await expect(dialog.getByText('2 chosen')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search by name' }).fill('olga');
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await snapshot(page, info, 'groups-coach');
  await expectNoAxeViolations(page, 'recipient groups');
  await dialog.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: /Olga Reed|Paula Lopez/, level: 2 })).toBeVisible();
  const made = await apiCall<{ id: number; participants: { user_id: number }[] }[]>(
    request,
    coach,
    'get',
    `/messaging/conversations/${coach.team.id}`,
  );
  expect(made).toHaveLength(1);
  expect(made[0]?.participants).toHaveLength(3);

  // The parent: 'All players' adds nobody (parents do not message players) and says who was left out.
  const parentPage = await pageFor(browser, page, info);
  await signInAs(parentPage, parent, '/#messages?subtab=conversations');
  await parentPage.getByRole('button', { name: 'New message' }).click();
  const parentDialog = parentPage.getByRole('dialog', { name: 'Start New Message' });
  await parentDialog
    .getByRole('group', { name: 'Add a group' })
    .getByRole('button', { name: 'All players' })
    .click();
  await expect(parentDialog.getByText('0 chosen')).toBeVisible();
  await expect(parentDialog.getByRole('status')).toHaveText(MESSAGING_MESSAGES.leftOut(['Sam Reed']));
  await parentDialog
    .getByRole('group', { name: 'Add a group' })
    .getByRole('button', { name: 'Whole team' })
    .click();
  await expect(parentDialog.getByText('2 chosen')).toBeVisible();
  await expect(parentDialog.getByRole('checkbox', { name: 'Sam Reed' })).toHaveCount(0);
  await snapshot(parentPage, info, 'groups-parent');
  await expectNoSideScroll(parentPage);
  await parentPage.context().close();
});
