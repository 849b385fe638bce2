import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
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

  const list = page.getByRole('list', { name: 'Documents of U12 Docs' });
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
      .getByRole('list', { name: 'Documents of U14 Docs' })
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
