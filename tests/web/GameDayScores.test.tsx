// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game, Tournament } from '../../src/shared/api/events.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { DashboardEvents } from '../../src/web/features/events/components/DashboardEvents.tsx';
import { hasUnsavedChanges, leaveThen, setLeaveAsker } from '../../src/web/lib/unsaved-changes.ts';
import { game, noPermissions, tournament, tournamentGame } from './events-fixtures.ts';
import { type FetchCall, mockFetch, renderWithClient } from './render-with-client.tsx';

// Game day on the dashboard (docs/product/events.md 'Game day'; docs/decisions/050): today's games, in
// the team's time zone, from the lists the dashboard reads, with score fields saved in place.

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

const cup = () =>
  tournament(1, 'Summer Cup', '2026-06-10', '2026-06-11', 'active', {
    games: [
      tournamentGame({
        id: 11,
        opponent: 'Eagles',
        date: '2026-06-10',
        time: '09:00',
        round_name: 'Group A',
      }),
      tournamentGame({ id: 12, opponent: 'Tomorrow Foe', date: '2026-06-11', time: '09:00' }),
      tournamentGame({
        id: 13,
        opponent: 'Maybe Final',
        date: '2026-06-10',
        time: '16:00',
        status: 'conditional',
      }),
    ],
  });
const games = () => [
  game({ id: 21, opponent: 'Wolves', date: '2026-06-10', time: '18:00', location: 'Home Ground' }),
  game({ id: 22, opponent: 'Rained Out', date: '2026-06-10', time: '12:00', status: 'cancelled' }),
  // 2026-06-11 in UTC, but tomorrow in Chicago.
  game({ id: 23, opponent: 'Thursday', date: '2026-06-11', time: '10:00' }),
];

function serve(
  { tournaments = [cup()], list = games(), permissions = noPermissions(), save = { status: 200 } } = {} as {
    tournaments?: Tournament[];
    list?: Game[];
    permissions?: ReturnType<typeof noPermissions>;
    save?: { status: number; detail?: string };
  },
): { calls: FetchCall[] } {
  const calls = mockFetch((url, method) => {
    if (url.endsWith('/config'))
      return {
        body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
      };
    if (url.includes('/moderators/my-permissions/')) return { body: permissions };
    if (method === 'PUT') {
      if (save.status !== 200) return { status: save.status, body: { detail: save.detail } };
      const body = calls.at(-1)?.body as { our_score: number; opponent_score: number };
      return url.includes('/tournaments/')
        ? { body: { ...tournamentGame({ id: 11, date: '2026-06-10' }), ...body, status: 'completed' } }
        : { body: { ...game({ id: 21, date: '2026-06-10' }), ...body, status: 'completed' } };
    }
    if (url.includes('/tournaments/team/')) return { body: tournaments };
    if (url.includes('/games/')) return { body: list };
    if (url.includes('/practices/')) return { body: [] };
    return { body: [] };
  });
  return { calls };
}

const puts = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => ({ url: c.url, body: c.body }));

describe("Dashboard: today's games", () => {
  it("lists today's individual and tournament games by time, not cancelled or conditional ones", async () => {
    serve();
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    const list = await screen.findByRole('list', { name: "Today's games" });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.game-day__title')?.textContent?.replace(/\s+/g, ' ').trim()),
    ).toEqual(['9:00 AM vs Eagles · Summer Cup · Group A', '6:00 PM vs Wolves · Home Ground']);
    const wolves = within(list).getByRole('form', { name: 'Score vs Wolves' });
    expect(within(wolves).getByLabelText('Our Score')).toBeTruthy();
    expect(within(wolves).getByLabelText('Opponent Score')).toBeTruthy();
  });

  it('saves both scores with one tap through the game its own PUT, once however often tapped', async () => {
    const { calls } = serve();
    renderWithClient(
      <>
        <ToastRegion layer={null} />
        <DashboardEvents team={{ id: 3, is_coach: true }} />
      </>,
    );
    const eagles = await screen.findByRole('form', { name: 'Score vs Eagles' });
    fireEvent.change(within(eagles).getByLabelText('Our Score'), { target: { value: '3' } });
    fireEvent.change(within(eagles).getByLabelText('Opponent Score'), { target: { value: '1' } });
    const save = within(eagles).getByRole('button', { name: /^Save/ });
    fireEvent.click(save);
    fireEvent.click(save);
    await within(eagles.parentElement as HTMLElement).findByText('Score Saved', { selector: 'p' });
    const wolves = screen.getByRole('form', { name: 'Score vs Wolves' });
    fireEvent.change(within(wolves).getByLabelText('Our Score'), { target: { value: '0' } });
    fireEvent.change(within(wolves).getByLabelText('Opponent Score'), { target: { value: '2' } });
    fireEvent.click(within(wolves).getByRole('button', { name: /^Save/ }));
    await within(wolves.parentElement as HTMLElement).findByText('Score Saved', { selector: 'p' });
    expect(puts(calls)).toEqual([
      { url: '/api/tournaments/1/games/11', body: { our_score: 3, opponent_score: 1 } },
      { url: '/api/games/3/21', body: { our_score: 0, opponent_score: 2 } },
    ]);
  });

  it('keeps what was typed when a save fails, with the score messages, and sends nothing invalid', async () => {
    const { calls } = serve({
      save: { status: 403, detail: "You do not have permission to update this team's scores" },
    });
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    const wolves = await screen.findByRole('form', { name: 'Score vs Wolves' });
    const ours = within(wolves).getByLabelText('Our Score') as HTMLInputElement;
    const theirs = within(wolves).getByLabelText('Opponent Score') as HTMLInputElement;
    fireEvent.change(ours, { target: { value: '2' } });
    fireEvent.click(within(wolves).getByRole('button', { name: /^Save/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter valid scores (0 or greater)');
    expect(puts(calls)).toEqual([]);
    fireEvent.change(theirs, { target: { value: '2' } });
    await act(async () => {
      fireEvent.click(within(wolves).getByRole('button', { name: /^Save/ }));
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "Score Update Failed: You do not have permission to update this team's scores",
      ),
    );
    expect([ours.value, theirs.value]).toEqual(['2', '2']);
  });

  it('shows a scorer moderator the fields, and a parent nothing new', async () => {
    serve({ permissions: { ...noPermissions(), can_update_scores: true } });
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: false }} />);
    expect(await screen.findByRole('list', { name: "Today's games" })).toBeTruthy();
    cleanup();

    serve();
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: false }} />);
    await screen.findByRole('list', { name: 'Upcoming events' });
    // The permissions have answered (no flag): still nothing.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('list', { name: "Today's games" })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('holds a typed, unsaved score as unsaved input: leaving asks; saved or typed back, nothing asks', async () => {
    serve();
    const asked: (string | undefined)[] = [];
    setLeaveAsker((_leave, toHash) => asked.push(toHash));
    const left = vi.fn();
    const unloading = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const view = renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    const eagles = await screen.findByRole('form', { name: 'Score vs Eagles' });
    const ours = within(eagles).getByLabelText('Our Score');
    expect(hasUnsavedChanges()).toBe(false);

    fireEvent.change(ours, { target: { value: '3' } });
    expect(hasUnsavedChanges()).toBe(true);
    expect(unloading()).toBe(true);
    leaveThen(left, '#calendar');
    expect([asked, left.mock.calls.length]).toEqual([['#calendar'], 0]);

    // Back to what is saved (nothing yet): no question.
    fireEvent.change(ours, { target: { value: '' } });
    expect(hasUnsavedChanges()).toBe(false);
    expect(unloading()).toBe(false);
    leaveThen(left);
    expect(left).toHaveBeenCalledTimes(1);

    fireEvent.change(ours, { target: { value: '3' } });
    fireEvent.change(within(eagles).getByLabelText('Opponent Score'), { target: { value: '1' } });
    fireEvent.click(within(eagles).getByRole('button', { name: /^Save/ }));
    await within(eagles.parentElement as HTMLElement).findByText('Score Saved', { selector: 'p' });
    expect(hasUnsavedChanges()).toBe(false);

    // Typed again, then the dashboard goes away (the tab was left after Discard): nothing held.
    fireEvent.change(ours, { target: { value: '4' } });
    expect(hasUnsavedChanges()).toBe(true);
    view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
    expect(unloading()).toBe(false);
    setLeaveAsker(null);
  });

  it('adds nothing on a day without games', async () => {
    serve({ tournaments: [], list: [game({ id: 23, opponent: 'Thursday', date: '2026-06-11' })] });
    renderWithClient(<DashboardEvents team={{ id: 3, is_coach: true }} />);
    await screen.findByRole('list', { name: 'Upcoming events' });
    expect(screen.queryByRole('list', { name: "Today's games" })).toBeNull();
  });
});
