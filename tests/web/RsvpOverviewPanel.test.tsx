// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OverviewEvent } from '../../src/shared/api/calendar.ts';
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
