import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  type CoachWithTeam,
  coachWithTeam,
  goToTab,
  registerAccount,
  signInAs,
  snapshotter,
} from './helpers.ts';

// Team Administration (issue 7): moderators and kits, as a coach and a parent use them.

const snapshot = snapshotter('administration');

/** A parent account that asked to join with the code and was approved, through the API. */
async function approvedParent(
  request: APIRequestContext,
  coach: CoachWithTeam,
  name: string,
): Promise<Account> {
  const parent = await registerAccount(request, name, { role: 'parent' });
  const joined = await request.post('/api/teams/join', {
    headers: { authorization: `Bearer ${parent.token}` },
    data: { invite_code: coach.team.invite_code },
  });
  const { request_id: requestId } = (await joined.json()) as { request_id: number };
  const approved = await request.post(`/api/join-requests/${requestId}/approve`, {
    headers: { authorization: `Bearer ${coach.token}` },
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return parent;
}

async function openAdminTab(page: Page, info: Parameters<typeof goToTab>[1], label: string): Promise<void> {
  await goToTab(page, info, 'Admin');
  await page.getByRole('tab', { name: label }).click();
}

test('a coach makes a parent a roster moderator, who adds a player; revoking removes the buttons @phone', async ({
  page,
  request,
  browser,
}, info) => {
  const coach = await coachWithTeam(request, 'U12 Herons', [{ name: 'Ava Stone', jersey_number: 4 }]);
  const parent = await approvedParent(request, coach, 'Paula Reyes');

  await signInAs(page, coach);
  await openAdminTab(page, info, 'Moderators');
  await expect(page).toHaveURL(/#admin\?tab=moderators$/);
  await expect(page.getByText('No moderators yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Moderator' }).click();
  const add = page.getByRole('dialog', { name: 'Add Moderator' });
  await add.getByRole('button', { name: 'Grant Permissions' }).click();
  await expect(add.getByRole('alert')).toContainText('Please select a user and at least one permission');
  await add.getByLabel('Team member').selectOption({ label: 'Paula Reyes (Parent)' });
  await add.getByRole('checkbox', { name: 'Manage Roster' }).check();
  await add.getByRole('button', { name: 'Grant Permissions' }).click();
  await expect(add).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Moderator permissions granted successfully!' }),
  ).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Paula Reyes' });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Manage Roster')).toBeVisible();

  // A reload keeps the sub-tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Moderators' })).toHaveAttribute('aria-selected', 'true');
  // Back and forward move between the sub-tabs.
  await page.goBack();
  await expect(page.getByRole('tab', { name: /^Join Requests/ })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Moderators' })).toHaveAttribute('aria-selected', 'true');

  // The parent, signed in elsewhere, now has the roster buttons and adds a player.
  const parentContext = await browser.newContext({ ...info.project.use });
  const parentPage = await parentContext.newPage();
  await signInAs(parentPage, parent);
  await goToTab(parentPage, info, 'Team');
  await parentPage.getByRole('button', { name: 'Add Player' }).click();
  const addPlayer = parentPage.getByRole('dialog', { name: 'Add Player' });
  await addPlayer.getByLabel('Name').fill('Noor Haddad');
  await addPlayer.getByRole('button', { name: 'Add Player' }).click();
  await expect(addPlayer).toBeHidden();
  await expect(parentPage.getByRole('list', { name: 'Players' })).toContainText('Noor Haddad');

  // The coach revokes; after a refresh the parent's buttons are gone.
  await page.getByRole('button', { name: 'Revoke Paula Reyes' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke Moderator' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Moderator permissions revoked successfully!' }),
  ).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

  await parentPage.reload();
  await expect(parentPage.getByRole('list', { name: 'Players' })).toContainText('Noor Haddad');
  await expect(parentPage.getByRole('button', { name: 'Add Player' })).toHaveCount(0);
  await expect(parentPage.getByRole('button', { name: 'Bulk Add' })).toHaveCount(0);
  await parentContext.close();
});

test('a coach creates a kit from preset swatches and sees the preview follow the colours @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U9 Kites', [{ name: 'Kai Moss' }]);
  await signInAs(page, coach);
  await openAdminTab(page, info, 'Team Kits');
  await page.getByRole('button', { name: 'Create Kit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Kit' });
  const create = dialog.getByRole('button', { name: 'Create Kit' });
  await expect(create).toBeDisabled();

  const preview = dialog.getByRole('img', { name: /^Preview of/ });
  await expect(preview).toHaveAccessibleName(
    'Preview of the kit: jersey #0066CC, shorts #000000, socks #FFFFFF',
  );
  const jersey = preview.locator('[data-part="jersey"]');
  await expect(jersey).toHaveAttribute('fill', '#0066CC');

  await dialog.getByLabel('Kit Name').fill('Away');
  await dialog.getByLabel('Type').selectOption('away');
  await dialog
    .getByRole('group', { name: 'Jersey Color presets' })
    .getByRole('button', { name: 'Red #FF0000' })
    .click();
  await expect(jersey).toHaveAttribute('fill', '#FF0000');
  await dialog
    .getByRole('group', { name: 'Shorts Color presets' })
    .getByRole('button', { name: 'White #FFFFFF' })
    .click();
  await expect(preview.locator('[data-part="shorts"]')).toHaveAttribute('fill', '#FFFFFF');
  await expect(preview).toHaveAccessibleName(
    'Preview of Away: jersey #FF0000, shorts #FFFFFF, socks #FFFFFF',
  );
  await create.click();
  await expect(dialog).toBeHidden();

  const kit = page.getByRole('list', { name: 'Kits' }).getByRole('listitem').filter({ hasText: 'Away' });
  await expect(
    kit.getByRole('img', { name: 'Away kit: jersey #FF0000, shorts #FFFFFF, socks #FFFFFF' }),
  ).toBeVisible();

  // Delete asks first.
  await kit.getByRole('button', { name: 'Delete Away' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Kit' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete "Away"? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/No kits yet/)).toBeVisible();
});

test('a moderator with the kits flag reaches Team Kits, and only that part of Team Administration', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U14 Wrens', [{ name: 'Bo Lane' }]);
  const parent = await approvedParent(request, coach, 'Kim Equip');
  const users = (await (
    await request.get(`/api/teams/${coach.team.id}/potential-moderators`, {
      headers: { authorization: `Bearer ${coach.token}` },
    })
  ).json()) as { id: number; email: string }[];
  const parentId = users.find((u) => u.email === parent.email)?.id;
  const granted = await request.post('/api/moderators/assign', {
    headers: { authorization: `Bearer ${coach.token}` },
    data: { user_id: parentId, team_id: coach.team.id, can_manage_equipment: true },
  });
  expect(granted.ok()).toBe(true);

  await signInAs(page, parent);
  await goToTab(page, info, 'Admin');
  await expect(page.getByRole('tab')).toHaveText(['Team Kits']);
  await page.getByRole('button', { name: 'Create Kit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Kit' });
  await dialog.getByLabel('Kit Name').fill('Training Bibs');
  await dialog.getByRole('button', { name: 'Create Kit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Kits' })).toContainText('Training Bibs');
});

test('every Admin sub-tab is wholly in view at 390 px, none clipped or hidden, the chosen one marked @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U15 Narrow', [{ name: 'Ida Wren' }]);
  await signInAs(page, coach);
  await goToTab(page, info, 'Admin');
  const list = page.getByRole('tablist', { name: 'Team administration' });
  const labels = ['Join Requests', 'Event RSVPs', 'Team Kits', 'Moderators', 'Team Settings'];
  await expect(list.getByRole('tab')).toHaveCount(labels.length);

  /** How much of each tab the eye can see: inside the strip's visible box and the window. */
  const shown = () =>
    list.evaluate((strip) => {
      const box = strip.getBoundingClientRect();
      return Array.from(strip.querySelectorAll('[role=tab]')).map((tab) => {
        const r = tab.getBoundingClientRect();
        const left = Math.max(r.left, box.left, 0);
        const right = Math.min(r.right, box.right, window.innerWidth);
        return {
          label: (tab.textContent ?? '').trim(),
          whole: left <= r.left + 0.5 && right >= r.right - 0.5 && r.width > 0,
        };
      });
    });
  for (const tab of await shown())
    expect(tab, `${tab.label} is wholly in view`).toMatchObject({ whole: true });
  await snapshot(page, info, 'admin-tabs');

  // Each one is tapped where it is, without any sideways scrolling, and opens its panel.
  for (const label of labels) {
    const tab = list.getByRole('tab', { name: new RegExp(`^${label}`) });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    for (const each of await shown())
      expect(each, `${each.label} after ${label}`).toMatchObject({ whole: true });
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
