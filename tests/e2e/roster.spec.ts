import { expect, test } from '@playwright/test';
import { coachWithTeam, goToTab, signInAs } from './helpers.ts';

test('the coach adds players, bulk adds with a repeated number, and removes a player @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Otters', [
    { name: 'Ann Lee', jersey_number: 7, position: 'Goalkeeper', age: 10 },
    { name: 'Zed Cole', age: 11 },
  ]);
  await signInAs(page, coach);
  await goToTab(page, info, 'Team');
  await expect(page.getByTestId('active-players')).toContainText('2');

  // Add Player, with the spec's messages.
  await page.getByRole('button', { name: 'Add Player' }).click();
  const add = page.getByRole('dialog', { name: 'Add Player' });
  await add.getByRole('button', { name: 'Add Player' }).click();
  await expect(add.getByText('Player name is required')).toBeVisible();
  await add.getByLabel('Name').fill('Bea Ruiz');
  await add.getByLabel('Age').fill('4');
  await add.getByRole('button', { name: 'Add Player' }).click();
  await expect(add.getByText('Age must be between 5 and 18')).toBeVisible();
  await add.getByLabel('Age').fill('9');
  await add.getByLabel('Jersey Number').fill('7');
  await add.getByRole('button', { name: 'Add Player' }).click();
  await expect(add.getByText('Jersey number is already taken')).toBeVisible();
  await add.getByLabel('Jersey Number').fill('3');
  await add.getByRole('button', { name: 'Add Player' }).click();
  await expect(add).toBeHidden();

  // Bulk add: blank rows are skipped; repeated numbers are named.
  await page.getByRole('button', { name: 'Bulk Add' }).click();
  const bulk = page.getByRole('dialog', { name: 'Add Multiple Players' });
  await expect(bulk.getByLabel('Number of Players')).toHaveValue('10');
  await bulk.getByLabel('Number of Players').fill('3');
  const row = (n: number) => bulk.getByRole('group', { name: `Player ${n}`, exact: true });
  await row(1).getByLabel('Name').fill('Cal Diaz');
  await row(1).getByLabel('Jersey Number').fill('9');
  await row(2).getByLabel('Name').fill('Dee Moss');
  await row(2).getByLabel('Jersey Number').fill('9');
  await bulk.getByRole('button', { name: 'Add 2 Players' }).click();
  await expect(bulk.getByRole('alert')).toContainText(
    'Please ensure each player has a unique jersey number. Repeated: 9',
  );
  await row(2).getByLabel('Jersey Number').fill('12');
  await bulk.getByRole('button', { name: 'Add 2 Players' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText(
    'Successfully added 2 players to the team!',
  );
  await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();

  // Sorted by number, the unnumbered last.
  const names = page.getByRole('list', { name: 'Players' }).getByRole('heading', { level: 3 });
  await expect(names).toHaveText(['Bea Ruiz', 'Ann Lee', 'Cal Diaz', 'Dee Moss', 'Zed Cole']);
  await expect(page.getByTestId('active-players')).toContainText('5');

  await page.getByRole('button', { name: 'Remove Zed Cole' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Player' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Player removed successfully');
  await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();
  await expect(names).toHaveText(['Bea Ruiz', 'Ann Lee', 'Cal Diaz', 'Dee Moss']);
  await expect(page.getByTestId('active-players')).toContainText('4');

  // An inactive player stays on the roster but leaves the count.
  await page.getByRole('button', { name: 'Edit Dee Moss' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Player' });
  await expect(edit.getByLabel('Status')).toHaveValue('active');
  await edit.getByLabel('Status').selectOption('inactive');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('active-players')).toContainText('3');
  await expect(names).toHaveText(['Bea Ruiz', 'Ann Lee', 'Cal Diaz', 'Dee Moss']);
});

test('adding a parent whose invite could not be sent says so, with the reason; Resend invite too @phone', async ({
  page,
  request,
}, info) => {
  // A coach who has not confirmed the email yet: the contact is added, the invite is not sent.
  const coach = await coachWithTeam(request, 'U9 Wrens', [{ name: 'Ivy Moss', jersey_number: 5 }], {
    confirmed: false,
  });
  await signInAs(page, coach);
  await goToTab(page, info, 'Team');
  await page.getByRole('button', { name: 'Manage Parents of Ivy Moss' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Parents: Ivy Moss' });
  await manage.getByLabel('Parent Name').fill('Ola Moss');
  await manage.getByLabel('Email', { exact: true }).fill(`ola.moss.${Date.now()}@example.com`);
  await expect(manage.getByLabel('Send invite email')).toBeChecked();
  await manage.getByRole('button', { name: 'Add Parent', exact: true }).click();
  const warning = manage.getByRole('alert').filter({
    hasText: 'Parent was added but failed to send invitation email. You can manually sync later.',
  });
  await expect(warning).toBeVisible();
  await expect(warning).toBeInViewport();
  await expect(warning).toContainText('Please confirm your email address first');
  await expect(manage.getByText('Parent added successfully')).toHaveCount(0);
  // The contact is there, not invited; sending it now says why it cannot go.
  await manage.getByRole('button', { name: 'Send invite to Ola Moss' }).click();
  await expect(
    manage
      .getByRole('alert')
      .filter({ hasText: 'Failed to sync parent: Please confirm your email address first' }),
  ).toBeVisible();
});
