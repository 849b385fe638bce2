// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OverviewEvent, Rsvp, RsvpList } from '../../src/shared/api/calendar.ts';
import type { Team } from '../../src/shared/api/teams.ts';
import { calendarEvents } from '../../src/shared/calendar.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { NextUp } from '../../src/web/features/dashboard/components/NextUp.tsx';
import { useNextUpRsvps } from '../../src/web/features/rsvp/lib/use-next-up-rsvps.tsx';
import { game, practice, tournament, tournamentGame } from './events-fixtures.ts';
import { emptyAnswer, type FetchCall, mockFetch, renderWithClient } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// The dashboard's 'Next up' (docs/product/calendar-rsvp-and-feed.md 'Next up'): the next three events,
// Going / Maybe / Can't go per player in one tap, 'Answer all upcoming', and a coach's names under each
// answer with the reminder.

// Today is Wednesday 2026-06-10 in Chicago, 20:30.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-11T01:30:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const EVENTS = calendarEvents(
  {
    tournaments: [
      tournament(1, 'Spring Cup', '2026-06-13', '2026-06-14', 'upcoming', {
        games: [tournamentGame({ id: 11, opponent: 'Eagles', date: '2026-06-13', time: '09:00' })],
      }),
    ],
    games: [
      // Started already (19:00 today): not next.
      game({ id: 21, opponent: 'Tonight', date: '2026-06-10', time: '19:00' }),
      game({ id: 22, opponent: 'Called Off', date: '2026-06-11', time: '10:00', status: 'cancelled' }),
      game({ id: 23, opponent: 'Lions', date: '2026-06-12', time: '10:00', location: 'Lakeside Field' }),
      game({ id: 24, opponent: 'Fourth', date: '2026-06-20', time: '10:00' }),
    ],
    practices: [practice({ id: 31, title: 'Thursday Practice', date: '2026-06-11', time: '17:30' })],
  },
  '2026-06-10',
);

const rsvp = (overrides: Partial<Rsvp>): Rsvp => ({
  id: 1,
  team_id: 3,
  player_id: 5,
  player_name: 'Mia Lopez',
  event_type: 'game',
  event_id: 23,
  response: 'yes',
  notes: null,
  responded_by_name: 'Pat Parent',
  updated_at: '2026-06-10T12:00:00Z',
  ...overrides,
});

function Harness({ team }: { team: Team }) {
  const rsvps = useNextUpRsvps(team, 7);
  if (rsvps.loading) return <p role="status">Loading...</p>;
  return <NextUp events={EVENTS} rsvps={rsvps} />;
}

function serve(list: RsvpList, overview: OverviewEvent[] = []) {
  let current = list;
  const calls = mockFetch((url, method) => {
    if (url.endsWith('/team-rsvp/submit') && method === 'POST') {
      const body = calls.at(-1)?.body as Pick<Rsvp, 'event_type' | 'event_id' | 'player_id' | 'response'>;
      const saved = rsvp({
        id: 99,
        event_type: body.event_type,
        event_id: body.event_id,
        player_id: body.player_id,
        response: body.response,
      });
      current = {
        ...current,
        rsvps: [
          ...current.rsvps.filter((r) => r.event_id !== body.event_id || r.event_type !== body.event_type),
          saved,
        ],
      };
      return { body: saved };
    }
    if (url.endsWith('/team-rsvp/team/3/upcoming') && method === 'POST') {
      return {
        body: [23, 24].map((id) => rsvp({ id, event_id: id, response: 'no' })),
      };
    }
    if (url.includes('/team-rsvp/user/7/events')) return { body: current };
    if (url.includes('/team-rsvp/team/3/overview')) return { body: { upcoming_events: overview } };
    return { body: emptyAnswer(url) };
  });
  return calls;
}

const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST');
const eventItems = () => within(screen.getByRole('list', { name: 'Next up' })).getAllByRole('listitem');

describe('Next up for a parent', () => {
  const parentTeam = teamFixture({ is_coach: false });
  const mine: RsvpList = {
    players: [{ id: 5, team_id: 3, name: 'Mia Lopez', jersey_number: 4 }],
    rsvps: [rsvp({ event_id: 23, response: 'maybe' })],
  };

  it("lists the next three events not started nor cancelled, with Going / Maybe / Can't go for each player", async () => {
    serve(mine);
    renderWithClient(<Harness team={parentTeam} />);
    expect(await screen.findByRole('heading', { name: 'Next up' })).toBeTruthy();
    const titles = eventItems()
      .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Next up')
      .map((li) => li.querySelector('.next-up__title')?.textContent);
    expect(titles).toEqual(['Thursday Practice', 'vs Lions', 'vs Eagles · Spring Cup']);
    expect(screen.getByText('Thu 06/11 · 5:30 PM')).toBeTruthy();
    expect(screen.getByText('Lakeside Field')).toBeTruthy();
    const lions = screen.getByRole('group', { name: 'RSVP for Mia Lopez, vs Lions' });
    const buttons = within(lions).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Going', 'false'],
      ['Maybe', 'true'],
      ["Can't go", 'false'],
    ]);
  });

  it('records an answer with one tap, shows it pressed, and a second tap changes it', async () => {
    const calls = serve(mine);
    renderWithClient(
      <>
        <Harness team={parentTeam} />
        <ToastRegion layer={null} />
      </>,
    );
    const group = () => screen.getByRole('group', { name: 'RSVP for Mia Lopez, Thursday Practice' });
    const practiceGroup = await screen.findByRole('group', { name: 'RSVP for Mia Lopez, Thursday Practice' });
    fireEvent.click(within(practiceGroup).getByRole('button', { name: 'Going' }));
    await waitFor(() =>
      expect(within(group()).getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([
      [
        '/api/team-rsvp/submit',
        { event_type: 'practice', event_id: 31, player_id: 5, response: 'yes', notes: null },
      ],
    ]);
    expect(await screen.findByText('✓ RSVP submitted for Mia Lopez: attending')).toBeTruthy();

    fireEvent.click(within(group()).getByRole('button', { name: "Can't go" }));
    await waitFor(() =>
      expect(within(group()).getByRole('button', { name: "Can't go" }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(within(group()).getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('false');
    expect(posts(calls)).toHaveLength(2);
  });

  it("answers every upcoming event for one player in one request with 'Answer all upcoming'", async () => {
    const calls = serve(mine);
    renderWithClient(
      <>
        <Harness team={parentTeam} />
        <ToastRegion layer={null} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Answer all upcoming for Mia Lopez' }));
    const choices = screen.getByRole('group', { name: 'Answer all upcoming for Mia Lopez' });
    fireEvent.click(within(choices).getByRole('button', { name: "Can't go" }));
    expect(await screen.findByText("✓ Mia Lopez: Can't go to 2 upcoming events")).toBeTruthy();
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/team-rsvp/team/3/upcoming', { player_id: 5, response: 'no' }],
    ]);
    // The choices close; the button is back for another change.
    expect(screen.queryByRole('group', { name: 'Answer all upcoming for Mia Lopez' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Answer all upcoming for Mia Lopez' })).toBeTruthy();
  });

  it('says why it failed when the connection is gone, and keeps the choices open', async () => {
    serve(mine);
    renderWithClient(
      <>
        <Harness team={parentTeam} />
        <ToastRegion layer={null} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Answer all upcoming for Mia Lopez' }));
    const fetchMock = vi.mocked(fetch);
    const answered = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (...args) => {
      if (String(args[0]).endsWith('/upcoming')) throw new TypeError('Failed to fetch');
      return answered!(...args);
    });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Answer all upcoming for Mia Lopez' })).getByRole('button', {
        name: 'Going',
      }),
    );
    expect(await screen.findByText('Failed to submit RSVP - please check your connection')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Answer all upcoming for Mia Lopez' })).toBeTruthy();
  });
});

describe('Next up for a coach', () => {
  it('shows the names under each answer and the reminder, with no buttons per player', async () => {
    const coachTeam = teamFixture({ is_coach: true });
    const players = [
      { id: 5, team_id: 3, name: 'Mia Lopez', jersey_number: 4 },
      { id: 6, team_id: 3, name: 'Leo Park', jersey_number: 9 },
      { id: 8, team_id: 3, name: 'Alexandria Montgomery-Fitzgerald', jersey_number: 10 },
    ];
    serve(
      {
        players,
        rsvps: [
          rsvp({ event_id: 23, player_id: 5, response: 'yes' }),
          rsvp({ id: 2, event_id: 23, player_id: 6, response: 'no', player_name: 'Leo Park' }),
        ],
      },
      [
        {
          event_id: 23,
          event_type: 'game',
          event_name: 'vs Lions',
          event_date: '2026-06-12',
          event_time: '10:00',
          tournament_name: null,
          total_responses: 2,
          yes_count: 1,
          no_count: 1,
          maybe_count: 0,
          responses: [],
          not_responded: [
            { player_id: 8, name: 'Alexandria Montgomery-Fitzgerald', position: null, jersey_number: 10 },
          ],
          to_remind: 1,
          last_reminder: null,
        },
      ],
    );
    renderWithClient(<Harness team={coachTeam} />);
    await screen.findByRole('heading', { name: 'Next up' });
    const lions = eventItems().find((li) => li.textContent?.includes('vs Lions'));
    expect(lions).toBeTruthy();
    const text = lions?.querySelector('.who-is-coming')?.textContent;
    expect(text).toBe(
      "Going (1)Mia LopezMaybe (0)-Can't go (1)Leo ParkNo answer yet (1)Alexandria Montgomery-Fitzgerald",
    );
    expect(within(lions!).getByRole('button', { name: /^Remind the 1 who has not answered/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^RSVP for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Answer all upcoming/ })).toBeNull();
  });
});
