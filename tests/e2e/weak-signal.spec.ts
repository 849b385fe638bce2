import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  coachWithTeam,
  expectBrowserAsksBeforeClosing,
  goToTab,
  isPhone,
  signInAs,
  type CoachWithTeam,
} from './helpers.ts';

// What a user on a weak signal sees (issue 6): saves fail fast and honestly, nothing is sent after
// the user cancelled, a double click sends once, unsaved input is not lost silently, Back closes a
// dialog, and results are shown where a phone user is looking.

const OFFLINE = "Offline - changes can't be saved";

async function serverPlayers(request: APIRequestContext, coach: CoachWithTeam): Promise<string[]> {
  const response = await request.get(`/api/teams/${coach.team.id}/players`, {
    headers: { authorization: `Bearer ${coach.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { name: string }[]).map((p) => p.name).sort();
}

async function openRoster(page: Page, request: APIRequestContext, info: Parameters<typeof goToTab>[1]) {
  const coach = await coachWithTeam(request, 'U10 Herons', [{ name: 'Ann Lee', jersey_number: 7 }]);
  await signInAs(page, coach);
  await goToTab(page, info, 'Team');
  await expect(page.getByTestId('active-players')).toHaveText('1');
  return coach;
}

test('an offline save fails at once, keeps the text, and nothing is sent after Cancel @phone', async ({
  page,
  context,
  request,
}, info) => {
  const coach = await openRoster(page, request, info);
  await page.getByRole('button', { name: 'Add Player' }).click();
  const add = page.getByRole('dialog', { name: 'Add Player' });
  await add.getByLabel('Name').fill('Bea Ruiz');

  await context.setOffline(true);
  await add.getByRole('button', { name: 'Add Player' }).click();
  await expect(add.getByRole('alert')).toContainText('Network error - check connection');
  await expect(add.getByLabel('Name')).toHaveValue('Bea Ruiz');
  await expect(add.getByRole('button', { name: 'Add Player' })).toBeEnabled();
  await expect(page.getByText(OFFLINE).filter({ visible: true })).toBeVisible();
  if (info.project.name === 'desktop') await page.screenshot({ path: 'test-results/h3-offline-desktop.png' });
  else await page.screenshot({ path: 'test-results/h3-offline-phone.png' });

  // Cancel asks first (the name is typed), then the write is gone for good.
  await add.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(add).toBeHidden();
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
  // Give a replayed write every chance to arrive.
  await page.waitForTimeout(1500);
  expect(await serverPlayers(request, coach)).toEqual(['Ann Lee']);
  await expect(page.getByTestId('active-players')).toHaveText('1');
});

test('a double click adds one player and a double tap removes once @phone', async ({
  page,
  request,
}, info) => {
  const coach = await openRoster(page, request, info);
  await page.getByRole('button', { name: 'Add Player' }).click();
  const add = page.getByRole('dialog', { name: 'Add Player' });
  await add.getByLabel('Name').fill('Bea Ruiz');
  await add.getByRole('button', { name: 'Add Player' }).dblclick({ delay: 0 });
  await expect(add).toBeHidden();
  await expect(page.getByTestId('active-players')).toHaveText('2');
  expect(await serverPlayers(request, coach)).toEqual(['Ann Lee', 'Bea Ruiz']);

  await page.getByRole('button', { name: 'Remove Bea Ruiz' }).click();
  await page
    .getByRole('dialog', { name: 'Remove Player' })
    .getByRole('button', { name: 'Remove' })
    .dblclick();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Player removed successfully');
  await expect(page.getByText('Player not found')).toHaveCount(0);
  expect(await serverPlayers(request, coach)).toEqual(['Ann Lee']);
});

test('closing a form with unsaved input asks first; Back closes a dialog @phone', async ({
  page,
  request,
}, info) => {
  await openRoster(page, request, info);
  const add = page.getByRole('dialog', { name: 'Add Player' });
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });

  // Nothing typed: Back closes the dialog and stays on the tab.
  await page.getByRole('button', { name: 'Add Player' }).click();
  await expect(add).toBeVisible();
  await page.goBack();
  await expect(add).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Management' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#team');

  // Typed: Escape, Back and Cancel ask; Keep editing keeps the text.
  await page.getByRole('button', { name: 'Add Player' }).click();
  await add.getByLabel('Name').fill('Cal Diaz');
  await page.keyboard.press('Escape');
  await expect(discard).toContainText('You have unsaved changes. Discard them?');
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(add.getByLabel('Name')).toHaveValue('Cal Diaz');

  await page.goBack();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(add.getByLabel('Name')).toHaveValue('Cal Diaz');
  expect(new URL(page.url()).hash).toBe('#team');

  // Closing or reloading the page would lose it too: the browser asks (in its own words).
  await expectBrowserAsksBeforeClosing(page);
  await expect(add.getByLabel('Name')).toHaveValue('Cal Diaz');

  await add.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Management' })).toBeVisible();

  // The dialogs left no entries behind: Back now goes to the tab before.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeVisible();
});

test('Manage Parents: the result is in view, and Done with a filled form offers to add it @phone', async ({
  page,
  request,
}, info) => {
  const coach = await openRoster(page, request, info);
  await page.getByRole('button', { name: 'Manage Parents of Ann Lee' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Parents: Ann Lee' });
  await manage.getByLabel('Parent Name').fill('Jo Lee');
  await manage.getByLabel('Email', { exact: true }).fill(`jo.lee.${Date.now()}@example.com`);
  await manage.getByLabel('Send invite email').uncheck();
  await manage.getByRole('button', { name: 'Add Parent', exact: true }).click();
  const added = manage.getByRole('status').filter({ hasText: 'Parent added successfully!' });
  await expect(added).toBeVisible();
  await expect(added).toBeInViewport();
  await page.screenshot({ path: `test-results/h3-parent-added-${info.project.name}.png` });

  // Done with a second parent typed: add it, discard it, or keep editing.
  await manage.getByLabel('Parent Name').fill('Max Lee');
  await manage.getByLabel('Email', { exact: true }).fill(`max.lee.${Date.now()}@example.com`);
  await manage.getByRole('button', { name: 'Done' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Discard' })).toBeVisible();
  await ask.getByRole('button', { name: 'Add parent', exact: true }).click();
  await expect(manage).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Parent added successfully' })).toBeInViewport();

  const players = (await (
    await request.get(`/api/teams/${coach.team.id}/players`, {
      headers: { authorization: `Bearer ${coach.token}` },
    })
  ).json()) as { parent_contacts: { name: string }[] }[];
  expect(players[0]?.parent_contacts.map((p) => p.name).sort()).toEqual(['Jo Lee', 'Max Lee']);
});

test('Bulk Add shows a repeated number on its rows, in view @phone', async ({ page, request }, info) => {
  await openRoster(page, request, info);
  await page.getByRole('button', { name: 'Bulk Add' }).click();
  const bulk = page.getByRole('dialog', { name: 'Add Multiple Players' });
  const row = (n: number) => bulk.getByRole('group', { name: `Player ${n}`, exact: true });
  await row(2).getByLabel('Name').fill('Cal Diaz');
  await row(2).getByLabel('Jersey Number').fill('9');
  await row(6).getByLabel('Name').fill('Dee Moss');
  await row(6).getByLabel('Jersey Number').fill('9');
  await bulk.getByRole('button', { name: 'Add 2 Players' }).click();
  const jersey = row(2).getByLabel('Jersey Number');
  await expect(jersey).toBeFocused();
  await expect(jersey).toHaveAttribute('aria-invalid', 'true');
  await expect(jersey).toBeInViewport();
  await expect(row(6).getByLabel('Jersey Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(row(2).getByText('Jersey number 9 is repeated')).toBeVisible();
  if (isPhone(info)) await page.screenshot({ path: 'test-results/h3-bulk-phone.png' });
});
