import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import { createLinkSigner, signRsvpAnswer } from '../../src/server/features/auth/signed-links.ts';
import {
  type Account,
  apiCall,
  coachWithTeam,
  goToTab,
  isPhone,
  joinApprovedFor,
  registerAccount,
  signInAs,
  snapshotter,
} from './helpers.ts';

// RSVP reminders in the browser (docs/product/notifications.md 'RSVP reminders', 'Answer from the
// email'): a coach taps 'Remind' on the calendar's day and sees who was reminded and when; a parent
// follows an email's answer link, is asked, and records the answer with one tap.

const TODAY = todayIn('America/Chicago');
const snapshot = snapshotter('rsvp-reminders');
/** Further off than any automatic reminder's default hours: only the coach's tap reminds. */
const GAME_DAY = addDays(TODAY, 4);

/** The day's events: the side panel on a desktop, the sheet on a phone (calendar.spec.ts). */
async function openDay(page: Page, info: TestInfo, date: string) {
  const [year = '', month = '', dayOfMonth = ''] = date.split('-');
  const name = new Date(Date.UTC(Number(year), Number(month) - 1, Number(dayOfMonth))).toLocaleDateString(
    'en-US',
    { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  );
  // A phone opens the calendar on the schedule list: the month is one tap away.
  const monthView = page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Month' });
  await expect(monthView).toBeVisible();
  if ((await monthView.getAttribute('aria-pressed')) !== 'true') await monthView.click();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('button', { name: /, today$/ })).toBeVisible();
  const cell = grid.getByRole('button', { name: new RegExp(`^${name},`) });
  if ((await cell.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  await cell.click();
  return isPhone(info)
    ? page.getByRole('dialog', { name: /^\w+day, \d\d\/\d\d\/\d{4}$/ })
    : page.getByRole('region', { name: /^\w+day, \d\d\/\d\d\/\d{4}$/ });
}

async function teamWithFamilies(request: Parameters<typeof coachWithTeam>[0]) {
  const coach = await coachWithTeam(request, 'U12 Lions', [
    { name: 'Sam Stone', jersey_number: 4 },
    { name: 'Mia Lopez', jersey_number: 10 },
  ]);
  // The automatic reminder is off for this team: what the page shows is the coach's tap alone.
  await apiCall(request, coach, 'put', `/teams/${coach.team.id}`, { rsvp_reminder_hours: 0 });
  const families: Account[] = [];
  for (const [index, name] of ['Stella Stone', 'Paula Lopez'].entries()) {
    const parent = await registerAccount(request, name, { role: 'parent' });
    await joinApprovedFor(request, coach, parent, coach.players[index]?.id);
    families.push(parent);
  }
  const game = await apiCall<{ id: number }>(request, coach, 'post', `/games/${coach.team.id}`, {
    opponent: 'Eagles',
    date: GAME_DAY,
    time: '10:00',
    location: 'North Field',
  });
  return { coach, families, game };
}

test("a coach taps 'Remind' on the day and sees who was reminded; a second tap is refused @phone", async ({
  page,
  request,
}, info) => {
  const { coach, families, game } = await teamWithFamilies(request);
  // One family has answered already: only the other is reminded.
  await apiCall(request, families[1] as Account, 'post', '/team-rsvp/submit', {
    event_type: 'game',
    event_id: game.id,
    player_id: coach.players[1]?.id,
    response: 'yes',
  });

  await signInAs(page, coach);
  await goToTab(page, info, 'Calendar');
  const day = await openDay(page, info, GAME_DAY);
  const remind = day.getByRole('button', { name: /^Remind the 1 who has not answered/ });
  await remind.click();
  await expect(page.getByText('Reminded 1 person', { exact: true })).toBeVisible();
  await expect(day.getByText(/^Reminded 1 person at \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await snapshot(page, info, 'day-reminded');

  // The family without an answer has it on the bell; the one who answered does not.
  const reminders = async (account: Account) =>
    (
      await apiCall<{ items: { kind: string; title: string }[] }>(request, account, 'get', '/notifications')
    ).items.filter((n) => n.kind === 'rsvp_reminder');
  const [d, m, y] = [GAME_DAY.slice(8), GAME_DAY.slice(5, 7), GAME_DAY.slice(0, 4)];
  expect(await reminders(families[0] as Account)).toEqual([
    expect.objectContaining({
      kind: 'rsvp_reminder',
      title: `U12 Lions: Please answer for the game vs Eagles on ${m}/${d}/${y} at 10:00 AM`,
    }),
  ]);
  expect(await reminders(families[1] as Account)).toEqual([]);

  // Within six hours: the server's words, beside the button.
  await remind.click();
  await expect(day.getByRole('alert')).toHaveText(
    /^A reminder for this event was already sent at \d{1,2}:\d\d [AP]M\. You can remind again after .+\.$/,
  );
});

test("a parent follows an email's answer link: asked first, recorded with one tap", async ({
  page,
  request,
}, info) => {
  const { coach, families, game } = await teamWithFamilies(request);
  const parent = families[0] as Account;
  const me = await apiCall<{ id: number }>(request, parent, 'get', '/auth/me');
  // The server's signing secret (PGlite: generated into its data folder), as the reminder email signs.
  const secret = fs.readFileSync(path.join(E2E_DATA_DIR, 'signing-secret'), 'utf8').trim();
  const token = signRsvpAnswer(
    createLinkSigner(secret),
    {
      userId: me.id,
      playerId: coach.players[0]?.id ?? 0,
      eventType: 'game',
      eventId: game.id,
      response: 'yes',
    },
    new Date(Date.now() + 86_400_000),
  );
  const answers = () =>
    apiCall<{ rsvps: { event_id: number; response: string }[] }>(
      request,
      parent,
      'get',
      `/team-rsvp/user/${me.id}/events?team_id=${coach.team.id}`,
    );

  // Not signed in.
  await page.goto(`/rsvp-answer?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Answer RSVP' })).toBeVisible();
  const [d, m, y] = [GAME_DAY.slice(8), GAME_DAY.slice(5, 7), GAME_DAY.slice(0, 4)];
  await expect(
    page.getByText(`Record "Going" for Sam at the game vs Eagles on ${m}/${d}/${y} at 10:00 AM?`),
  ).toBeVisible();
  expect((await answers()).rsvps).toEqual([]);
  await snapshot(page, info, 'answer-asked');
  await page.getByRole('button', { name: 'Record answer' }).click();
  await expect(page.getByRole('status')).toContainText('Recorded "Going" for Sam.');
  expect((await answers()).rsvps).toEqual([expect.objectContaining({ event_id: game.id, response: 'yes' })]);

  // A link tampered with.
  await page.goto(`/rsvp-answer?token=${token.slice(0, -2)}xx`);
  await expect(page.getByRole('alert')).toContainText('This answer link is not valid.');
  await expect(page.getByRole('button', { name: 'Record answer' })).toHaveCount(0);
});
