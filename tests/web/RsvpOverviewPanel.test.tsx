// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OverviewEvent } from '../../src/shared/api/calendar.ts';
import { todayIn } from '../../src/shared/event-dates.ts';
import { addDays } from '../../src/shared/events.ts';
import { DEFAULT_TEAM_TIME_ZONE } from '../../src/shared/teams.ts';
import { RsvpOverviewPanel } from '../../src/web/features/rsvp/components/RsvpOverviewPanel.tsx';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mia = { name: 'Mia Lopez', position: 'Midfielder', jersey_number: 10 };
const leo = { name: 'Leo Park', position: null, jersey_number: null };

function overviewEvent(overrides: Partial<OverviewEvent> = {}): OverviewEvent {
  return {
    event_id: 12,
    event_type: 'tournament',
    event_name: 'vs Eagles',
    event_date: '2026-11-28',
    event_time: '14:30',
    tournament_name: 'Thanksgiving Cup',
    total_responses: 3,
    yes_count: 1,
    no_count: 1,
    maybe_count: 1,
    responses: [
      {
        id: 1,
        player_id: 1,
        player: mia,
        user: { name: 'Maria Lopez', role: 'parent' },
        response: 'yes',
        notes: 'Leaving at half time',
      },
      {
        id: 2,
        player_id: 2,
        player: { name: 'Sam Reed', position: 'Goalkeeper', jersey_number: 1 },
        user: { name: 'Casey Coach', role: 'coach' },
        response: 'no',
        notes: null,
      },
      {
        id: 3,
        player_id: 3,
        player: { name: 'Ava Stone', position: 'Defender', jersey_number: 4 },
        user: null,
        response: 'maybe',
        notes: null,
      },
    ],
    not_responded: [{ player_id: 4, ...leo }],
    to_remind: 0,
    last_reminder: null,
    ...overrides,
  };
}

function serve(answer: { status?: number; body: unknown }) {
  return mockFetch((url) =>
    url.includes('/team-rsvp/team/3/overview') ? answer : { status: 404, body: { detail: 'Not found' } },
  );
}

// The team's zone the panel reads when the config is not loaded (the default of the app).
const today = todayIn(DEFAULT_TEAM_TIME_ZONE);

const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('Event RSVPs (Team Administration)', () => {
  it('shows loading, then each upcoming event with its date, time, tournament and Yes/Maybe/No counts', async () => {
    const calls = serve({
      body: {
        upcoming_events: [
          overviewEvent(),
          overviewEvent({
            event_id: 7,
            event_type: 'practice',
            event_name: 'Tuesday Practice',
            event_date: '2026-12-01',
            event_time: null,
            tournament_name: null,
            total_responses: 0,
            yes_count: 0,
            no_count: 0,
            maybe_count: 0,
            responses: [],
          }),
        ],
      },
    });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    expect(screen.getByRole('heading', { name: 'Event RSVPs' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading RSVPs...');
    const list = await screen.findByRole('list', { name: 'Events' });
    // The next 14 days, today the first (docs/decisions/050).
    expect(calls.map((c) => c.url).filter((url) => url.includes('/overview'))).toEqual([
      `/api/team-rsvp/team/3/overview?from=${today}&to=${addDays(today, 13)}`,
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 events');
    const toggles = within(list).getAllByRole('button');
    // The arrow is decoration (aria-hidden).
    expect(toggles.map((t) => text(t)?.replace(/^▸/, ''))).toEqual([
      '11/28/2026 · 2:30 PM vs Eagles Thanksgiving Cup Yes 1 Maybe 1 No 1 Total 3 · 1 not answered',
      '12/01/2026 · TBD Tuesday Practice Yes 0 Maybe 0 No 0 Total 0 · 1 not answered',
    ]);
    // Each toggle is a level-3 heading, collapsed until tapped.
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(toggles.every((t) => t.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('opens an event into its answers by Attending, Maybe Attending, Not Attending, and who has not answered', async () => {
    serve({ body: { upcoming_events: [overviewEvent()] } });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    const toggle = await screen.findByRole('button', { name: /vs Eagles/ });
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(body.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);

    const groups = within(body).getAllByRole('heading', { level: 4 });
    expect(groups.map(text)).toEqual([
      'Attending (1)',
      'Maybe Attending (1)',
      'Not Attending (1)',
      'No answer yet (1)',
    ]);
    const items = within(body)
      .getAllByRole('listitem')
      .map((li) => Array.from(li.children).map(text).join(' | '));
    // Under each name, the buttons that record another answer for that player.
    expect(items).toEqual([
      "#10 Mia Lopez · Midfielder | Answered by Maria Lopez (Parent) | Notes: Leaving at half time | GoingMaybeCan't go",
      "#4 Ava Stone · Defender | GoingMaybeCan't go",
      "#1 Sam Reed · Goalkeeper | Answered by Casey Coach (Coach) | GoingMaybeCan't go",
      "Leo Park | GoingMaybeCan't go",
    ]);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(body.hidden).toBe(true);
  });

  it('says when nobody has answered and when everyone has', async () => {
    serve({
      body: {
        upcoming_events: [
          overviewEvent({
            event_id: 1,
            event_name: 'Nobody yet',
            total_responses: 0,
            yes_count: 0,
            no_count: 0,
            maybe_count: 0,
            responses: [],
          }),
          overviewEvent({ event_id: 2, event_name: 'All in', not_responded: [] }),
        ],
      },
    });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: /Nobody yet/ }));
    fireEvent.click(screen.getByRole('button', { name: /All in/ }));
    expect(screen.getByText('No answers yet.')).toBeTruthy();
    expect(screen.getByText('Every active player has answered.')).toBeTruthy();
    // No 'not answered' count when everyone has answered.
    expect(text(screen.getByRole('button', { name: /All in/ }))).not.toContain('not answered');
  });

  it('has a helpful empty state when there are no events in the window', async () => {
    serve({ body: { upcoming_events: [] } });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    const empty = await screen.findByText(/No events in the next 14 days\./);
    expect(text(empty)).toBe(
      'No events in the next 14 days. Games, tournament games and practices added in Team Events show here.',
    );
    expect(within(empty).getByRole('link', { name: 'Team Events' }).getAttribute('href')).toBe(
      '#tournaments',
    );
  });

  it('shows no message and no misleading empty state when loading fails (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve({ status: 500, body: { detail: 'Boom' } });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Event RSVPs' })).toBeTruthy();
    expect(screen.queryByText(/No events/)).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Boom/)).toBeNull();
    warn.mockRestore();
  });

  it('asks another window or type from the server, and keeps custom dates that make no window at home', async () => {
    const calls = serve({ body: { upcoming_events: [overviewEvent()] } });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    await screen.findByRole('list', { name: 'Events' });
    const group = screen.getByRole('group', { name: 'Which events' });
    const show = within(group).getByLabelText('Show') as HTMLSelectElement;
    expect(Array.from(show.options).map((o) => o.text)).toEqual([
      'Next 14 days',
      'Next 30 days',
      'Past 14 days',
      'All upcoming',
      'All events',
      'Custom dates',
    ]);
    fireEvent.change(show, { target: { value: 'past14' } });
    await vi.waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        `/api/team-rsvp/team/3/overview?from=${addDays(today, -14)}&to=${addDays(today, -1)}`,
      ),
    );
    fireEvent.change(within(group).getByLabelText('Type'), { target: { value: 'practice' } });
    await vi.waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        `/api/team-rsvp/team/3/overview?from=${addDays(today, -14)}&to=${addDays(today, -1)}&type=practice`,
      ),
    );
    fireEvent.change(show, { target: { value: 'all' } });
    await vi.waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/team-rsvp/team/3/overview?include_past=true&type=practice'),
    );

    fireEvent.change(show, { target: { value: 'custom' } });
    const from = within(group).getByLabelText('From') as HTMLInputElement;
    const to = within(group).getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual([today, addDays(today, 13)]);
    const before = calls.length;
    fireEvent.change(to, { target: { value: addDays(today, -1) } });
    expect(screen.getByRole('alert').textContent).toBe('The end date must be on or after the start date.');
    expect(screen.queryByRole('list', { name: 'Events' })).toBeNull();
    fireEvent.change(to, { target: { value: addDays(today, 3) } });
    await vi.waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        `/api/team-rsvp/team/3/overview?from=${today}&to=${addDays(today, 3)}&type=practice`,
      ),
    );
    // The rejected dates were never asked.
    expect(calls.slice(before).some((c) => c.url.includes(`to=${addDays(today, -1)}`))).toBe(false);
  });

  it("records a player's answer with one tap, once however often tapped, and reads the overview again", async () => {
    let answered = false;
    const calls = mockFetch((url, method) => {
      if (method === 'POST' && url === '/api/team-rsvp/submit') {
        answered = true;
        return {
          body: {
            id: 40,
            team_id: 3,
            player_id: 4,
            player_name: 'Leo Park',
            event_type: 'tournament',
            event_id: 12,
            response: 'yes',
            notes: null,
            responded_by_name: 'Casey Coach',
            updated_at: new Date().toISOString(),
          },
        };
      }
      if (url.includes('/team-rsvp/team/3/overview'))
        return {
          body: {
            upcoming_events: [
              answered
                ? overviewEvent({
                    yes_count: 2,
                    total_responses: 4,
                    responses: [
                      ...overviewEvent().responses,
                      {
                        id: 40,
                        player_id: 4,
                        player: leo,
                        user: { name: 'Casey Coach', role: 'coach' },
                        response: 'yes',
                        notes: null,
                      },
                    ],
                    not_responded: [],
                  })
                : overviewEvent(),
            ],
          },
        };
      return { status: 404, body: { detail: 'Not found' } };
    });
    renderWithClient(
      <>
        <ToastRegion layer={null} />
        <RsvpOverviewPanel teamId={3} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /vs Eagles/ }));
    const leoGroup = screen.getByRole('group', { name: 'Record answer for Leo Park, vs Eagles' });
    const going = within(leoGroup).getByRole('button', { name: 'Going' });
    expect(going.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(going);
    fireEvent.click(going);
    await screen.findByText('✓ RSVP submitted for Leo Park: attending');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      {
        url: '/api/team-rsvp/submit',
        method: 'POST',
        body: { event_type: 'tournament', event_id: 12, player_id: 4, response: 'yes' },
      },
    ]);
    // Read again: Leo is now among the Attending, his answer pressed.
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Record answer for Leo Park, vs Eagles' }))
          .getByRole('button', { name: 'Going' })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(screen.getByText('Every active player has answered.')).toBeTruthy();
  });

  it("shows the server's refusal in the RSVP failure words and keeps the answers as they were", async () => {
    mockFetch((url, method) => {
      if (method === 'POST')
        return { status: 409, body: { detail: 'This event has started; RSVPs are closed.' } };
      if (url.includes('/overview')) return { body: { upcoming_events: [overviewEvent()] } };
      return { status: 404, body: { detail: 'Not found' } };
    });
    renderWithClient(
      <>
        <ToastRegion layer={null} />
        <RsvpOverviewPanel teamId={3} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /vs Eagles/ }));
    const mia = screen.getByRole('group', { name: 'Record answer for Mia Lopez, vs Eagles' });
    fireEvent.click(within(mia).getByRole('button', { name: "Can't go" }));
    await screen.findByText('Failed to submit RSVP: This event has started; RSVPs are closed.');
    expect(within(mia).getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no answer buttons on an event closed to coaches too (more than 7 days ago)', async () => {
    serve({ body: { upcoming_events: [overviewEvent({ event_date: addDays(today, -9) })] } });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: /vs Eagles/ }));
    expect(screen.queryAllByRole('group', { name: /Record answer/ })).toHaveLength(0);
    expect(screen.getByRole('note').textContent).toBe(
      'This event started more than 7 days ago; its RSVPs can no longer be changed.',
    );
  });
});
