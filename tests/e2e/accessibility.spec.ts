import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { todayIn } from '../../src/shared/event-dates.ts';
import { coachWithTeam, goToTab, PASSWORD, signInAs, uniqueEmail } from './helpers.ts';

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
