import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import type { TeamDocument } from '../../src/shared/api/documents.ts';
import { DOCUMENT_MESSAGES } from '../../src/shared/documents.ts';
import { todayIn } from '../../src/shared/event-dates.ts';
import {
  apiCall,
  coachWithTeam,
  expectNoAxeViolations,
  joinApprovedFor,
  registerAccount,
  signInAs,
  snapshotter,
} from './helpers.ts';

// Team Documents (issue 11) against the real API, at 1280 px and on a 390 px phone: a coach with two
// teams uploads two files to both; a parent of one team downloads one; a coach uploads a tournament
// document from the tournament's detail view and deletes it; an upload on a dropped connection fails at
// once, keeps its row, and Retry sends only that file.

const snapshot = snapshotter('documents');

/** A small but real PDF and PNG: the server decides by their bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).filter({ visible: true });

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a coach uploads two files to two teams; a parent of one team downloads one @phone', async ({
  page,
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U12 Docs', [{ name: 'Mia Lopez', jersey_number: 7 }]);
  const second = await apiCall<{ id: number; name: string }>(
    request,
    coach,
    'post',
    '/teams/setup-complete',
    {
      name: 'U14 Docs',
      head_coach_name: 'Robin Coach',
    },
  );
  const parent = await registerAccount(request, 'Paula Lopez', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);

  await signInAs(page, coach, '/#documents');
  await expect(page.getByRole('heading', { name: 'Team Documents' })).toBeVisible();
  await expect(page.getByLabel('Include Tournament Documents')).toBeChecked();
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'schedule.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'field-map.png', mimeType: 'image/png', buffer: PNG },
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ....') },
  ]);
  // A refused type is flagged on its row before anything is sent.
  const refused = dialog.getByRole('listitem').filter({ hasText: 'setup.exe' });
  await expect(refused).toContainText(DOCUMENT_MESSAGES.notAccepted);
  await dialog.getByLabel('Title').fill('Spring');
  await dialog.getByRole('button', { name: 'Upload 3 Files' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Remove the files marked below');
  await snapshot(page, info, 'upload-refused');
  await refused.getByRole('button', { name: 'Remove setup.exe' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);

  await dialog.getByRole('checkbox', { name: 'U14 Docs' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'U12 Docs' })).toBeChecked();
  await dialog.getByLabel('Category').selectOption({ label: 'Schedules' });
  await expectNoAxeViolations(page, 'upload dialog');
  await dialog.getByRole('button', { name: 'Upload 2 Files' }).click();
  await expect(toast(page, DOCUMENT_MESSAGES.uploaded(2, 2))).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('group', { name: 'Documents of U12 Docs' });
  await expect(list.getByRole('heading', { name: 'Spring - schedule' })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Spring - field-map' })).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Schedules');
  const secondTeam = await apiCall<TeamDocument[]>(request, coach, 'get', `/documents/team/${second.id}`);
  expect(secondTeam.map((d) => d.title).sort()).toEqual(['Spring - field-map', 'Spring - schedule']);
  await snapshot(page, info, 'coach-list');
  await expectNoAxeViolations(page, 'documents page');
  await noSidewaysScroll(page);

  // The team selector shows the other team's copies.
  await page.getByLabel('Team', { exact: true }).selectOption({ label: 'U14 Docs' });
  await expect(
    page
      .getByRole('group', { name: 'Documents of U14 Docs' })
      .getByRole('heading', { name: 'Spring - schedule' }),
  ).toBeVisible();

  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
    isMobile: info.project.use.isMobile ?? false,
    hasTouch: info.project.use.hasTouch ?? false,
    acceptDownloads: true,
  });
  const parentPage = await context.newPage();
  await signInAs(parentPage, parent, '/#documents');
  const row = parentPage.getByRole('listitem').filter({ hasText: 'Spring - schedule' });
  await expect(row).toBeVisible();
  await expect(parentPage.getByRole('button', { name: 'Upload Document' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const [download] = await Promise.all([
    parentPage.waitForEvent('download'),
    row.getByRole('button', { name: 'Download Spring - schedule' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('schedule.pdf');
  expect(Buffer.compare(await readFile(await download.path()), PDF)).toBe(0);
  // View opens the picture in a new tab, fetched with the header: no token in its address.
  const picture = parentPage.getByRole('listitem').filter({ hasText: 'Spring - field-map' });
  const [tab] = await Promise.all([
    parentPage.waitForEvent('popup'),
    picture.getByRole('button', { name: /^View Spring - field-map/ }).click(),
  ]);
  await tab.waitForURL(/^blob:/);
  expect(tab.url()).not.toContain('token');
  await tab.close();
  await snapshot(parentPage, info, 'parent-list');
  await expectNoAxeViolations(parentPage, 'parent documents');
  await noSidewaysScroll(parentPage);
  await context.close();
});

test('a coach uploads a tournament document from its detail view and deletes it @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U10 Cup Docs', [{ name: 'Eve Park' }]);
  const today = todayIn('America/Chicago');
  const cup = await apiCall<{ id: number }>(request, coach, 'post', `/tournaments/team/${coach.team.id}`, {
    name: 'Harvest Cup',
    location: 'North Fields',
    start_date: today,
    end_date: today,
  });

  await signInAs(page, coach, `/#tournaments?tournamentId=${cup.id}`);
  await expect(page.getByRole('heading', { name: 'Harvest Cup' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Tournament Documents' });
  await expect(section).toContainText('No documents yet.');
  await page.getByRole('button', { name: 'Upload File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Tournament Document' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'cup-rules.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog).toContainText('cup-rules.pdf');
  await expect(dialog).toContainText(`${PDF.length} Bytes`);
  await dialog.getByLabel('Description (optional)').fill('Read before Saturday');
  await snapshot(page, info, 'tournament-upload');
  await expectNoAxeViolations(page, 'tournament upload');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, DOCUMENT_MESSAGES.fileUploaded)).toBeVisible();
  const item = section.getByRole('listitem').filter({ hasText: 'cup-rules' });
  await expect(item).toContainText('Read before Saturday');
  await expect(section.getByRole('button', { name: 'Upload additional document' })).toBeVisible();
  const stored = await apiCall<TeamDocument[]>(request, coach, 'get', `/documents/tournament/${cup.id}`);
  expect(stored.map((d) => [d.title, d.category])).toEqual([['cup-rules', 'tournament']]);
  await snapshot(page, info, 'tournament-documents');
  await expectNoAxeViolations(page, 'tournament documents');
  await noSidewaysScroll(page);

  await item.getByRole('button', { name: 'Delete cup-rules' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Document' });
  await expect(confirm).toContainText(DOCUMENT_MESSAGES.deleteConfirm('cup-rules'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, DOCUMENT_MESSAGES.deleted)).toBeVisible();
  await expect(section).toContainText('No documents yet.');
});

test('an upload on a dropped connection fails at once, keeps its row, and Retry sends only that file @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U13 Offline Docs', [{ name: 'Noa Park' }]);
  await signInAs(page, coach, '/#documents');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'roster.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'badge.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await dialog.getByLabel('Title').fill('Kit');
  // The connection drops for the PNG only.
  await page.route('**/api/documents/upload/**', async (route) => {
    const body = route.request().postDataBuffer();
    if (body?.includes('badge.png')) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await dialog.getByRole('button', { name: 'Upload 2 Files' }).click();
  await expect(dialog.getByRole('alert')).toContainText(DOCUMENT_MESSAGES.partialTitle);
  await expect(dialog.getByRole('alert')).toContainText('badge.png to U13 Offline Docs');
  const failed = dialog.getByRole('listitem').filter({ hasText: 'badge.png' });
  await expect(failed).toContainText('Network error - check connection');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await snapshot(page, info, 'upload-failed');
  await expectNoAxeViolations(page, 'failed upload');

  await page.unroute('**/api/documents/upload/**');
  await failed.getByRole('button', { name: 'Retry badge.png' }).dblclick();
  await expect(toast(page, DOCUMENT_MESSAGES.uploaded(1, 1))).toBeVisible();
  const stored = await apiCall<TeamDocument[]>(request, coach, 'get', `/documents/team/${coach.team.id}`);
  expect(stored.map((d) => d.title).sort()).toEqual(['Kit - badge', 'Kit - roster']);
});

test('a coach uploads a not-public file, told who will see it; a parent of the team never sees it @phone', async ({
  page,
  browser,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U11 Private Docs', [{ name: 'Lia Moss', jersey_number: 3 }]);
  const parent = await registerAccount(request, 'Pete Moss', { role: 'parent' });
  await joinApprovedFor(request, coach, parent, coach.players[0]?.id);

  await signInAs(page, coach, '/#documents');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles([{ name: 'medical.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await dialog.getByLabel('Title').fill('Medical form');
  await dialog.getByLabel('Category').selectOption({ label: 'Medical Forms' });
  const box = dialog.getByRole('checkbox', { name: 'Public' });
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleDescription(DOCUMENT_MESSAGES.audience(true));
  await box.uncheck();
  await expect(box).toHaveAccessibleDescription(DOCUMENT_MESSAGES.audience(false));
  await expect(dialog.getByText(DOCUMENT_MESSAGES.audience(false))).toBeVisible();
  await snapshot(page, info, 'upload-not-public');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, DOCUMENT_MESSAGES.uploaded(1, 1))).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Medical form' });
  await expect(row).toContainText('Not public');
  // Beside it, a public file the parent does see.
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await dialog
    .locator('input[type=file]')
    .setInputFiles([{ name: 'rules.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await dialog.getByLabel('Title').fill('Team rules');
  // The page starts the next upload not public (spec): tick it, and it says everyone will see it.
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(dialog.getByText(DOCUMENT_MESSAGES.audience(true))).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Team rules' })).toBeVisible();

  // The edit dialog says the same beside its box.
  await row.getByRole('button', { name: 'Edit Medical form' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Document' });
  await expect(edit.getByRole('checkbox', { name: 'Public' })).not.toBeChecked();
  await expect(edit.getByText(DOCUMENT_MESSAGES.audience(false))).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  const context = await browser.newContext({ ...info.project.use, baseURL: new URL(page.url()).origin });
  const parentPage = await context.newPage();
  await signInAs(parentPage, parent, '/#documents');
  const parentList = parentPage.getByRole('group', { name: 'Documents of U11 Private Docs' });
  await expect(parentList.getByRole('heading', { name: 'Team rules' })).toBeVisible();
  await expect(parentPage.getByText('Medical form', { exact: true })).toHaveCount(0);
  await parentPage.getByLabel('Category').selectOption({ label: 'Medical Forms' });
  await expect(parentPage.getByText('No documents in this category.')).toBeVisible();
  // Nor through the API: its id answers as if there were no such document.
  const [stored] = await apiCall<TeamDocument[]>(
    request,
    coach,
    'get',
    `/documents/team/${coach.team.id}?category=medical`,
  );
  const got = await request.get(`/api/documents/download/${stored?.id}`, {
    headers: { authorization: `Bearer ${parent.token}` },
  });
  expect(got.status()).toBe(404);
  expect(await got.json()).toEqual({ detail: DOCUMENT_MESSAGES.notFound });
  await context.close();
});

/** Removes a stored file from the app's blob folder, found by its bytes (the app names it by a random key). */
async function removeStoredFile(bytes: Buffer): Promise<void> {
  const folder = path.join(E2E_DATA_DIR, 'blobs');
  let removed = 0;
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    if ((await readFile(file)).equals(bytes)) {
      await rm(file);
      removed += 1;
    }
  }
  expect(removed).toBe(1);
}

test("a failed download says 'Error' on the documents page and 'Download Failed' on the tournament's @phone", async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U16 Lost Docs', [{ name: 'Ola Berg' }]);
  const headers = { authorization: `Bearer ${coach.token}` };
  const today = todayIn('America/Chicago');
  const cup = await apiCall<{ id: number }>(request, coach, 'post', `/tournaments/team/${coach.team.id}`, {
    name: 'Lost Cup',
    location: 'North Fields',
    start_date: today,
    end_date: today,
  });
  // Bytes of their own, so the test finds these files in the store and no other.
  const teamFile = Buffer.concat([PDF, Buffer.from(`% team ${Date.now()} ${Math.random()}\n`)]);
  const cupFile = Buffer.concat([PDF, Buffer.from(`% cup ${Date.now()} ${Math.random()}\n`)]);
  const uploaded = await request.post(`/api/documents/upload/${coach.team.id}`, {
    headers,
    multipart: {
      title: 'Lost schedule',
      file: { name: 'lost.pdf', mimeType: 'application/pdf', buffer: teamFile },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const cupUploaded = await request.post(`/api/documents/upload/${coach.team.id}`, {
    headers,
    multipart: {
      title: 'Lost map',
      category: 'tournament',
      tournament_id: String(cup.id),
      file: { name: 'map.pdf', mimeType: 'application/pdf', buffer: cupFile },
    },
  });
  expect(cupUploaded.status(), await cupUploaded.text()).toBe(201);
  await removeStoredFile(teamFile);
  await removeStoredFile(cupFile);

  await signInAs(page, coach, '/#documents');
  await page.getByRole('button', { name: 'Download Lost schedule' }).click();
  const failed = page.getByRole('dialog', { name: DOCUMENT_MESSAGES.errorTitle });
  await expect(failed).toContainText(`${DOCUMENT_MESSAGES.downloadFailed}: ${DOCUMENT_MESSAGES.fileMissing}`);
  await snapshot(page, info, 'download-error');
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(failed).toBeHidden();

  await page.goto(`/#tournaments?tournamentId=${cup.id}`);
  const section = page.getByRole('region', { name: 'Tournament Documents' });
  await section.getByRole('button', { name: 'Download Lost map' }).click();
  const cupFailed = page.getByRole('dialog', { name: DOCUMENT_MESSAGES.downloadFailedTitle });
  await expect(cupFailed).toContainText(
    `${DOCUMENT_MESSAGES.downloadFailed}: ${DOCUMENT_MESSAGES.fileMissing}`,
  );
  await snapshot(page, info, 'download-failed-tournament');
  await cupFailed.getByRole('button', { name: 'OK' }).click();

  // Offline, the same title, with the connection's reason.
  await page.route('**/api/documents/download/**', (route) => route.abort('internetdisconnected'));
  await section.getByRole('button', { name: 'Download Lost map' }).click();
  await expect(cupFailed).toContainText(
    `${DOCUMENT_MESSAGES.downloadFailed}: Network error - check connection`,
  );
});
