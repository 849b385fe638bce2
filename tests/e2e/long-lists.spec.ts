import { expect, type Page, test } from '@playwright/test';
import type { CreatedPractices } from '../../src/shared/api/events.ts';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays, formatDate } from '../../src/shared/events.ts';
import { monthLabel, monthOfDate } from '../../src/web/lib/months.ts';
import { apiCall, coachWithTeam, expectNoAxeViolations, goToTab, signInAs, snapshotter } from './helpers.ts';

// Long lists (docs/decisions/051-long-lists.md): a season's practices fold by month with the current
// month open and show as one-line rows; the roster and the documents are searched on the page.

const TODAY = todayIn('America/Chicago');
const snapshot = snapshotter('long-lists');

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a season's practices show the current month open and the others folded, one line each @phone", async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U12 Season', [{ name: 'Ada Moss' }]);
  // Two weekly series of 15 from a fortnight ago: four or so past practices and 26 upcoming, over four
  // or five months.
  const created: CreatedPractices['practices'] = [];
  for (const [title, offset] of [
    ['Tuesday Training', -14],
    ['Thursday Training', -12],
  ] as const) {
    const { practices } = await apiCall<CreatedPractices>(request, coach, 'post', '/practices', {
      team_id: coach.team.id,
      title,
      date: addDays(TODAY, offset),
      time: '17:30',
      location: 'Back Field',
      repeat_weeks: 15,
    });
    created.push(...practices);
  }
  const upcoming = created.filter((p) => p.date! >= TODAY).sort((a, b) => a.date!.localeCompare(b.date!));
  const months = [...new Set(upcoming.map((p) => monthOfDate(p.date)))];
  const count = (month: string) => upcoming.filter((p) => monthOfDate(p.date) === month).length;
  const disclosure = (month: string) =>
    page
      .getByRole('group', { name: 'Upcoming practices' })
      .getByRole('button', { name: `${monthLabel(month)} (${count(month)})`, exact: true });

  // And a game every ten days: the games fold by month too.
  for (let n = 0; n < 12; n += 1) {
    await apiCall(request, coach, 'post', `/games/${coach.team.id}`, {
      opponent: `Rivals ${n + 1}`,
      date: addDays(TODAY, n * 10 - 20),
      time: '10:00',
      location: 'Main Field',
    });
  }

  await signInAs(page, coach);
  await goToTab(page, info, 'Team Events');
  // The tab counts what the Upcoming list shows.
  const tab = page.getByRole('tab', { name: /Practices/ });
  await expect(tab).toContainText(String(upcoming.length));
  await tab.click();
  await expect(page.getByRole('button', { name: `Upcoming (${upcoming.length})` })).toBeVisible();

  // The first month (this one, unless its practices are over) is open; the last one is folded.
  const first = months[0]!;
  const last = months.at(-1)!;
  expect(months.length).toBeGreaterThanOrEqual(4);
  await expect(disclosure(first)).toHaveAttribute('aria-expanded', 'true');
  await expect(disclosure(last)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('list', { name: `Upcoming practices, ${monthLabel(last)}` })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a season of practices');
  await noSidewaysScroll(page);
  await snapshot(page, info, 'practices');
  // Thirty practices: short enough to read on a phone.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(info.project.name === 'phone' ? 3000 : 2000);

  // One line each: a tap opens the practice with its actions.
  expect(await page.getByRole('button', { name: 'Compact' }).getAttribute('aria-pressed')).toBe('true');
  const soonest = upcoming[0]!;
  const row = page
    .getByRole('list', { name: `Upcoming practices, ${monthLabel(first)}` })
    .getByRole('button', { name: new RegExp(`^${formatDate(soonest.date).replaceAll('/', '\\/')}`) });
  await expect(row).toContainText(soonest.title);
  await expect(row).toContainText('Back Field');
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: `Edit ${soonest.title} on ${formatDate(soonest.date)}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Practice' });
  await expect(form.getByLabel('Time')).toHaveValue('17:30');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // A folded month opens on a tap.
  await disclosure(last).click();
  await expect(disclosure(last)).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('list', { name: `Upcoming practices, ${monthLabel(last)}` }).getByRole('listitem'),
  ).toHaveCount(count(last));

  // Ten upcoming games: a short list, every month open.
  await page.getByRole('tab', { name: /Individual Games/ }).click();
  const games = page.getByRole('group', { name: 'Upcoming games' });
  await expect(games.getByRole('listitem')).toHaveCount(10);
  await expect(games.getByRole('button', { expanded: false })).toHaveCount(0);
  await snapshot(page, info, 'games');
});

test('a coach searches the roster by name, jersey and parent, and the documents by title @phone', async ({
  page,
  request,
}, info) => {
  const coach = await coachWithTeam(request, 'U12 Search', [
    { name: 'Mia Lopez', jersey_number: 7 },
    { name: 'Noah Reed', jersey_number: 17 },
    { name: 'Zoe Park', jersey_number: 4 },
  ]);
  const zoe = coach.players.find((p) => p.name === 'Zoe Park')!;
  await apiCall(request, coach, 'post', `/teams/${coach.team.id}/players/${zoe.id}/parents`, {
    parent_name: 'Grace Park',
    parent_email: 'grace.park@example.com',
    relationship_type: 'parent',
    send_invite: false,
  });
  const headers = { authorization: `Bearer ${coach.token}` };
  for (const title of ['Winter schedule', 'Medical form', 'Cup rules']) {
    const uploaded = await request.post(`/api/documents/upload/${coach.team.id}`, {
      headers,
      multipart: {
        title,
        file: {
          name: `${title.toLowerCase().replace(' ', '-')}.txt`,
          mimeType: 'text/plain',
          buffer: Buffer.from(`${title}\n`),
        },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }

  await signInAs(page, coach, '/#team');
  const players = page.getByRole('list', { name: 'Players' });
  await expect(players.getByRole('heading', { level: 3 })).toHaveCount(3);
  const search = page.getByRole('searchbox', { name: 'Search players' });
  await search.fill('7');
  await expect(players.getByRole('heading', { level: 3 })).toHaveText(['Mia Lopez']);
  await search.fill('grace');
  await expect(players.getByRole('heading', { level: 3 })).toHaveText(['Zoe Park']);
  await search.fill('Xavi');
  await expect(page.getByText('No players match "Xavi".')).toBeVisible();
  await snapshot(page, info, 'roster-no-match');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(players.getByRole('heading', { level: 3 })).toHaveCount(3);
  await noSidewaysScroll(page);

  await goToTab(page, info, 'Documents');
  const documents = page.getByRole('group', { name: 'Documents of U12 Search' });
  await expect(documents.getByRole('heading', { level: 2 })).toHaveCount(3);
  await expect(documents.getByRole('button', { name: /\(3\)$/ })).toHaveAttribute('aria-expanded', 'true');
  await snapshot(page, info, 'documents');
  const findDocument = page.getByRole('searchbox', { name: 'Search documents' });
  await findDocument.fill('medical');
  await expect(documents.getByRole('heading', { level: 2 })).toHaveText(['Medical form']);
  await findDocument.fill('cup-rules.txt');
  await expect(documents.getByRole('heading', { level: 2 })).toHaveText(['Cup rules']);
  await findDocument.fill('budget');
  await expect(page.getByText('No documents match "budget".')).toBeVisible();
  await expectNoAxeViolations(page, 'documents with no match');
  await snapshot(page, info, 'documents-no-match');
});
