// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game, Practice, Tournament } from '../../src/shared/api/events.ts';
import { EVENT_MESSAGES } from '../../src/shared/events.ts';
import { EventsPage } from '../../src/web/features/events/components/EventsPage.tsx';
import { game, noPermissions, practice, tournament, tournamentGame } from './events-fixtures.ts';
import { mockFetch, renderWithClient, type FetchCall } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// Today is 2026-06-10 in Chicago.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T15:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

interface Schedule {
  tournaments?: Tournament[];
  games?: Game[];
  practices?: Practice[];
}

function serve(schedule: Schedule, answer?: (url: string, method: string) => unknown): FetchCall[] {
  return mockFetch((url, method) => {
    const custom = answer?.(url, method);
    if (custom !== undefined) return { body: custom };
    if (url.includes('/moderators/my-permissions/')) return { body: noPermissions() };
    if (url.endsWith('/config'))
      return {
        body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
      };
    if (url.includes('/tournaments/team/')) return { body: schedule.tournaments ?? [] };
    if (url.includes('/games/')) return { body: schedule.games ?? [] };
    if (url.includes('/practices/')) return { body: schedule.practices ?? [] };
    return { body: [] };
  });
}

const coachTeam = teamFixture();
const parentTeam = teamFixture({ is_coach: false, invite_code: null });

function renderPage(team = coachTeam) {
  return renderWithClient(<EventsPage title="Games & Schedule" team={team} />);
}

const TOURNAMENTS = [
  tournament(1, 'Spring Cup', '2026-06-12', '2026-06-14', 'upcoming'),
  tournament(2, 'Summer Shield', '2026-06-09', '2026-06-11', 'active'),
  tournament(3, 'Winter Classic', '2026-01-10', '2026-01-11', 'completed'),
  tournament(4, 'Autumn Open', '2025-10-01', '2025-10-02', 'completed'),
];

const chip = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name });
const listed = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('Team Events: tournaments', () => {
  it('counts each status, hides completed tournaments under Past Tournaments until asked', async () => {
    serve({ tournaments: TOURNAMENTS });
    renderPage();
    await screen.findByRole('list', { name: 'Tournaments' });
    expect(chip(/^All/).textContent).toBe('All 4');
    expect(chip(/^Upcoming/).textContent).toBe('Upcoming 1');
    expect(chip(/^Active/).textContent).toBe('Active 1');
    expect(chip(/^Completed/).textContent).toBe('Completed 2');
    // Active first, then upcoming; the completed ones wait.
    expect(listed('Tournaments')).toEqual(['Summer Shield', 'Spring Cup']);
    // The tab counts what the list shows: the active tournament and the upcoming one (decision 051).
    expect(screen.getByRole('tab', { name: /Tournaments/ }).textContent).toBe(
      'Tournaments2 current or upcoming',
    );

    const viewResults = screen.getByRole('button', { name: 'View Results' });
    expect(viewResults.getAttribute('aria-expanded')).toBe('false');
    expect(
      screen.getByRole('list', { name: 'Past tournaments', hidden: true }).closest('[hidden]'),
    ).not.toBeNull();
    fireEvent.click(viewResults);
    expect(screen.getByRole('button', { name: 'Hide Results' }).getAttribute('aria-expanded')).toBe('true');
    // Completed: newest start first.
    expect(listed('Past tournaments')).toEqual(['Winter Classic', 'Autumn Open']);

    fireEvent.click(chip(/^Completed/));
    expect(listed('Tournaments')).toEqual(['Winter Classic', 'Autumn Open']);
    expect(screen.queryByRole('button', { name: 'View Results' })).toBeNull();
  });

  it('filters to one tournament and clears the filter', async () => {
    serve({ tournaments: TOURNAMENTS });
    renderPage();
    await screen.findByRole('list', { name: 'Tournaments' });
    fireEvent.change(screen.getByLabelText('Tournament'), { target: { value: '3' } });
    expect(listed('Tournaments')).toEqual(['Winter Classic']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(listed('Tournaments')).toEqual(['Summer Shield', 'Spring Cup']);
  });

  it('invites a coach to create the first tournament', async () => {
    serve({ tournaments: [] });
    renderPage();
    expect(await screen.findByText('No tournaments yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create your first tournament' })).toBeTruthy();
  });

  it("opens Add Tournament from the dashboard's Create Tournament and forgets it in the address", async () => {
    window.history.replaceState(null, '', '/#tournaments?add=tournament');
    serve({ tournaments: TOURNAMENTS }, (url) =>
      url.endsWith('/tournaments/all')
        ? [
            tournament(9, 'Other Team Cup', '2026-07-01', '2026-07-02', 'upcoming', {
              team_id: 8,
              team_name: 'U14 Lions',
            }),
          ]
        : url.endsWith('/teams/coached')
          ? [coachTeam, teamFixture({ id: 8, name: 'U14 Lions' })]
          : undefined,
    );
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'Add Tournament' });
    expect(window.location.hash).toBe('#tournaments');
    expect(await within(dialog).findByText('Other Team Cup')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Add to Current Team Other Team Cup (U14 Lions)' }),
    ).toBeTruthy();
  });

  it('quick-add marks a tournament already on the team and copies the others with their source', async () => {
    window.history.replaceState(null, '', '/#tournaments?add=tournament');
    const other = (id: number, name: string, teamId: number, overrides: Partial<Tournament> = {}) =>
      tournament(id, name, '2026-07-01', '2026-07-02', 'upcoming', {
        team_id: teamId,
        team_name: teamId === 8 ? 'U14 Lions' : 'U9 Cubs',
        ...overrides,
      });
    const mine = [
      ...TOURNAMENTS,
      // A copy of tournament 10, renamed since; and one added by hand with the same name and dates as 11.
      tournament(5, 'Lions Invitational (ours)', '2026-07-05', '2026-07-05', 'upcoming', {
        source_tournament_id: 10,
      }),
      tournament(6, 'city cup', '2026-07-01', '2026-07-02', 'upcoming'),
    ];
    const calls = serve({ tournaments: mine }, (url, method) =>
      url.endsWith('/tournaments/all')
        ? [
            other(10, 'Lions Invitational', 8, { start_date: '2026-07-05', end_date: '2026-07-05' }),
            other(11, 'City Cup', 8),
            other(12, 'Harbour Cup', 8),
            // A team the user is a parent on: not theirs to copy from.
            other(13, 'Cubs Jamboree', 20),
          ]
        : url.endsWith('/teams/coached')
          ? [coachTeam, teamFixture({ id: 8, name: 'U14 Lions' })]
          : method === 'POST' && url.endsWith('/tournaments/team/3')
            ? other(14, 'Harbour Cup', 3, { source_tournament_id: 12 })
            : undefined,
    );
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'Add Tournament' });
    await within(dialog).findByText('Harbour Cup');
    const button = (name: string) =>
      within(dialog).getByRole('button', {
        name: new RegExp(`^(Already added|Add to Current Team) ${name}`),
      });
    for (const name of ['Lions Invitational', 'City Cup']) {
      expect(button(name).textContent).toMatch(/^Already added/);
      expect((button(name) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(within(dialog).getAllByText('Already added', { selector: '.tag' })).toHaveLength(2);
    expect(within(dialog).queryByText('Cubs Jamboree')).toBeNull();
    fireEvent.click(button('Harbour Cup'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Harbour Cup',
      start_date: '2026-07-01',
      end_date: '2026-07-02',
      source_tournament_id: 12,
    });
  });

  it('asks with a Game Date Warning far outside the dates and a Date Notice just outside', async () => {
    window.history.replaceState(null, '', '/#tournaments?tournamentId=1');
    const calls = serve({ tournaments: TOURNAMENTS }, (url, method) =>
      method === 'POST' && url.endsWith('/tournaments/1/games')
        ? tournamentGame({ opponent: 'Falcons' })
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tournament Game' });
    fireEvent.change(within(dialog).getByLabelText(/^Opponent/), { target: { value: 'Falcons' } });

    // The tournament runs 06/12-06/14: 06/05 is more than 3 days before.
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-06-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    const warning = await screen.findByRole('dialog', { name: 'Game Date Warning' });
    expect(screen.queryByRole('dialog', { name: 'Date Notice' })).toBeNull();
    fireEvent.click(within(warning).getByRole('button', { name: 'Change Date' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // 06/10 is 2 days before: only a notice.
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-06-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    const notice = await screen.findByRole('dialog', { name: 'Date Notice' });
    expect(screen.queryByRole('dialog', { name: 'Game Date Warning' })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      opponent: 'Falcons',
      date: '2026-06-10',
      status: 'scheduled',
    });
  });

  it('asks nothing for a date within the tournament and requires an opponent', async () => {
    window.history.replaceState(null, '', '/#tournaments?tournamentId=1');
    const calls = serve({ tournaments: TOURNAMENTS }, (url, method) =>
      method === 'POST' ? tournamentGame() : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tournament Game' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    expect(within(dialog).getByText('Opponent is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Opponent/), { target: { value: 'Eagles' } });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-06-13' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: /Date/ })).toBeNull();
  });

  it('refuses a negative score and saves a PUT of only the two scores', async () => {
    window.history.replaceState(null, '', '/#tournaments?tournamentId=1');
    const withGame = [
      tournament(1, 'Spring Cup', '2026-06-12', '2026-06-14', 'upcoming', {
        games: [tournamentGame({ id: 7, opponent: 'Eagles', date: '2026-06-12' })],
      }),
    ];
    const calls = serve({ tournaments: withGame }, (_url, method) =>
      method === 'PUT'
        ? tournamentGame({ id: 7, status: 'completed', our_score: 2, opponent_score: 1 })
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Score vs Eagles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Score' });
    fireEvent.change(within(dialog).getByLabelText(/^Our Score/), { target: { value: '-1' } });
    fireEvent.change(within(dialog).getByLabelText(/^Opponent Score/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Score' }));
    expect(within(dialog).getByText('Please enter valid scores (0 or greater)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Our Score/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Score' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/tournaments/1/games/7');
    expect(put?.body).toEqual({ our_score: 2, opponent_score: 1 });
  });

  it("says 'Score Update Failed' when a score does not save, and not on the next game's dialog", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=games');
    mockFetch((url, method) => {
      if (method === 'PUT') return { status: 503, body: { detail: 'Server error: 503' } };
      if (url.endsWith('/config'))
        return {
          body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
        };
      if (url.includes('/games/'))
        return {
          body: [
            game({ id: 1, opponent: 'Hawks', date: '2026-06-11' }),
            game({ id: 2, opponent: 'Owls', date: '2026-06-12' }),
          ],
        };
      return { body: [] };
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Score vs Hawks' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Score' });
    fireEvent.change(within(dialog).getByLabelText(/^Our Score/), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(/^Opponent Score/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Score' }));
    expect(
      await within(dialog).findByText(
        'Score Update Failed: Failed to save score. Please check your connection and try again.',
      ),
    ).toBeTruthy();
    // The dialog keeps what was typed; closing asks first.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Score' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add Score vs Owls' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Score' });
    expect(within(dialog).queryByText(/Score Update Failed/)).toBeNull();
  });

  it('shows Won, Lost and Tied only for completed games with both scores; no score for conditional games', async () => {
    window.history.replaceState(null, '', '/#tournaments?tournamentId=1');
    const games = [
      tournamentGame({
        id: 1,
        opponent: 'Alpha',
        date: '2026-06-12',
        time: '09:00',
        status: 'completed',
        our_score: 3,
        opponent_score: 1,
      }),
      tournamentGame({
        id: 2,
        opponent: 'Bravo',
        date: '2026-06-12',
        time: '11:00',
        status: 'completed',
        our_score: 0,
        opponent_score: 2,
      }),
      tournamentGame({
        id: 3,
        opponent: 'Charlie',
        date: '2026-06-13',
        time: '09:00',
        status: 'completed',
        our_score: 1,
        opponent_score: 1,
      }),
      tournamentGame({ id: 4, opponent: 'Delta', date: '2026-06-13', time: 'TBD', status: 'scheduled' }),
      tournamentGame({ id: 5, opponent: 'Echo', date: '2026-06-14', status: 'conditional' }),
    ];
    serve({ tournaments: [tournament(1, 'Spring Cup', '2026-06-12', '2026-06-14', 'upcoming', { games })] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Tournament games' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'vs Alpha',
      'vs Bravo',
      'vs Charlie',
      'vs Delta',
      'vs Echo',
    ]);
    expect(within(items[0]!).getByText('Won')).toBeTruthy();
    expect(within(items[0]!).getByText('3 - 1')).toBeTruthy();
    expect(within(items[1]!).getByText('Lost')).toBeTruthy();
    expect(within(items[2]!).getByText('Tied')).toBeTruthy();
    expect(within(items[3]!).queryByText(/Won|Lost|Tied/)).toBeNull();
    expect(within(items[3]!).getByText('Scheduled')).toBeTruthy();
    expect(within(items[3]!).getByText('TBD')).toBeTruthy();
    expect(screen.getByText('1-1-1')).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: 'Edit Score vs Alpha' })).toBeTruthy();
    expect(within(items[3]!).getByRole('button', { name: 'Add Score vs Delta' })).toBeTruthy();
    expect(within(items[4]!).queryByRole('button', { name: /Score/ })).toBeNull();
  });

  it('shows the tournament links only when it has an address and a website', async () => {
    window.history.replaceState(null, '', '/#tournaments?tournamentId=1');
    serve({
      tournaments: [
        tournament(1, 'Spring Cup', '2026-06-12', '2026-06-14', 'upcoming', {
          address: '1 Main St, Springfield',
          url: 'https://cup.example.org',
        }),
        tournament(2, 'Bare Cup', '2026-06-12', '2026-06-14', 'upcoming'),
      ],
    });
    renderPage();
    const map = await screen.findByRole('link', { name: /View on Map/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20Springfield',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    const site = screen.getByRole('link', { name: /Visit Website/ });
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('button', { name: /Back to all tournaments/ }));
    window.location.hash = '#tournaments?tournamentId=2';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    // The list's card has the same heading: wait for the detail view itself.
    await screen.findByRole('button', { name: /Back to all tournaments/ });
    expect(screen.getByRole('heading', { name: 'Bare Cup' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /View on Map/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Visit Website/ })).toBeNull();
  });
});

describe('Team Events: editing and deleting', () => {
  it('edits a tournament with a PUT and deletes it after confirming, back to the list', async () => {
    window.history.replaceState(null, '', '/#tournaments?tournamentId=1');
    const calls = serve({ tournaments: TOURNAMENTS }, (url, method) => {
      if (method === 'PUT') return { ...TOURNAMENTS[0], name: 'Spring Cup 2026' };
      if (method === 'DELETE')
        return { message: 'Tournament deleted successfully.', detail: 'Tournament deleted successfully.' };
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Tournament' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tournament' });
    expect((within(dialog).getByLabelText(/^Start Date/) as HTMLInputElement).value).toBe('2026-06-12');
    fireEvent.change(within(dialog).getByLabelText(/^Tournament Name/), {
      target: { value: 'Spring Cup 2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/tournaments/1',
      body: {
        name: 'Spring Cup 2026',
        location: 'Riverside Park',
        start_date: '2026-06-12',
        end_date: '2026-06-14',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Tournament' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Tournament' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Tournament' });
    expect(confirm.textContent).toContain('This action cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/tournaments/1');
    await waitFor(() => expect(window.location.hash).toBe('#tournaments'));
  });

  it("adds an individual game as a friendly at home by default, wearing one of the team's kits", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=games');
    const calls = serve({}, (url, method) => {
      if (url.includes('/kits/team/'))
        return [
          {
            id: 1,
            team_id: 3,
            name: 'Home Blue',
            type: 'home',
            description: null,
            color: '#0066CC',
            jersey_color: '#0066CC',
            shorts_color: '#000000',
            socks_color: '#FFFFFF',
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ];
      if (method === 'POST') return game({ id: 5, opponent: 'Wolves' });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Individual Game' });
    expect((within(dialog).getByLabelText('Type') as HTMLSelectElement).value).toBe('friendly');
    expect((within(dialog).getByLabelText('Home or Away') as HTMLSelectElement).value).toBe('home');
    const submit = within(dialog).getByRole('button', { name: 'Add Game' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Opponent'), { target: { value: 'Wolves' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-06-20' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '14:30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Location/), { target: { value: 'North Park' } });
    const kit = (await within(dialog).findByRole('option', { name: 'Home Blue' })).closest('select');
    fireEvent.change(kit!, { target: { value: 'Home Blue' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/games/3',
      body: {
        opponent: 'Wolves',
        date: '2026-06-20',
        time: '14:30',
        location: 'North Park',
        type: 'friendly',
        is_home: true,
        kit: 'Home Blue',
        status: 'scheduled',
        our_score: null,
        opponent_score: null,
      },
    });
  });
});

describe('Team Events: the arrival time and directions', () => {
  it("asks 'Arrive by' as an optional time, refuses one after the start, and sends it", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=games');
    const calls = serve({}, (url, method) =>
      method === 'POST' ? game({ id: 5, opponent: 'Wolves', arrival_time: '13:45' }) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Individual Game' });
    fireEvent.change(within(dialog).getByLabelText('Opponent'), { target: { value: 'Wolves' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-06-20' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '14:30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Location/), { target: { value: 'North Park' } });
    const submit = within(dialog).getByRole('button', { name: 'Add Game' }) as HTMLButtonElement;
    const arrival = within(dialog).getByLabelText(/^Arrive by/);
    expect(arrival.getAttribute('type')).toBe('time');
    expect(within(dialog).getByText('Optional: when players should be there')).toBeTruthy();
    fireEvent.change(arrival, { target: { value: '15:00' } });
    expect(within(dialog).getByText(EVENT_MESSAGES.arrivalAfterStart)).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.change(arrival, { target: { value: '13:45' } });
    expect(within(dialog).queryByText(EVENT_MESSAGES.arrivalAfterStart)).toBeNull();
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      time: '14:30',
      arrival_time: '13:45',
    });
  });

  it('shows the arrival time and the address as a link to directions; an edit can clear the arrival', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    const calls = serve(
      {
        practices: [practice({ arrival_time: '17:15', address: '3 Field Rd', date: '2099-06-10' })],
      },
      (url, method) => (method === 'PUT' ? practice({ date: '2099-06-10' }) : undefined),
    );
    renderPage();
    const row = (await screen.findByRole('heading', { name: 'Team Practice' })).closest('li')!;
    expect(row.textContent).toContain('Arrive by5:15 PM');
    const link = within(row).getByRole('link', { name: /3 Field Rd/ });
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=3%20Field%20Rd',
    );
    fireEvent.click(within(row).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Practice' });
    const arrival = within(dialog).getByLabelText(/^Arrive by/) as HTMLInputElement;
    expect(arrival.value).toBe('17:15');
    fireEvent.change(arrival, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ arrival_time: '' });
  });
});

describe('Team Events: a practice of a series (decision 048)', () => {
  const SERIES = 'b1f7c1de-0000-4000-8000-000000000001';
  const weekly = [
    practice({ id: 40, date: '2026-06-16', series_id: SERIES }),
    practice({ id: 41, date: '2026-06-23', series_id: SERIES }),
  ];

  it("editing asks 'This practice' or 'This and following' and sends the scope asked for", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    const calls = serve({ practices: weekly }, (url, method) =>
      method === 'PUT' ? { ...weekly[0], time: '18:30' } : undefined,
    );
    renderPage();
    const row = (await screen.findByText('06/16/2026')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: /^Edit/ }));
    const form = await screen.findByRole('dialog', { name: 'Edit Practice' });
    fireEvent.change(within(form).getByLabelText(/^Time/), { target: { value: '18:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const question = await screen.findByRole('dialog', { name: 'Save Changes' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'This and following' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/practices/40?scope=following');
    expect(put?.body).toMatchObject({ time: '18:30' });
  });

  it("deleting asks too; 'This practice' sends no scope", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    const calls = serve({ practices: weekly }, (url, method) =>
      method === 'DELETE' ? { message: 'Practice deleted successfully.', detail: 'x' } : undefined,
    );
    renderPage();
    const row = (await screen.findByText('06/23/2026')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: /^Delete/ }));
    const question = await screen.findByRole('dialog', { name: 'Delete Practice' });
    expect(question.textContent).toContain('is one of a weekly series');
    fireEvent.click(within(question).getByRole('button', { name: 'This practice' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/practices/41');
  });

  it("cancelling asks too, and 'This and following' cancels the rest of the series", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    const calls = serve({ practices: weekly }, (url, method) =>
      method === 'PUT' ? { ...weekly[0], status: 'cancelled' } : undefined,
    );
    renderPage();
    const row = (await screen.findByText('06/16/2026')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: /^Cancel Practice/ }));
    const question = await screen.findByRole('dialog', { name: 'Cancel Practice' });
    expect(question.textContent).toContain('is one of a weekly series');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'This and following' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/practices/40?scope=following');
    expect(put?.body).toEqual({ status: 'cancelled' });
  });

  it('a practice of no series is deleted with the plain confirmation, without the question', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    serve({ practices: [practice({ id: 42, date: '2026-06-16' })] });
    renderPage();
    const row = (await screen.findByText('06/16/2026')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: /^Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Practice' });
    expect(within(confirm).queryByRole('button', { name: 'This and following' })).toBeNull();
    expect(confirm.textContent).toContain('This action cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Practice' })).toBeNull());
  });
});

describe("Team Events: a tournament game's arrival time", () => {
  it("asks 'Arrive by' on a tournament game as on any game, refuses one after the start, sends it and shows it", async () => {
    window.history.replaceState(null, '', '/#tournaments?tournamentId=1');
    const withGame = [
      tournament(1, 'Spring Cup', '2026-06-12', '2026-06-14', 'upcoming', {
        games: [
          tournamentGame({
            id: 7,
            opponent: 'Eagles',
            date: '2026-06-12',
            time: '10:00',
            arrival_time: '09:15',
          }),
        ],
      }),
    ];
    const calls = serve({ tournaments: withGame }, (_url, method) =>
      method === 'PUT' ? tournamentGame({ id: 7, date: '2026-06-12', time: '10:00' }) : undefined,
    );
    renderPage();
    const row = (await screen.findByRole('heading', { name: 'vs Eagles' })).closest('li')!;
    expect(row.textContent).toContain('Arrive by9:15 AM');
    fireEvent.click(within(row).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tournament Game' });
    const arrival = within(dialog).getByLabelText(/^Arrive by/) as HTMLInputElement;
    expect(arrival.getAttribute('type')).toBe('time');
    expect(arrival.value).toBe('09:15');
    expect(within(dialog).getByText('Optional: when players should be there')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    fireEvent.change(arrival, { target: { value: '10:30' } });
    expect(within(dialog).getByText(EVENT_MESSAGES.arrivalAfterStart)).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.change(arrival, { target: { value: '09:30' } });
    expect(within(dialog).queryByText(EVENT_MESSAGES.arrivalAfterStart)).toBeNull();
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      time: '10:00',
      arrival_time: '09:30',
    });
  });
});

describe('Team Events: what a parent sees', () => {
  it('shows the schedule without any write control', async () => {
    const games = [tournamentGame({ id: 7, opponent: 'Eagles', date: '2026-06-12' })];
    serve({
      tournaments: [tournament(1, 'Spring Cup', '2026-06-12', '2026-06-14', 'upcoming', { games })],
      games: [game({ id: 20, opponent: 'Hawks', date: '2026-06-11' })],
      practices: [practice({ id: 30, date: '2026-06-11' })],
    });
    renderPage(parentTeam);
    await screen.findByRole('list', { name: 'Tournaments' });
    await screen.findByText('vs Hawks');
    await screen.findByText('Team Practice');
    // Wait until the flags have loaded (a moderator's buttons would appear then).
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(4));
    const writes = /Add Tournament|Create your first|Add Game|Add Practice|Edit|Delete|Score/;
    expect(screen.queryAllByRole('button', { name: writes })).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /View Details/ }));
    // The list's card has the same heading: wait for the detail view's games.
    expect(await screen.findByText('vs Eagles')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Spring Cup' })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: writes })).toHaveLength(0);
  });

  it('gives a moderator with only the score flag Add Score and nothing else', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=games');
    serve({ games: [game({ id: 20, opponent: 'Hawks', date: '2026-06-11' })] }, (url) =>
      url.includes('/my-permissions/') ? { ...noPermissions(), can_update_scores: true } : undefined,
    );
    renderPage(parentTeam);
    expect(await screen.findByRole('button', { name: 'Add Score vs Hawks' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add Game|^Edit|^Delete/ })).toBeNull();
  });
});

describe('Team Events: individual games and practices', () => {
  it('lists upcoming games soonest first and past games newest first, with the record', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=games');
    serve({
      games: [
        game({
          id: 1,
          opponent: 'Old',
          date: '2026-05-01',
          status: 'completed',
          our_score: 2,
          opponent_score: 0,
        }),
        game({
          id: 2,
          opponent: 'Older',
          date: '2026-04-01',
          status: 'completed',
          our_score: 1,
          opponent_score: 1,
        }),
        game({ id: 3, opponent: 'Later', date: '2026-06-20' }),
        game({ id: 4, opponent: 'Today', date: '2026-06-10' }),
      ],
    });
    renderPage();
    const upcoming = await screen.findByRole('list', { name: 'Upcoming games, June 2026' });
    expect(
      within(upcoming)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['vs Today', 'vs Later']);
    // Past games, by month newest first.
    const past = screen.getByRole('list', { name: 'Past games, May 2026', hidden: true });
    expect(
      within(past)
        .getAllByRole('heading', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual(['vs Old']);
    // A short list folds nothing.
    expect(
      screen.getByRole('button', { name: 'April 2026 (1)', hidden: true }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.getByTestId('games-record').textContent).toContain('1 Wins');
    expect(screen.getByTestId('games-record').textContent).toContain('1 Draws');
    expect(screen.getByRole('tab', { name: /Individual Games/ }).textContent).toContain('2');
  });

  it('creates a 4-week practice series in one request and shows the answer', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    const calls = serve({}, (url, method) =>
      method === 'POST' && url.endsWith('/practices')
        ? { practices: [practice()], message: 'Successfully created 4 practices.' }
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Practice' });
    const submit = within(dialog).getByRole('button', { name: /^Add/ });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Tuesday Training' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-06-16' } });
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '18:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Location/), { target: { value: 'Back Field' } });
    fireEvent.change(within(dialog).getByLabelText('Repeat'), { target: { value: '4' } });
    expect(within(dialog).getByText('4 practices, 06/16/2026 to 07/07/2026')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 4 Practices' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/practices');
    expect(post?.body).toMatchObject({
      team_id: 3,
      title: 'Tuesday Training',
      date: '2026-06-16',
      time: '18:00',
      location: 'Back Field',
      repeat_weeks: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Practice' })).toBeNull());
  });
});

describe('Team Events: long lists (decision 051)', () => {
  // A season: weekly practices from May 5 to October 13, one of them cancelled. Today is Wednesday
  // 2026-06-10: 18 upcoming practices (June 3, July 4, August 4, September 5, October 2) and 6 past.
  const season = Array.from({ length: 24 }, (_, week) => {
    const date = new Date(Date.UTC(2026, 4, 5 + week * 7)).toISOString().slice(0, 10);
    return practice({
      id: 500 + week,
      title: `Training ${week + 1}`,
      date,
      time: '18:00',
      location: 'Back Field',
      status: date === '2026-06-23' ? 'cancelled' : 'scheduled',
    });
  });
  const upcomingCount = season.filter((p) => p.date >= '2026-06-10').length;
  const disclosure = (name: string) => screen.getByRole('button', { name, hidden: true });

  it('groups practices by month with the current month open and the others folded', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    serve({ practices: season });
    renderPage();
    await screen.findByRole('list', { name: 'Upcoming practices, June 2026' });
    expect(disclosure('June 2026 (3)').getAttribute('aria-expanded')).toBe('true');
    expect(disclosure('July 2026 (4)').getAttribute('aria-expanded')).toBe('false');
    expect(disclosure('August 2026 (4)').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Upcoming practices, July 2026' })).toBeNull();
    fireEvent.click(disclosure('July 2026 (4)'));
    expect(disclosure('July 2026 (4)').getAttribute('aria-expanded')).toBe('true');
    expect(
      within(screen.getByRole('list', { name: 'Upcoming practices, July 2026' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(disclosure('October 2026 (2)').getAttribute('aria-expanded')).toBe('false');
    // Past months, newest first, under Past: six practices are a short list, all open.
    expect(disclosure('June 2026 (2)').getAttribute('aria-expanded')).toBe('true');
    expect(disclosure('May 2026 (4)').getAttribute('aria-expanded')).toBe('true');
  });

  it("counts the upcoming practices in the tab, as the Upcoming list's count says", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    serve({ practices: season });
    renderPage();
    await screen.findByRole('list', { name: 'Upcoming practices, June 2026' });
    expect(upcomingCount).toBe(18);
    expect(screen.getByRole('tab', { name: /Practices/ }).textContent).toBe('Practices18 upcoming');
    expect(screen.getByRole('button', { name: 'Upcoming (18)' })).toBeTruthy();
  });

  it('shows many practices as one-line rows; a tap opens the facts and Edit', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    serve({ practices: season });
    renderPage();
    const june = await screen.findByRole('list', { name: 'Upcoming practices, June 2026' });
    expect(screen.getByRole('button', { name: 'Compact' }).getAttribute('aria-pressed')).toBe('true');
    const rows = within(june).getAllByRole('listitem');
    const cancelled = within(rows[1]!).getByRole('button', { name: /Training 8/ });
    expect(cancelled.textContent).toBe('06/23/20266:00 PMTraining 8Back FieldCancelled');
    expect(within(rows[0]!).queryByRole('button', { name: /^Edit/ })).toBeNull();
    const row = within(rows[0]!).getByRole('button', { name: /Training 7/ });
    expect(row.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(within(rows[0]!).getByText('90 minutes')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Edit Training 7 on 06/16/2026' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Practice' })).toBeTruthy();
  });

  it('shows a few practices in full, and switches views on request', async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices');
    serve({ practices: season.slice(5, 8) });
    renderPage();
    const june = await screen.findByRole('list', { name: 'Upcoming practices, June 2026' });
    expect(screen.getByRole('button', { name: 'Detailed' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(june)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Training 7', 'Training 8']);
    fireEvent.click(screen.getByRole('button', { name: 'Compact' }));
    expect(
      within(screen.getByRole('list', { name: 'Upcoming practices, June 2026' })).queryAllByRole('heading'),
    ).toHaveLength(0);
  });

  it("opens the month of a practice a link names, even when it is not this month's", async () => {
    window.history.replaceState(null, '', '/#tournaments?section=practices&practiceId=513');
    serve({ practices: season });
    renderPage();
    const august = await screen.findByRole('list', { name: 'Upcoming practices, August 2026' });
    expect(
      within(august)
        .getByRole('button', { name: /^08\/04\/2026/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });
});
