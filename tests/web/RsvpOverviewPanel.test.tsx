// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OverviewEvent, RsvpList } from '../../src/shared/api/calendar.ts';
import { RsvpOverviewPanel } from '../../src/web/features/rsvp/components/RsvpOverviewPanel.tsx';
import { RsvpSummary } from '../../src/web/features/rsvp/components/RsvpSummary.tsx';
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
    const list = await screen.findByRole('list', { name: 'Upcoming events' });
    expect(calls.map((c) => c.url)).toEqual(['/api/team-rsvp/team/3/overview']);
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
    expect(items).toEqual([
      '#10 Mia Lopez · Midfielder | Answered by Maria Lopez (Parent) | Notes: Leaving at half time',
      '#4 Ava Stone · Defender',
      '#1 Sam Reed · Goalkeeper | Answered by Casey Coach (Coach)',
      'Leo Park',
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

  it('has a helpful empty state when there are no upcoming events', async () => {
    serve({ body: { upcoming_events: [] } });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    const empty = await screen.findByText(/No upcoming events yet\./);
    expect(text(empty)).toBe(
      'No upcoming events yet. Games, tournament games and practices added in Team Events show here.',
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
    expect(screen.queryByText(/No upcoming events/)).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Boom/)).toBeNull();
    warn.mockRestore();
  });
});

function rsvpList(overrides: Partial<RsvpList> = {}): RsvpList {
  const answer = (id: number, player_id: number, event_id: number, response: 'yes' | 'maybe' | 'no') => ({
    id,
    team_id: 3,
    player_id,
    player_name: '',
    event_type: 'game' as const,
    event_id,
    response,
    notes: null,
    responded_by_name: 'Maria Lopez',
    updated_at: '2026-11-20T10:00:00.000Z',
  });
  return {
    players: [
      { id: 1, team_id: 3, name: 'Mia Lopez', jersey_number: 10 },
      { id: 2, team_id: 3, name: 'Leo Lopez', jersey_number: 7 },
    ],
    rsvps: [answer(1, 1, 5, 'yes'), answer(2, 2, 6, 'no'), answer(3, 1, 6, 'maybe')],
    ...overrides,
  };
}

describe("The dashboard's RSVP line", () => {
  it("gives a parent each of their players' answers, with the spec's labels", () => {
    const { container } = render(<RsvpSummary list={rsvpList()} event={{ kind: 'game', id: 5 }} />);
    expect(text(container)).toBe('RSVP: Mia: Attending · Leo: no answer yet');
    cleanup();
    const other = render(<RsvpSummary list={rsvpList()} event={{ kind: 'game', id: 6 }} />);
    expect(text(other.container)).toBe('RSVP: Mia: Maybe Attending · Leo: Not Attending');
  });

  it('matches the kind of event too: a practice with the same id is another event', () => {
    const { container } = render(<RsvpSummary list={rsvpList()} event={{ kind: 'practice', id: 5 }} />);
    expect(text(container)).toBe('RSVP: Mia: no answer yet · Leo: no answer yet');
  });

  it('uses full names when two players share a first name', () => {
    const list = rsvpList({
      players: [
        { id: 1, team_id: 3, name: 'Mia Lopez', jersey_number: 10 },
        { id: 2, team_id: 3, name: 'Mia Park', jersey_number: 7 },
      ],
    });
    const { container } = render(<RsvpSummary list={list} event={{ kind: 'game', id: 5 }} />);
    expect(text(container)).toBe('RSVP: Mia Lopez: Attending · Mia Park: no answer yet');
  });

  it("says 'RSVPs closed' beside a parent's answers once the event has started", () => {
    const { container } = render(<RsvpSummary list={rsvpList()} event={{ kind: 'game', id: 5 }} closed />);
    expect(text(container)).toBe('RSVP: Mia: Attending · Leo: no answer yet · RSVPs closed');
  });

  it('gives a coach the counts and how many have not answered', () => {
    const { container } = render(<RsvpSummary list={rsvpList()} event={{ kind: 'game', id: 6 }} counts />);
    expect(text(container)).toBe('RSVP: Yes 0 · Maybe 1 · No 1');
    cleanup();
    const five = render(<RsvpSummary list={rsvpList()} event={{ kind: 'game', id: 5 }} counts />);
    expect(text(five.container)).toBe('RSVP: Yes 1 · Maybe 0 · No 0 · 1 not answered');
  });

  it('shows nothing without eligible players, while loading or after a failed load', () => {
    const none = render(
      <RsvpSummary list={rsvpList({ players: [], rsvps: [] })} event={{ kind: 'game', id: 5 }} />,
    );
    expect(none.container.innerHTML).toBe('');
    cleanup();
    const loading = render(<RsvpSummary list={undefined} event={{ kind: 'game', id: 5 }} counts />);
    expect(loading.container.innerHTML).toBe('');
  });
});
