import { expect, type Page, test } from '@playwright/test';
import { apiCall, coachWithTeam, signInAs } from './helpers.ts';

// A page load asks the API for each answer once (docs/decisions/039): every main page, opened afresh
// by a signed-in coach with something on each page, waits until its live stream is connected (the
// moment that used to read every list again) and fails if any API URL was requested twice.

const PAGES = [
  { hash: '#dashboard', heading: 'Team Dashboard' },
  { hash: '#calendar', heading: 'Team Calendar' },
  { hash: '#messages', heading: 'Messages' },
  { hash: '#team', heading: 'Team Management' },
  { hash: '#documents', heading: 'Team Documents' },
  { hash: '#tournaments', heading: 'Games & Schedule' },
  { hash: '#admin', heading: 'Team Administration' },
] as const;

/** Every API request the page makes from now on, as 'METHOD path?query'. */
function recordApiRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return requests;
}

const repeated = (requests: string[]) =>
  [...new Set(requests)].filter((request) => requests.indexOf(request) !== requests.lastIndexOf(request));

test.describe('a page load requests each API URL once', () => {
  let coach: Awaited<ReturnType<typeof coachWithTeam>>;

  test.beforeAll(async ({ request }) => {
    coach = await coachWithTeam(request, 'U11 Once Only', [{ name: 'Ida Moss', jersey_number: 4 }]);
    const teamId = coach.team.id;
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await apiCall(request, coach, 'post', `/games/${teamId}`, {
      opponent: 'Hill Rovers',
      date: soon,
      time: '10:00',
      location: 'Home Ground',
    });
    await apiCall(request, coach, 'post', `/messaging/announcements?team_id=${teamId}`, {
      title: 'Kit check',
      content: 'Bring both kits on Saturday.',
    });
    await apiCall(request, coach, 'post', `/messaging/polls?team_id=${teamId}`, {
      question: 'Extra practice?',
      options: ['Yes', 'No'],
    });
  });

  for (const { hash, heading } of PAGES) {
    test(`${hash}`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requests = recordApiRequests(page);
      const streamed = page.waitForResponse((response) => response.url().includes('/api/messaging/stream'));
      await signInAs(page, coach, `/${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await streamed;
      await expect(page.getByText('Loading...')).toHaveCount(0);
      // The stream's 'ready' arrives just after its headers; what it set off would be requested by now.
      await page.waitForTimeout(1_500);
      expect(repeated(requests), requests.join('\n')).toEqual([]);
      await context.close();
    });
  }
});
