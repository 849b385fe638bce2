// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rsvp, RsvpPlayer } from '../../src/shared/api/calendar.ts';
import { CALENDAR_MESSAGES, type CalendarEvent } from '../../src/shared/calendar.ts';
import { MODERATOR_FLAGS } from '../../src/shared/permissions.ts';
import { RSVP_MESSAGES } from '../../src/shared/rsvp.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { CalendarScreen } from '../../src/web/app/CalendarScreen.tsx';
import { escapeHtml, scheduleHtml } from '../../src/web/features/calendar/lib/print-schedule.ts';
import { dismissToast } from '../../src/web/lib/toasts.ts';
import { emptyAnswer, mockFetch, renderWithClient, type FetchCall } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// Today is Tuesday 2026-11-24 in Chicago, 9:00 AM: the day's 10:00 game has not started yet.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
});

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  setPhone(false);
});

let phoneMatches = false;
const realMatchMedia = window.matchMedia.bind(window);
function setPhone(phone: boolean) {
  phoneMatches = phone;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: phone
      ? (query: string) =>
          ({
            matches: phoneMatches && query.includes('max-width'),
            media: query,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList
      : realMatchMedia,
  });
}

function calEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  const id = overrides.id ?? 'game-1';
  return {
    id,
    source: 'game',
    sourceId: 1,
    title: 'vs Hawks',
    date: '2026-11-24',
    time: '10:00',
    durationMinutes: 90,
    location: 'Main Field',
    address: '1 Park Rd',
    kit: 'Home',
    type: 'game',
    kind: 'league',
    gameType: 'league',
    status: 'scheduled',
    tournamentId: null,
    tournamentName: null,
    tournamentStatus: null,
    tournamentEndDate: null,
    notes: null,
    tournamentNotes: null,
    isPlaceholder: false,
    rsvpEventType: 'game',
    rsvpEventId: 1,
    arrivalTime: null,
    ourScore: null,
    opponentScore: null,
    ...overrides,
  };
}

const tournamentGame = calEvent({
  id: 'tournament-game-5',
  source: 'tournament_game',
  sourceId: 5,
  title: 'vs Eagles',
  date: '2026-11-27',
  time: null,
  durationMinutes: null,
  location: 'Riverside Park, Field 2',
  address: null,
  kit: 'Not specified',
  kind: 'tournament',
  gameType: 'tournament',
  tournamentId: 7,
  tournamentName: 'Thanksgiving Cup',
  tournamentStatus: 'active',
  notes: 'Bring water',
  rsvpEventType: 'tournament',
  rsvpEventId: 5,
});
const placeholder = calEvent({
  id: 'tournament-7-2026-11-28',
  source: 'tournament_day',
  sourceId: 7,
  title: 'Tournament (TBD)',
  date: '2026-11-28',
  time: null,
  durationMinutes: null,
  location: 'Riverside Park',
  address: null,
  kit: 'Not specified',
  kind: 'tournament',
  gameType: 'tournament',
  status: null,
  tournamentId: 7,
  tournamentName: 'Thanksgiving Cup',
  tournamentStatus: 'active',
  isPlaceholder: true,
  rsvpEventType: null,
  rsvpEventId: null,
});

const MIA: RsvpPlayer = { id: 11, team_id: 3, name: 'Mia Lee', jersey_number: 7 };
const LEO: RsvpPlayer = { id: 12, team_id: 3, name: 'Leo Lee', jersey_number: 9 };

function rsvp(player: RsvpPlayer, response: Rsvp['response'], overrides: Partial<Rsvp> = {}): Rsvp {
  return {
    id: player.id * 100,
    team_id: 3,
    player_id: player.id,
    player_name: player.name,
    event_type: 'game',
    event_id: 1,
    response,
    notes: null,
    responded_by_name: 'Pat Lee',
    updated_at: '2026-11-24T12:00:00.000Z',
    ...overrides,
  };
}

interface Server {
  events?: CalendarEvent[];
  players?: RsvpPlayer[];
  rsvps?: Rsvp[];
  answer?: (url: string, method: string, body: unknown) => { status?: number; body: unknown } | undefined;
}

function serve({ events = [], players = [MIA], rsvps = [], answer }: Server = {}): FetchCall[] {
  const inner = mockFetch((url, method) => {
    const custom = answer?.(url, method, inner[inner.length - 1]?.body);
    if (custom) return custom;
    if (url.endsWith('/config'))
      return {
        body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
      };
    if (url.includes('/calendar/team/3/events')) {
      const params = new URL(url, 'http://x').searchParams;
      const from = params.get('from') ?? '';
      const to = params.get('to') ?? '';
      return { body: events.filter((e) => e.date >= from && e.date <= to) };
    }
    if (url.includes('/team-rsvp/user/')) return { body: { players, rsvps } };
    if (url.endsWith('/team-rsvp/submit') && method === 'POST') {
      const sent = inner[inner.length - 1]?.body as { player_id: number; response: Rsvp['response'] };
      const player = players.find((p) => p.id === sent.player_id) ?? MIA;
      return { body: rsvp(player, sent.response) };
    }
    if (url.endsWith('/team-rsvp/submit-all') && method === 'POST') {
      const sent = inner[inner.length - 1]?.body as { player_ids: number[]; response: Rsvp['response'] };
      return {
        body: sent.player_ids.map((id) => rsvp(players.find((p) => p.id === id) ?? MIA, sent.response)),
      };
    }
    if (url.endsWith('/calendar/token'))
      return { body: { user_id: 5, token: 'abc', feed_path: '/api/calendar/feed/5/abc.ics' } };
    if (url.endsWith('/calendar/token/regenerate'))
      return { body: { user_id: 5, token: 'xyz', feed_path: '/api/calendar/feed/5/xyz.ics' } };
    return { body: emptyAnswer(url) };
  });
  return inner;
}

/** `isCoach`: coach of this team (or an admin), as the team's answer says. */
function renderPage({ role = 'parent', isCoach = false } = {}) {
  return renderWithClient(
    <>
      <ToastRegion layer={null} />
      <CalendarScreen
        title="Team Calendar"
        team={teamFixture({ is_coach: isCoach })}
        user={{ id: 5, role: role as 'parent' }}
      />
    </>,
  );
}

const grid = () => screen.getByRole('grid', { name: /2026/ });
const day = (label: RegExp) => within(grid()).getByRole('button', { name: label });
const panel = () => screen.getByRole('region', { name: /^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day, / });

describe('Team Calendar: the month', () => {
  it('shows the month Sunday first, marks today, and asks for the grid once per month', async () => {
    const calls = serve({ events: [calEvent()] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeTruthy();
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const cells = within(grid()).getAllByRole('gridcell');
    expect(cells).toHaveLength(35);
    expect(within(cells[0]!).getByRole('button').getAttribute('aria-label')).toBe(
      'Sunday, November 1, 2026, no events',
    );
    await waitFor(() =>
      expect(day(/^Tuesday, November 24, 2026, 1 event, today$/).getAttribute('aria-current')).toBe('date'),
    );
    // One tab stop: today.
    expect(
      within(grid())
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
    expect(day(/November 24/).tabIndex).toBe(0);
    expect(calls.filter((c) => c.url.includes('/calendar/team/')).map((c) => c.url)).toEqual([
      '/api/calendar/team/3/events?from=2026-11-01&to=2026-12-05',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeTruthy();
    // The same day of the month stays selected.
    expect(
      day(/October 24/)
        .closest('td')
        ?.getAttribute('aria-selected'),
    ).toBe('true');
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('from=2026-09-27&to=2026-10-31'))).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();
  });

  it('has a legend of event types with the dashed Tournament (TBD)', async () => {
    serve();
    renderPage();
    const legend = await screen.findByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Friendly', 'League', 'Other', 'Tournament', 'Practice', 'Tournament (TBD)']);
  });

  it('moves between days with the arrow keys, into the next month, and keeps one tab stop', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { name: 'November 2026' });
    const today = day(/November 24/);
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Wednesday, November 25, 2026/);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Wednesday, December 2, 2026/);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Sunday, November 29, 2026/);
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Tuesday, December 29, 2026/);
    expect(
      within(grid())
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
    // The side panel follows on a desktop.
    expect(panel().querySelector('h2')?.textContent).toBe('Tuesday, 12/29/2026');
  });

  it('says to pick a team when there is none', () => {
    serve();
    renderWithClient(<CalendarScreen title="Team Calendar" team={null} user={{ id: 5, role: 'parent' }} />);
    expect(screen.getByText(CALENDAR_MESSAGES.noTeam)).toBeTruthy();
  });
});

describe('Team Calendar: a day', () => {
  it('lists the day with time (TBD), place, kit, tournament, In Progress and notes; a placeholder has no RSVP', async () => {
    serve({ events: [calEvent(), tournamentGame, placeholder] });
    renderPage();
    await screen.findByRole('heading', { name: 'November 2026' });
    await waitFor(() => expect(day(/November 24, 2026, 1 event/)).toBeTruthy());
    let region = panel();
    expect(within(region).getByRole('heading', { name: 'vs Hawks' })).toBeTruthy();
    expect(region.textContent).toContain('10:00 AM');
    expect(region.textContent).toContain('Main Field1 Park Rd');

    fireEvent.click(day(/November 27/));
    region = panel();
    expect(region.querySelector('h2')?.textContent).toBe('Friday, 11/27/2026');
    const facts = within(region).getByRole('article', { name: 'vs Eagles' }).textContent ?? '';
    for (const text of [
      'TBD',
      'Riverside Park, Field 2',
      'Not specified',
      'Thanksgiving Cup',
      'In Progress',
      'Bring water',
    ])
      expect(facts).toContain(text);
    expect(within(region).getByRole('group', { name: 'RSVP for Mia Lee, vs Eagles' })).toBeTruthy();

    fireEvent.click(day(/November 28/));
    region = panel();
    const card = within(region).getByRole('article', { name: 'Tournament (TBD)' });
    expect(card.className).toContain('cal-event--placeholder');
    expect(within(card).queryByRole('group')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();

    fireEvent.click(day(/November 26/));
    expect(panel().textContent).toContain(CALENDAR_MESSAGES.noEvents);
  });

  it('shows the arrival time, a completed score, the kit, and the address as a link to directions', async () => {
    serve({
      events: [
        calEvent({ arrivalTime: '09:15', kit: 'Red home kit' }),
        calEvent({
          id: 'game-2',
          sourceId: 2,
          rsvpEventId: 2,
          title: 'vs Owls',
          time: '13:00',
          status: 'completed',
          ourScore: 3,
          opponentScore: 1,
        }),
      ],
    });
    renderPage();
    await waitFor(() => expect(day(/November 24, 2026, 2 events/)).toBeTruthy());
    const hawks = within(panel()).getByRole('article', { name: 'vs Hawks' });
    expect(hawks.textContent).toContain('Arrive by9:15 AM');
    expect(hawks.textContent).toContain('KitRed home kit');
    expect(hawks.textContent).not.toContain('Score');
    const directions = within(hawks).getByRole('link', {
      name: '1 Park Rd (directions, opens in a new tab)',
    });
    expect(directions.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Park%20Rd',
    );
    expect(directions.getAttribute('rel')).toBe('noopener noreferrer');
    const owls = within(panel()).getByRole('article', { name: 'vs Owls' });
    expect(owls.textContent).toContain('Score3 - 1 (Won)');
    expect(owls.textContent).not.toContain('Arrive by');
  });

  it("names what a phone's day holds per type, one tap from the list, and opens the day in a sheet", async () => {
    setPhone(true);
    const many = Array.from({ length: 8 }, (_, i) =>
      calEvent({
        id: `practice-${i}`,
        title: `Practice ${i}`,
        kind: 'practice',
        type: 'practice',
        time: `1${i}:00`,
        rsvpEventId: i + 1,
      }),
    );
    serve({ events: [...many, calEvent({ id: 'game-9', date: '2026-11-24', rsvpEventId: 9 })] });
    renderPage();
    // A phone opens on the list; the month is one tap away.
    fireEvent.click(await screen.findByRole('button', { name: 'Month' }));
    await waitFor(() => expect(day(/November 24, 2026, 9 events/)).toBeTruthy());
    const tally = within(day(/November 24/)).getByTestId('day-tally');
    expect([...tally.children].map((c) => c.textContent)).toEqual(['G', '8P']);
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GGames', 'PPractices', 'TTournaments']);
    // No side panel on a phone: a tap opens the day as a dialog.
    expect(screen.queryByRole('region', { name: /Tuesday, 11\/24\/2026/ })).toBeNull();
    fireEvent.click(day(/November 24/));
    const sheet = await screen.findByRole('dialog', { name: 'Tuesday, 11/24/2026' });
    expect(within(sheet).getAllByRole('article')).toHaveLength(9);
  });
});

describe('Team Calendar: the schedule list', () => {
  const season = [
    calEvent({ id: 'game-1', title: 'vs Past Rovers', date: '2026-11-20', rsvpEventId: 1 }),
    calEvent({ id: 'game-2', title: 'vs Hawks', date: '2026-11-25', time: '18:00', rsvpEventId: 2 }),
    // The server answers in date order.
    tournamentGame,
    calEvent({
      id: 'practice-3',
      title: 'Tuesday Training',
      date: '2026-12-01',
      time: '17:30',
      kind: 'practice',
      type: 'practice',
      gameType: null,
      rsvpEventType: 'practice',
      rsvpEventId: 3,
    }),
    calEvent({ id: 'game-4', title: 'vs Far Future', date: '2027-03-02', rsvpEventId: 4 }),
  ];
  const rowTitles = () =>
    within(screen.getByRole('region', { name: 'Schedule' }))
      .queryAllByRole('listitem')
      .map((li) => li.querySelector('.cal-row__name')?.textContent);

  it('opens on a phone as the next 2 weeks by week, with date, time, type, place and answers', async () => {
    setPhone(true);
    serve({
      events: season,
      players: [MIA, LEO],
      rsvps: [rsvp(MIA, 'yes', { event_id: 2 }), rsvp(LEO, 'no', { event_id: 2 })],
    });
    renderPage();
    await waitFor(() => expect(rowTitles()).toEqual(['vs Hawks', 'vs Eagles', 'Tuesday Training']));
    expect(screen.getByRole('button', { name: 'Next 2 weeks' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches windows (All upcoming, Past) and filters by type; past events open without buttons', async () => {
    setPhone(true);
    serve({ events: season, rsvps: [rsvp(MIA, 'maybe', { event_id: 2 })] });
    renderPage();
    await waitFor(() => expect(rowTitles()).toEqual(['vs Hawks', 'vs Eagles', 'Tuesday Training']));
    const hawks = screen.getByRole('button', { name: /vs Hawks/ });
    expect(hawks.textContent).toContain('Wed, Nov 25');
    expect(hawks.textContent).toContain('6:00 PM');
    expect(hawks.textContent).toContain('League');
    expect(hawks.textContent).toContain('Main Field');
    expect(hawks.querySelector('.answer-line')?.textContent).toBe('Mia: Maybe');
    expect(
      within(screen.getByRole('region', { name: 'Schedule' }))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Week of Nov 22 - 28', 'Week of Nov 29 - Dec 5']);

    fireEvent.click(screen.getByRole('button', { name: 'All upcoming' }));
    await waitFor(() =>
      expect(rowTitles()).toEqual(['vs Hawks', 'vs Eagles', 'Tuesday Training', 'vs Far Future']),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'practices' } });
    expect(rowTitles()).toEqual(['Tuesday Training']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'tournaments' } });
    expect(rowTitles()).toEqual(['vs Eagles']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'games' } });
    expect(rowTitles()).toEqual(['vs Hawks', 'vs Far Future']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Past' }));
    await waitFor(() => expect(rowTitles()).toEqual(['vs Past Rovers']));
    fireEvent.click(screen.getByRole('button', { name: /vs Past Rovers/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Friday, 11/20/2026' });
    expect(within(sheet).getByText(RSVP_MESSAGES.closed)).toBeTruthy();
    expect(within(sheet).queryByRole('group', { name: /^RSVP for/ })).toBeNull();
  });

  it('is one tap away on a desktop, which opens on the month', async () => {
    serve({ events: season });
    renderPage();
    await waitFor(() => expect(grid()).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(rowTitles()).toEqual(['vs Hawks', 'vs Eagles', 'Tuesday Training']));
    fireEvent.click(screen.getByRole('button', { name: /vs Hawks/ }));
    const side = await screen.findByRole('region', { name: 'Wednesday, 11/25/2026' });
    expect(within(side).getByRole('group', { name: 'RSVP for Mia Lee, vs Hawks' })).toBeTruthy();
  });
});

describe('Team Calendar: RSVP', () => {
  it('answers for a player and shows the answer; the toast names the player and the answer', async () => {
    const calls = serve({ events: [calEvent()] });
    renderPage();
    const group = await screen.findByRole('group', { name: 'RSVP for Mia Lee, vs Hawks' });
    expect(within(panel()).getByText('No answer yet')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Maybe Attending' }));
    await screen.findByText('✓ RSVP submitted for Mia Lee: maybe attending');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      [
        '/api/team-rsvp/submit',
        { event_type: 'game', event_id: 1, player_id: 11, response: 'maybe', notes: null },
      ],
    ]);
    await waitFor(() =>
      expect(
        within(group).getByRole('button', { name: 'Maybe Attending' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  it('sends a note with the answer and keeps it when the answer fails', async () => {
    const calls = serve({
      events: [calEvent()],
      answer: (url, method) =>
        url.endsWith('/team-rsvp/submit') && method === 'POST'
          ? { status: 403, body: { detail: RSVP_MESSAGES.notEligible } }
          : undefined,
    });
    renderPage();
    await screen.findByRole('group', { name: 'RSVP for Mia Lee, vs Hawks' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a note for Mia Lee' }));
    const note = screen.getByLabelText('Note for Mia Lee (optional)');
    fireEvent.change(note, { target: { value: 'Late by 10 min' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'RSVP for Mia Lee, vs Hawks' })).getByRole('button', {
        name: 'Attending',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to submit RSVP: You cannot RSVP for this player',
    );
    expect((screen.getByLabelText('Note for Mia Lee (optional)') as HTMLInputElement).value).toBe(
      'Late by 10 min',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      notes: 'Late by 10 min',
      response: 'yes',
    });
  });

  it('fails at once with the connection message when offline, and a second tap sends nothing', async () => {
    serve({ events: [calEvent()] });
    renderPage();
    const group = await screen.findByRole('group', { name: 'RSVP for Mia Lee, vs Hawks' });
    const posts: string[] = [];
    let release: () => void = () => undefined;
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(String(input));
          await new Promise<void>((resolve) => (release = resolve));
          throw new TypeError('Failed to fetch');
        }
        return original(input, init);
      }),
    );
    const yes = within(group).getByRole('button', { name: 'Attending' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    fireEvent.click(within(group).getByRole('button', { name: 'Not Attending' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    act(() => release());
    expect((await screen.findByRole('alert')).textContent).toContain(RSVP_MESSAGES.offline);
  });

  it("says 'No players available for RSVP' when the user may answer for no one", async () => {
    serve({ events: [calEvent()], players: [] });
    renderPage();
    expect(await within(await waitFor(panel)).findByText(RSVP_MESSAGES.noPlayers)).toBeTruthy();
    expect(screen.queryByLabelText('Show RSVPs for')).toBeNull();
  });

  it('lets a parent answer for all their players in one tap, and show one child only', async () => {
    const calls = serve({
      events: [calEvent()],
      players: [MIA, LEO],
      rsvps: [rsvp(LEO, 'no', { notes: 'Sick' })],
    });
    renderPage();
    const all = await screen.findByRole('group', { name: 'All my players, vs Hawks' });
    expect(
      within(screen.getByRole('group', { name: 'RSVP for Leo Lee, vs Hawks' }))
        .getByRole('button', { name: 'Not Attending' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect((screen.getByLabelText('Note for Leo Lee (optional)') as HTMLInputElement).value).toBe('Sick');
    fireEvent.click(within(all).getByRole('button', { name: 'All my players: Attending' }));
    await screen.findByText(RSVP_MESSAGES.submittedAll(2, 'yes'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      [
        '/api/team-rsvp/submit-all',
        { event_type: 'game', event_id: 1, player_ids: [11, 12], response: 'yes' },
      ],
    ]);
    await waitFor(() =>
      expect(
        within(all).getByRole('button', { name: 'All my players: Attending' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(within(panel()).getAllByText('Attending', { selector: '.tag' })).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Show RSVPs for'), { target: { value: '12' } });
    expect(screen.queryByRole('group', { name: 'RSVP for Mia Lee, vs Hawks' })).toBeNull();
    expect(screen.getByRole('group', { name: 'RSVP for Leo Lee, vs Hawks' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'All my players, vs Hawks' })).toBeNull();
  });

  it('gives a coach every player and no all-at-once answer', async () => {
    serve({ events: [calEvent()], players: [MIA, LEO] });
    renderPage({ role: 'coach', isCoach: true });
    await screen.findByRole('group', { name: 'RSVP for Leo Lee, vs Hawks' });
    expect(screen.queryByRole('group', { name: 'All my players, vs Hawks' })).toBeNull();
    expect(
      within(screen.getByLabelText('Show RSVPs for'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All players', 'Mia Lee', 'Leo Lee']);
  });
});

describe('Team Calendar: what the team lets the user do (answer_for_all_players)', () => {
  // A moderator: a parent of this team holding every flag. No flag grants answering for every player.
  const everyFlag = (url: string) =>
    url.endsWith('/moderators/my-permissions/3')
      ? {
          body: { team_id: 3, is_coach: false, ...Object.fromEntries(MODERATOR_FLAGS.map((f) => [f, true])) },
        }
      : undefined;
  const showFor = () =>
    within(screen.getByLabelText('Show RSVPs for'))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it("gives a moderator parent their own players and 'All my players', not 'All players'", async () => {
    serve({ events: [calEvent()], players: [MIA, LEO], answer: everyFlag });
    renderPage({ role: 'parent' });
    expect(await screen.findByRole('group', { name: 'All my players, vs Hawks' })).toBeTruthy();
    expect(showFor()).toEqual(['All my players', 'Mia Lee', 'Leo Lee']);
  });

  it('goes by the team, not the account: a coach account that is a parent on this team answers as one', async () => {
    serve({ events: [calEvent()], players: [MIA, LEO] });
    renderPage({ role: 'coach', isCoach: false });
    expect(await screen.findByRole('group', { name: 'All my players, vs Hawks' })).toBeTruthy();
    expect(showFor()).toEqual(['All my players', 'Mia Lee', 'Leo Lee']);
  });

  it("subscribes a coach of the team to the whole team's feed, and a moderator parent to one child's", async () => {
    serve({ events: [calEvent()], players: [MIA, LEO] });
    const coach = renderPage({ role: 'coach', isCoach: true });
    await screen.findByLabelText('Show RSVPs for');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Calendar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Subscribe to Calendar' });
    await within(dialog).findByLabelText('Calendar URL');
    expect(within(dialog).queryByLabelText('Calendar for')).toBeNull();
    coach.unmount();

    serve({ events: [calEvent()], players: [MIA, LEO], answer: everyFlag });
    renderPage({ role: 'parent' });
    await screen.findByLabelText('Show RSVPs for');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Calendar' }));
    dialog = await screen.findByRole('dialog', { name: 'Subscribe to Calendar' });
    expect(await within(dialog).findByLabelText('Calendar for')).toBeTruthy();
  });
});

describe('Team Calendar: a coach', () => {
  it("folds a whole team's answers under their counts", async () => {
    const players = [
      MIA,
      LEO,
      { id: 13, team_id: 3, name: 'Ava Stone', jersey_number: 3 },
      { id: 14, team_id: 3, name: 'Sam Reed', jersey_number: 4 },
    ];
    serve({ events: [calEvent()], players, rsvps: [rsvp(MIA, 'yes'), rsvp(LEO, 'no')] });
    renderPage({ role: 'coach', isCoach: true });
    const summary = await screen.findByText('Players (4): 1 Attending, 1 Not Attending, 2 no answer yet');
    const fold = summary.closest('details');
    expect(fold?.open).toBe(false);
    fireEvent.click(summary);
    expect(within(fold!).getByRole('group', { name: 'RSVP for Sam Reed, vs Hawks' })).toBeTruthy();
  });
});

describe('Team Calendar: RSVPs close when the event starts (docs/product/calendar-rsvp-and-feed.md)', () => {
  // Yesterday's game has started; today's at 10:00 starts in an hour.
  const started = calEvent({
    id: 'game-2',
    sourceId: 2,
    rsvpEventId: 2,
    date: '2026-11-23',
    title: 'vs Owls',
  });

  it('shows a parent the answers of a started event with the message and no buttons', async () => {
    serve({
      events: [started, calEvent()],
      players: [MIA, LEO],
      rsvps: [rsvp(MIA, 'yes', { event_id: 2, notes: 'Left at half time' })],
    });
    renderPage();
    await screen.findByRole('group', { name: 'RSVP for Mia Lee, vs Hawks' });
    fireEvent.click(day(/November 23/));
    const card = await within(panel()).findByRole('article', { name: 'vs Owls' });
    expect(within(card).getByRole('note').textContent).toBe('This event has started; RSVPs are closed.');
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(within(card).queryByRole('group')).toBeNull();
    expect(within(card).getByText('Attending', { selector: '.tag' })).toBeTruthy();
    expect(within(card).getByText('No answer yet')).toBeTruthy();
    expect(within(card).getByText('Note: Left at half time')).toBeTruthy();
  });

  it('lets a coach record attendance after the start, saying until when, and not after 7 days', async () => {
    const lastWeek = calEvent({
      id: 'game-3',
      sourceId: 3,
      rsvpEventId: 3,
      date: '2026-11-17',
      title: 'vs Larks',
    });
    serve({ events: [started, lastWeek], players: [MIA, LEO] });
    renderPage({ role: 'coach', isCoach: true });
    fireEvent.click(await screen.findByRole('button', { name: /November 23/ }));
    const card = await within(panel()).findByRole('article', { name: 'vs Owls' });
    await within(card).findByRole('group', { name: 'RSVP for Mia Lee, vs Owls' });
    expect(within(card).getByRole('note').textContent).toBe(
      RSVP_MESSAGES.coachesStillOpen('11/30/2026 at 10:00 AM'),
    );
    // 11/17 at 10:00 plus 7 days is 11/24 at 10:00, an hour from now: still open.
    fireEvent.click(day(/November 17/));
    const larks = await within(panel()).findByRole('article', { name: 'vs Larks' });
    expect(within(larks).getByRole('group', { name: 'RSVP for Mia Lee, vs Larks' })).toBeTruthy();
    vi.setSystemTime(new Date('2026-11-24T16:00:00Z'));
    // The page follows the clock (at most 30 s late); a re-render shows it at once.
    fireEvent.click(day(/November 23/));
    fireEvent.click(day(/November 17/));
    const closed = await within(panel()).findByRole('article', { name: 'vs Larks' });
    expect(within(closed).getByRole('note').textContent).toBe(RSVP_MESSAGES.closedForCoaches);
    expect(within(closed).queryByRole('group')).toBeNull();
  });
});

describe('Team Calendar: subscribe and print', () => {
  it('shows the feed URL, copies it, offers webcal and one child, and makes a new link after confirming', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = serve({ players: [MIA, LEO] });
    renderPage();
    await screen.findByLabelText('Show RSVPs for');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Calendar' });
    const url = (await within(dialog).findByLabelText('Calendar URL')) as HTMLInputElement;
    const origin = window.location.origin;
    expect(url.value).toBe(`${origin}/api/calendar/feed/5/abc.ics`);
    expect(
      within(dialog).getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href'),
    ).toMatch(/^webcal:\/\/.*\/api\/calendar\/feed\/5\/abc\.ics$/);
    for (const app of [
      'Google Calendar',
      'Outlook',
      'Apple Calendar (iPhone, iPad, Mac)',
      'Other calendar apps',
    ])
      expect(within(dialog).getByText(app)).toBeTruthy();
    expect(dialog.textContent).toContain('syncs automatically');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${origin}/api/calendar/feed/5/abc.ics`));
    expect(await within(dialog).findByText(CALENDAR_MESSAGES.copied)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Calendar for'), { target: { value: '12' } });
    expect(url.value).toBe(`${origin}/api/calendar/feed/5/abc.ics?player_id=12`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regenerate link?' });
    expect(confirm.textContent).toContain(CALENDAR_MESSAGES.regenerateConfirm);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Regenerate link' }));
    await waitFor(() => expect(url.value).toBe(`${origin}/api/calendar/feed/5/xyz.ics?player_id=12`));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/calendar/token/regenerate',
    ]);
    expect(await within(dialog).findByText(CALENDAR_MESSAGES.regenerated)).toBeTruthy();
  });

  it('says when the link cannot be had', async () => {
    serve({
      answer: (url) =>
        url.endsWith('/calendar/token') ? { status: 500, body: { detail: 'boom' } } : undefined,
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe to Calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Calendar' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      CALENDAR_MESSAGES.subscriptionFailed,
    );
  });

  it('asks to allow popups when the print window is blocked', async () => {
    serve();
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Print Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CALENDAR_MESSAGES.popupBlocked);
  });

  function fakeWindow() {
    const doc = document.implementation.createHTMLDocument('print');
    let html = '';
    const win = {
      closed: false,
      document: {
        open: () => (html = ''),
        write: (text: string) => (html += text),
        close: () => {
          // happy-dom loads no stylesheets: the page's own link is left out here.
          doc.documentElement.innerHTML = html.replace(/^<!doctype html>/i, '').replace(/<link[^>]*>/, '');
        },
        getElementById: (id: string) => doc.getElementById(id),
      },
      close: vi.fn(),
      focus: vi.fn(),
      print: vi.fn(),
    };
    return { win, doc, html: () => html };
  }

  it('warns when there is nothing upcoming to print', async () => {
    const calls = serve({ events: [calEvent({ date: '2026-11-20' })] });
    const { win } = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Print Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CALENDAR_MESSAGES.noUpcoming);
    expect(win.close).toHaveBeenCalled();
    expect(calls.some((c) => c.url.endsWith('from=2026-11-24&to=2027-02-21'))).toBe(true);
  });

  it('prints the upcoming events with every value escaped', async () => {
    serve({
      events: [
        calEvent({ date: '2026-11-20', title: 'vs Past' }),
        calEvent({ title: 'vs <b>Hawks</b>', notes: 'Bring "snacks" & water' }),
        tournamentGame,
      ],
    });
    const { win, doc, html } = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Print Schedule' }));
    await waitFor(() => expect(doc.querySelector('h1')?.textContent).toBe('Riverside Lions'));
    expect(html()).not.toContain('<b>Hawks');
    expect(html()).toContain('vs &lt;b&gt;Hawks&lt;/b&gt;');
    const rows = [...doc.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      [
        'Tue 11/24/2026',
        '10:00 AM',
        'vs <b>Hawks</b>',
        'Main Field1 Park Rd',
        'Home',
        'Bring "snacks" & water',
      ],
      [
        'Fri 11/27/2026',
        'TBD',
        'vs EaglesThanksgiving Cup',
        'Riverside Park, Field 2',
        'Not specified',
        'Bring water',
      ],
    ]);
    doc.getElementById('print-button')?.click();
    expect(win.print).toHaveBeenCalled();
  });

  it('escapes the team name and stylesheet too', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const page = scheduleHtml('<Lions>', [], '/a.css?"x"');
    expect(page).toContain('<h1>&lt;Lions&gt;</h1>');
    expect(page).toContain('href="/a.css?&quot;x&quot;"');
  });
});
