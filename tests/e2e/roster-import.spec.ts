import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  apiCall,
  coachWithTeam,
  expectNoAxeViolations,
  goToTab,
  signInAs,
  snapshotter,
  uniqueEmail,
} from './helpers.ts';

// Roster import and the contact sheet (docs/product/roster-and-parents.md 'Roster import', 'Contact
// sheet'; docs/decisions/049).

const snap = snapshotter('roster-import');

test('the coach pastes a spreadsheet with one bad row, fixes it in the preview and imports @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Otters', [{ name: 'Ann Lee', jersey_number: 7 }]);
  const dana = uniqueEmail('dana');
  const pasted = [
    ['Player', 'Jersey', 'Position', 'Age', 'Parent', 'Email', 'Phone'],
    ['Mia Lopez', '10', 'forward', '10', 'Dana Lopez', dana, '555-0101'],
    ['Noah Kim', '11', 'Defender', '30', 'Nora Kim', uniqueEmail('nora'), ''],
    ['Noah Kim', '', '', '', 'Ned Kim', uniqueEmail('ned'), '555-0102'],
    ['Zoe Park', '12', 'Goalkeeper', '9', '', '', ''],
  ]
    .map((cells) => cells.join('\t'))
    .join('\n');

  await signInAs(page, coach);
  await goToTab(page, info, 'Team');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Roster' });
  await dialog.getByLabel('Paste rows from a spreadsheet').fill(pasted);

  // The header is recognised and every column mapped from it.
  await expect(dialog.getByLabel('The first row is a header')).toBeChecked();
  await expect(dialog.getByLabel('Column 6 (Email)')).toHaveValue('parent_email');
  await expect(dialog.getByLabel('Column 4 (Age)')).toHaveValue('age');
  await expect(dialog.getByRole('status').filter({ hasText: 'new players' })).toHaveText(
    '2 new players, 1 parent contact; 1 row has a problem',
  );
  const row2 = dialog.getByRole('group', { name: /^Row 2/ });
  await expect(row2.getByLabel('Age')).toHaveAccessibleDescription('Age must be between 5 and 18');
  const ready = dialog.getByRole('table', { name: 'Ready to import' });
  await expect(ready.getByRole('row')).toHaveCount(4); // the header and rows 1, 3, 4
  await expect(ready).toContainText('Same player as row 2');
  await row2.scrollIntoViewIfNeeded();
  await snap(page, info, 'preview');
  await expectNoAxeViolations(page, 'the import preview');

  // Nothing is sent while a row has a problem.
  await dialog.getByRole('button', { name: 'Import 4 Rows' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Fix the rows marked below before importing.');
  await expect(row2.getByLabel('Age')).toBeFocused();
  await row2.getByLabel('Age').fill('10');
  await expect(row2.getByLabel('Age')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('status').filter({ hasText: 'new players' })).toHaveText(
    '3 new players, 3 parent contacts',
  );
  await dialog.getByRole('button', { name: 'Import 4 Rows' }).click();

  const done = page.getByRole('dialog', { name: 'Roster Imported' });
  await expect(done).toContainText('Imported 3 players and 3 parent contacts. No invites were sent.');
  await snap(page, info, 'imported');
  // Invites only now, and only when asked.
  await done.getByRole('button', { name: 'Invite all' }).click();
  await expect(done.getByRole('status')).toContainText('Invited 3 parents.');
  await expect(done.getByRole('button', { name: 'Invite all' })).toBeHidden();
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('active-players')).toContainText('4');
  // Parent Accounts shows the phones.
  await page.getByRole('button', { name: 'Show parent accounts' }).click();
  await expect(page.getByRole('link', { name: '555-0101' }).last()).toHaveAttribute('href', 'tel:5550101');
  const roster = await apiCall<{ name: string; age: number | null; parent_contacts: { email: string }[] }[]>(
    request,
    coach,
    'get',
    `/teams/${coach.team.id}/players`,
  );
  expect(roster.map((p) => [p.name, p.age])).toEqual([
    ['Ann Lee', null],
    ['Mia Lopez', 10],
    ['Noah Kim', 10],
    ['Zoe Park', 9],
  ]);
  expect(roster[1]?.parent_contacts.map((c) => c.email)).toEqual([dana]);
});

test('a CSV file without a header row imports with its columns guessed @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U9 Larks', [{ name: 'Ann Lee', jersey_number: 7 }]);
  const dana = uniqueEmail('dana');
  await signInAs(page, coach);
  await goToTab(page, info, 'Team');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Roster' });
  await dialog.getByLabel('Or choose a CSV file').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`"Lopez, Mia",10,Forward,10,Dana Lopez,${dana},555-0101\r\nNoah Kim,11,,9,,,\r\n`),
  });
  await expect(dialog.getByText('Read from roster.csv.')).toBeVisible();
  await expect(dialog.getByLabel('The first row is a header')).not.toBeChecked();
  await expect(dialog.getByLabel('Column 1', { exact: true })).toHaveValue('player_name');
  await expect(dialog.getByLabel('Column 6', { exact: true })).toHaveValue('parent_email');
  await expect(dialog.getByRole('status').filter({ hasText: 'new players' })).toHaveText(
    '2 new players, 1 parent contact',
  );
  await dialog.getByRole('button', { name: 'Import 2 Rows' }).click();
  await expect(page.getByRole('dialog', { name: 'Roster Imported' })).toContainText(
    'Imported 2 players and 1 parent contact. No invites were sent.',
  );
});

test('the contact sheet of a 20-player team prints on one page and downloads as CSV @phone', async ({
  page,
  request,
}, info) => {
  // Player 1 is on the roster already: the import adds the parents to them.
  const coach = await coachWithTeam(request, 'U12 Kestrels', [
    { name: 'Player Number1 Longname', jersey_number: 1 },
  ]);
  const rows = Array.from({ length: 20 }, (_, i) => [
    {
      player_name: `Player Number${i + 1} Longname`,
      jersey_number: String(i + 1),
      parent_name: `Mother Of${i + 1} Longname`,
      parent_email: `mother.of.player${i + 1}.${coach.team.id}@example.com`,
      parent_phone: `+1 (555) 010-${String(1000 + i)}`,
    },
    {
      player_name: `Player Number${i + 1} Longname`,
      parent_name: `Father Of${i + 1} Longname`,
      parent_email: `father.of.player${i + 1}.${coach.team.id}@example.com`,
      parent_phone: `555-020-${String(1000 + i)}`,
      relationship: 'guardian',
    },
  ]).flat();
  rows[2] = { ...rows[2], parent_name: '=HYPERLINK("http://evil.test")' } as (typeof rows)[number];
  await apiCall(request, coach, 'post', `/teams/${coach.team.id}/roster-import`, { rows });

  await signInAs(page, coach);
  await goToTab(page, info, 'Team');
  await page.getByRole('button', { name: 'Contact Sheet' }).click();
  const sheet = page.getByRole('region', { name: 'U12 Kestrels: Contact Sheet' });
  await expect(sheet.getByRole('rowheader')).toHaveCount(20);
  await expect(sheet.getByRole('link', { name: '+1 (555) 010-1000' })).toHaveAttribute(
    'href',
    'tel:+15550101000',
  );
  await snap(page, info, 'sheet');
  await expectNoAxeViolations(page, 'the contact sheet');

  // Download CSV: the server's file, the formula neutralised.
  const downloading = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('u12-kestrels-contacts.csv');
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Player,Jersey,Parent,Relationship,Primary,Phone,Email');
  expect(lines[3]).toContain(`,2,"'=HYPERLINK(""http://evil.test"")",Parent,Yes,'+1 (555) 010-1001,`);
  expect(lines).toHaveLength(42);

  // On paper: the sheet alone (no side bar, top bar, title or buttons), on one page.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  await expect(page.locator('.sidebar, .top-bar').first()).toBeHidden();
  await expect(sheet.getByRole('rowheader', { name: 'Player Number20 Longname' })).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box?.x ?? 99).toBeLessThan(40);
  if (process.env['E2E_SCREENSHOTS']) {
    await page.screenshot({ path: `/tmp/roster-import-print-${info.project.name}.png`, fullPage: true });
  }
  for (const format of ['Letter', 'A4'] as const) {
    const pdf = await page.pdf({ format });
    if (process.env['E2E_SCREENSHOTS'])
      fs.writeFileSync(`/tmp/roster-import-${format}-${info.project.name}.pdf`, pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages, `${format} pages`).toHaveLength(1);
  }
});
