// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game, Practice, Tournament } from '../../src/shared/api/events.ts';
import { MODERATOR_FLAGS } from '../../src/shared/permissions.ts';
import { DashboardPage } from '../../src/web/features/dashboard/components/DashboardPage.tsx';
import { DashboardEvents } from '../../src/web/features/events/components/DashboardEvents.tsx';
import { game, practice, tournament, tournamentGame } from './events-fixtures.ts';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

// Today is Wednesday 2026-06-10 in Chicago (20:30 on the 10th there, already the 11th in UTC).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-11T01:30:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve(tournaments: Tournament[], games: Game[], practices: Practice[]) {
  mockFetch((url) => {
    if (url.endsWith('/config'))
      return {
        body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
      };
    if (url.includes('/tournaments/team/')) return { body: tournaments };
    if (url.includes('/games/')) return { body: games };
    if (url.includes('/practices/')) return { body: practices };
    return { body: [] };
  });
}

const items = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.dashboard-event__title')?.textContent?.replace(/\s+/g, ' ').trim());

describe('Dashboard: Upcoming Events', () => {
  it('shows today to 7 days ahead from all three lists, by date then time (TBD last), at most 5', async () => {
    const cup = tournament(1, 'Spring Cup', '2026-06-13', '2026-06-14', 'upcoming', {
      games: [
        tournamentGame({ id: 11, opponent: 'Cup TBD', date: '2026-06-13', time: 'TBD' }),
        tournamentGame({ id: 12, opponent: 'Cup Morning', date: '2026-06-13', time: '09:00' }),
      ],
    });
    serve(
      [cup],
      [
        game({ id: 21, opponent: 'Yesterday', date: '2026-06-09' }),
        game({ id: 22, opponent: 'Tonight', date: '2026-06-10', time: '19:00' }),
        game({ id: 23, opponent: 'Eight Days', date: '2026-06-18' }),
        game({ id: 24, opponent: 'Seventh Day', date: '2026-06-17', time: '08:00' }),
      ],
      [
        practice({ id: 31, title: 'Early Practice', date: '2026-06-10', time: '07:00' }),
        practice({ id: 32, title: 'Late Practice', date: '2026-06-16', time: '18:00' }),
      ],
    );
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    await screen.findByRole('list', { name: 'Upcoming events' });
    // Seven in the window: the first five, Yesterday and Eight Days left out.
    expect(items('Upcoming events')).toEqual([
      'Early Practice Practice',
      'vs Tonight Friendly',
      'vs Cup Morning Tournament',
      'vs Cup TBD Tournament',
      'Late Practice Practice',
    ]);
    const links = within(screen.getByRole('list', { name: 'Upcoming events' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#tournaments?section=practices&practiceId=31',
      '#tournaments?section=games&gameId=22',
      '#tournaments?tournamentId=1&gameId=12',
      '#tournaments?tournamentId=1&gameId=11',
      '#tournaments?section=practices&practiceId=32',
    ]);
    expect(screen.getByRole('link', { name: 'View all events' }).getAttribute('href')).toBe('#tournaments');
  });
});

describe("Dashboard: each upcoming event's RSVPs", () => {
  it('asks the app for the RSVP line of each event that takes answers, not a cancelled game or an undated tournament', async () => {
    const cup = tournament(1, 'Spring Cup', '2026-06-13', '2026-06-14', 'upcoming', {
      games: [tournamentGame({ id: 11, opponent: 'Cup Morning', date: '2026-06-13', time: '09:00' })],
    });
    const later = tournament(2, 'Summer Cup', '2026-06-15', '2026-06-15', 'upcoming', {
      games: [tournamentGame({ id: 12, opponent: 'Unscheduled', date: null })],
    });
    serve(
      [cup, later],
      [
        game({ id: 22, opponent: 'Tonight', date: '2026-06-10', time: '19:00' }),
        game({ id: 23, opponent: 'Called Off', date: '2026-06-11', time: '19:00', status: 'cancelled' }),
      ],
      [practice({ id: 31, title: 'Early Practice', date: '2026-06-10', time: '07:00' })],
    );
    renderWithClient(
      <DashboardEvents
        team={{ id: 3, is_coach: true }}
        rsvpSummary={(event) => <p className="rsvp-test">{`RSVP for ${event.kind} ${event.id}`}</p>}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Upcoming events' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => [
        within(li).getByRole('link').getAttribute('href'),
        li.querySelector('.rsvp-test')?.textContent ?? null,
      ]);
    expect(lines).toEqual([
      ['#tournaments?section=practices&practiceId=31', 'RSVP for practice 31'],
      ['#tournaments?section=games&gameId=22', 'RSVP for game 22'],
      ['#tournaments?section=games&gameId=23', null], // cancelled
      ['#tournaments?tournamentId=1&gameId=11', 'RSVP for tournament 11'],
      ['#tournaments?tournamentId=2', null], // no game scheduled yet: no RSVP
    ]);
  });
});

describe('Dashboard: Recent Results', () => {
  it('shows completed games with both scores from the last 7 days, newest first, at most 10', async () => {
    const scored = (id: number, date: string, ours: number, theirs: number) =>
      game({
        id,
        opponent: `Team ${id}`,
        date,
        status: 'completed',
        our_score: ours,
        opponent_score: theirs,
      });
    const games = [
      scored(1, '2026-06-10', 2, 1),
      scored(2, '2026-06-09', 0, 3),
      scored(3, '2026-06-08', 1, 1),
      scored(4, '2026-06-07', 4, 0),
      scored(5, '2026-06-06', 4, 0),
      scored(6, '2026-06-05', 4, 0),
      scored(7, '2026-06-04', 4, 0),
      scored(8, '2026-06-03', 4, 0), // 7 days ago: still in
      scored(9, '2026-06-02', 4, 0), // 8 days ago: out
      game({ id: 10, opponent: 'No Score', date: '2026-06-09', status: 'completed' }),
      game({ id: 11, opponent: 'Scheduled', date: '2026-06-09', our_score: 1, opponent_score: 0 }),
    ];
    const cup = tournament(1, 'Spring Cup', '2026-06-06', '2026-06-07', 'completed', {
      games: [
        tournamentGame({
          id: 41,
          opponent: 'Cup A',
          date: '2026-06-06',
          status: 'completed',
          our_score: 1,
          opponent_score: 0,
        }),
        tournamentGame({
          id: 42,
          opponent: 'Cup B',
          date: '2026-06-07',
          status: 'completed',
          our_score: 0,
          opponent_score: 0,
        }),
        tournamentGame({
          id: 43,
          opponent: 'Cup C',
          date: '2026-06-07',
          status: 'completed',
          our_score: 2,
          opponent_score: 5,
        }),
      ],
    });
    serve([cup], games, []);
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    await screen.findByRole('list', { name: 'Recent results' });
    const shown = items('Recent results');
    expect(shown).toHaveLength(10);
    expect(shown.slice(0, 3)).toEqual([
      'vs Team 1 2 - 1 Won',
      'vs Team 2 0 - 3 Lost',
      'vs Team 3 1 - 1 Tied',
    ]);
    expect(shown.join('|')).not.toMatch(/Team 9|No Score|Scheduled/);
    expect(shown.join('|')).toContain('vs Cup B 0 - 0 Tied');
    expect(screen.getByRole('link', { name: 'View all results' })).toBeTruthy();
  });

  it('leaves the lists empty when loading fails', async () => {
    mockFetch((url) =>
      url.endsWith('/config')
        ? { body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 } }
        : { status: 500, body: { detail: 'Server error' } },
    );
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    expect(await screen.findByText('Nothing scheduled in the next 7 days.')).toBeTruthy();
    expect(screen.getByText('No results in the last 7 days.')).toBeTruthy();
  });
});

describe('Dashboard: Quick Actions and the invite code', () => {
  /** `isCoach`: coach of the selected team (or an admin), as the team's answer says. */
  const page = ({ isCoach = false, account = isCoach }: { isCoach?: boolean; account?: boolean } = {}) => (
    <DashboardPage
      userName="Casey Coach"
      canCreateTeams={account}
      canRequestToJoin={!account}
      teamsLoaded
      hasTeams
      selectedTeam={{ id: 3, is_coach: isCoach, name: 'Riverside Lions', invite_code: 'ABCD2345' }}
      onCreateTeam={() => {}}
    />
  );
  const actions = () =>
    within(screen.getByRole('region', { name: 'Quick Actions' }))
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
  const memberActions = ['View Team Events', 'View Calendar', 'View Team', 'View Messages'];
  const inviteCode = () => screen.queryByText('ABCD2345');

  it('gives a coach of the team Create Tournament, View Messages and Manage Team, and the invite code', () => {
    renderWithClient(page({ isCoach: true }));
    expect(actions()).toEqual([
      ['Create Tournament', '#tournaments?add=tournament'],
      ['View Messages', '#messages'],
      ['Manage Team', '#team'],
    ]);
    expect(inviteCode()).toBeTruthy();
  });

  it('gives parents and players the team events, calendar, team and messages, and no invite code', () => {
    renderWithClient(page());
    expect(actions().map(([label]) => label)).toEqual(memberActions);
    expect(inviteCode()).toBeNull();
  });

  it("gives a moderator parent holding every flag the members' actions and no invite code", async () => {
    mockFetch((url) =>
      url.endsWith('/moderators/my-permissions/3')
        ? {
            body: {
              team_id: 3,
              is_coach: false,
              ...Object.fromEntries(MODERATOR_FLAGS.map((f) => [f, true])),
            },
          }
        : { body: [] },
    );
    renderWithClient(page());
    // Flags asked for would have arrived by now (the answer is immediate): no flag grants these.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(actions().map(([label]) => label)).toEqual(memberActions);
    expect(inviteCode()).toBeNull();
  });

  it('goes by the team, not the account: a coach account that is not a coach of this team', () => {
    renderWithClient(page({ isCoach: false, account: true }));
    expect(actions().map(([label]) => label)).toEqual(memberActions);
    expect(inviteCode()).toBeNull();
  });
});

describe("Dashboard: a new team's next steps", () => {
  it('lists what is left for a coach, marks what is done, and goes away once all three are', async () => {
    serve([], [], []);
    renderWithClient(
      <DashboardEvents team={{ id: 3, is_coach: true }} roster={{ hasPlayers: true, hasParents: false }} />,
    );
    const card = await screen.findByRole('region', { name: 'Next steps' });
    expect(within(card).getByText('2 steps left', { exact: false })).toBeTruthy();
    expect(within(card).getByText('Add your players').parentElement?.textContent).toContain('Done');
    expect(within(card).getByRole('link', { name: 'Manage parents' }).getAttribute('href')).toBe('#team');
    expect(within(card).getByRole('link', { name: 'Add an event' }).getAttribute('href')).toBe(
      '#tournaments?add=tournament',
    );
    expect(within(card).queryByRole('link', { name: 'Open the roster' })).toBeNull();
    cleanup();

    serve([], [game({ id: 21, opponent: 'First Game', date: '2026-06-12' })], []);
    renderWithClient(
      <DashboardEvents team={{ id: 3, is_coach: true }} roster={{ hasPlayers: true, hasParents: true }} />,
    );
    await screen.findByRole('list', { name: 'Upcoming events' });
    expect(screen.queryByRole('region', { name: 'Next steps' })).toBeNull();
  });

  it('shows no next steps to parents and players (no roster progress is given)', async () => {
    serve([], [], []);
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    await screen.findByText('Nothing scheduled in the next 7 days.');
    expect(screen.queryByRole('region', { name: 'Next steps' })).toBeNull();
  });
});
