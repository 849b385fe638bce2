import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import {
  apiCall,
  coachWithTeam,
  goToTab,
  joinApprovedFor,
  openNavigation,
  PASSWORD,
  registerAccount,
  signInAs,
  uniqueEmail,
} from './helpers.ts';

// axe analyses pages opened from browser.newContext() (STACK-NOTES), so each check opens its own context.
test('sign-in, join, shell and account settings have no accessibility violations @phone', async ({
  browser,
}, info) => {
  const context = await browser.newContext({ ...info.project.use, baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((v) => `${label}: ${v.id} ${v.help}`)).toEqual([]);
  };

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await check('login');
  await page.getByRole('button', { name: 'Join a team with an invite code' }).click();
  await check('join');
  await page.getByRole('button', { name: 'Sign up as a coach' }).click();
  await page.getByLabel('Full Name').fill('Axe Coach');
  await page.getByLabel('Email').fill(uniqueEmail('axe'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await check('coach sign-up');
  await page.getByRole('button', { name: 'Create Coach Account' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await check('dashboard');
  await context.close();
});

test('the roster, with a player who has no number, has no accessibility violations @phone', async ({
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Axe', [
    { name: 'Nora Numberless' },
    { name: 'Sam Seven', jersey_number: 7 },
  ]);
  const context = await browser.newContext({ ...info.project.use, baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  await signInAs(page, coach);
  await goToTab(page, info, 'Team');
  await expect(page.getByRole('heading', { name: 'Nora Numberless' })).toBeVisible();
  await expect(page.getByText('No number').first()).toBeAttached();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `roster: ${v.id} ${v.help}`)).toEqual([]);
  await context.close();
});

test('Team Kits, Moderators and Team Settings, and their dialogs, have no accessibility violations', async ({
  browser,
  request,
}) => {
  const coach = await coachWithTeam(request, 'U13 Axe', [{ name: 'Ada Axe' }]);
  const headers = { authorization: `Bearer ${coach.token}` };
  const kit = await request.post(`/api/kits/team/${coach.team.id}`, { headers, data: { name: 'Home' } });
  expect(kit.ok()).toBe(true);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((v) => `${label}: ${v.id} ${v.help}`)).toEqual([]);
  };
  await signInAs(page, coach);
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await page.goto('/#admin?tab=kits');
  await expect(page.getByRole('img', { name: /^Home kit/ })).toBeVisible();
  await check('kits');
  await page.getByRole('button', { name: 'Edit Home' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Kit' })).toBeVisible();
  await check('edit kit');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Moderators' }).click();
  await page.getByRole('button', { name: 'Add Moderator' }).click();
  await expect(page.getByRole('checkbox', { name: 'Manage Roster' })).toBeVisible();
  await check('add moderator');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Team Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Team Details' })).toBeVisible();
  await check('team settings');
  await context.close();
});

test('Team Events and the dashboard schedule, and their dialogs, have no accessibility violations', async ({
  browser,
  request,
}) => {
  const coach = await coachWithTeam(request, 'U14 Axe', [{ name: 'Eve Axe' }]);
  const headers = { authorization: `Bearer ${coach.token}` };
  const today = todayIn('America/Chicago');
  const cup = await request.post(`/api/tournaments/team/${coach.team.id}`, {
    headers,
    data: { name: 'Axe Cup', location: 'Axe Park', address: '1 Axe Rd', start_date: today, end_date: today },
  });
  expect(cup.ok()).toBe(true);
  const { id: cupId } = (await cup.json()) as { id: number };
  const added = await request.post(`/api/tournaments/${cupId}/games`, {
    headers,
    data: { opponent: 'Owls', date: today, time: '09:00' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { id: gameId } = (await added.json()) as { id: number };
  const scored = await request.put(`/api/tournaments/${cupId}/games/${gameId}`, {
    headers,
    data: { our_score: 2, opponent_score: 0 },
  });
  expect(scored.ok(), await scored.text()).toBe(true);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((v) => `${label}: ${v.id} ${v.help}`)).toEqual([]);
  };
  await signInAs(page, coach);
  await expect(page.getByRole('list', { name: 'Recent results' })).toContainText('Owls');
  await check('dashboard schedule');
  await page.goto('/#tournaments');
  await expect(page.getByRole('heading', { name: 'Axe Cup' })).toBeVisible();
  await check('tournaments');
  await page.getByRole('button', { name: 'View Details Axe Cup' }).click();
  await expect(page.getByRole('list', { name: 'Tournament games' })).toContainText('Won');
  await check('tournament detail');
  await page.getByRole('button', { name: 'Add Game' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Tournament Game' })).toBeVisible();
  await check('add tournament game');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Edit Score vs Owls' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Score' })).toBeVisible();
  await check('edit score');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /Individual Games/ }).click();
  await page.getByRole('button', { name: 'Add Game' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Individual Game' })).toBeVisible();
  await check('add individual game');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /Practices/ }).click();
  await page.getByRole('button', { name: 'Add Practice' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Practice' })).toBeVisible();
  await check('add practice');
  await context.close();
});

/**
 * Every main page a coach and a parent open, with something on it: the dashboard, the calendar, each
 * Communication subtab (and an open conversation), each Team Events section and a tournament's detail,
 * the roster, the documents, each Admin sub-tab (a parent's Admin is 'Access Restricted'), Account
 * Settings and the guide. axe's heading-order is a best-practice rule (moderate), outside the WCAG tags
 * the other checks run, so it is asked for by name; on a phone too, where panes are shown one at a time.
 */
test('every main page keeps its headings in order (axe heading-order), as a coach and as a parent @phone', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(240_000);
  const coach = await coachWithTeam(request, 'U15 Headings', [{ name: 'Hana Level', jersey_number: 5 }]);
  const parent = await registerAccount(request, 'Hugo Level', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);
  const today = todayIn('America/Chicago');
  const soon = addDays(today, 2);
  const teamId = coach.team.id;
  const cup = await apiCall<{ id: number }>(request, coach, 'post', `/tournaments/team/${teamId}`, {
    name: 'Heading Cup',
    location: 'Level Park',
    start_date: soon,
    end_date: soon,
  });
  await apiCall(request, coach, 'post', `/tournaments/${cup.id}/games`, {
    opponent: 'Owls',
    date: soon,
    time: '09:00',
  });
  await apiCall(request, coach, 'post', `/games/${teamId}`, {
    opponent: 'Wolves',
    date: soon,
    time: '10:00',
    location: 'Home Ground',
  });
  await apiCall(request, coach, 'post', '/practices', {
    team_id: teamId,
    title: 'Skills Practice',
    date: addDays(today, 1),
    time: '17:00',
    location: 'Back Field',
  });
  await apiCall(request, coach, 'post', `/messaging/announcements?team_id=${teamId}`, {
    title: 'Kit day',
    content: 'Bring both kits on Saturday.',
  });
  await apiCall(request, coach, 'post', `/messaging/polls?team_id=${teamId}`, {
    question: 'Car pool on Sunday?',
    options: ['Yes', 'No'],
  });
  const parentId = (await apiCall<{ id: number }>(request, parent, 'get', '/auth/me')).id;
  const conversation = await apiCall<{ id: number }>(
    request,
    coach,
    'post',
    `/messaging/conversations?team_id=${teamId}`,
    { name: 'Saturday carpool', participant_ids: [parentId] },
  );
  await apiCall(request, coach, 'post', '/messaging/messages', {
    content: 'Who can drive?',
    conversation_id: conversation.id,
  });
  const uploaded = await request.post(`/api/documents/upload/${teamId}`, {
    headers: { authorization: `Bearer ${coach.token}` },
    multipart: {
      title: 'Team rules',
      file: { name: 'rules.txt', mimeType: 'text/plain', buffer: Buffer.from('Be kind.\n') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const kit = await request.post(`/api/kits/team/${teamId}`, {
    headers: { authorization: `Bearer ${coach.token}` },
    data: { name: 'Home' },
  });
  expect(kit.ok()).toBe(true);

  const pages: { hash: string; ready: string | RegExp; coachOnly?: boolean; parentOnly?: boolean }[] = [
    { hash: '#dashboard', ready: 'Skills Practice' },
    { hash: '#calendar', ready: 'Team Calendar' },
    { hash: '#messages?subtab=announcements', ready: 'Kit day' },
    { hash: '#messages?subtab=conversations', ready: 'Saturday carpool' },
    { hash: '#messages?subtab=polls', ready: 'Car pool on Sunday?' },
    { hash: '#tournaments', ready: 'Heading Cup' },
    { hash: `#tournaments?tournamentId=${cup.id}`, ready: 'Owls' },
    { hash: '#tournaments?section=games', ready: 'Wolves' },
    { hash: '#tournaments?section=practices', ready: 'Skills Practice' },
    { hash: '#team', ready: 'Hana Level' },
    { hash: '#documents', ready: 'Team rules' },
    { hash: '#admin?tab=join-requests', ready: 'No pending join requests.', coachOnly: true },
    { hash: '#admin?tab=rsvps', ready: 'Skills Practice', coachOnly: true },
    { hash: '#admin?tab=kits', ready: /^Home$/, coachOnly: true },
    { hash: '#admin?tab=moderators', ready: 'No moderators yet.', coachOnly: true },
    { hash: '#admin?tab=settings', ready: 'Team Details', coachOnly: true },
    { hash: '#admin', ready: 'Access Restricted', parentOnly: true },
  ];
  const found: string[] = [];
  for (const [who, account] of [
    ['coach', coach],
    ['parent', parent],
  ] as const) {
    const context = await browser.newContext({ ...info.project.use, baseURL: info.project.use.baseURL });
    const page = await context.newPage();
    const headingOrder = async (label: string) => {
      const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
      found.push(
        ...results.violations.flatMap((v) =>
          v.nodes.map((node) => `${who} ${label}: ${v.id} at ${node.target.join(' ')}`),
        ),
      );
    };
    await signInAs(page, account);
    await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
    for (const { hash, ready, coachOnly, parentOnly } of pages) {
      if ((coachOnly && who !== 'coach') || (parentOnly && who !== 'parent')) continue;
      await page.goto(`/${hash}`);
      await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible();
      await headingOrder(hash);
      if (hash === '#messages?subtab=conversations') {
        await page.getByText('Saturday carpool').filter({ visible: true }).first().click();
        await expect(page.getByText('Who can drive?').filter({ visible: true }).first()).toBeVisible();
        await headingOrder(`${hash} with the conversation open`);
      }
    }
    await openNavigation(page, info);
    await page.getByRole('button', { name: who === 'coach' ? /Robin Coach/ : /Hugo Level/ }).click();
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await expect(settings).toBeVisible();
    await headingOrder('account settings (profile)');
    await settings.getByRole('tab', { name: /password/i }).click();
    await headingOrder('account settings (password)');
    await page.keyboard.press('Escape');
    await page.goto('/user-guide');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await headingOrder('user guide');
    await context.close();
  }
  expect(found).toEqual([]);
});
