// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import { AdminScreen } from '../../src/web/app/AdminScreen.tsx';
import { teamFixture } from './team-fixture.ts';
import { emptyAnswer, mockFetch } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function team(id: number, name: string): Team {
  return teamFixture({ id, name, head_coach_name: 'Casey Coach' });
}

describe('AdminScreen', () => {
  it('starts Team Settings afresh for another team: nothing typed for one is saved onto the other', async () => {
    mockFetch((url) => ({ body: emptyAnswer(url) }));
    window.history.replaceState(null, '', '/#admin?tab=settings');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ui = (selected: Team) => (
      <QueryClientProvider client={client}>
        <AdminScreen coachLike team={selected} loading={false} />
      </QueryClientProvider>
    );
    const { rerender } = render(ui(team(1, 'Lions')));
    const name = (await screen.findByLabelText(/^Team Name/)) as HTMLInputElement;
    expect(name.value).toBe('Lions');
    fireEvent.change(name, { target: { value: 'Lions Typed' } });
    rerender(ui(team(2, 'Tigers')));
    expect(((await screen.findByLabelText(/^Team Name/)) as HTMLInputElement).value).toBe('Tigers');
  });

  it('shows the Event RSVPs tab for the selected team', async () => {
    const calls = mockFetch((url) => ({ body: emptyAnswer(url) }));
    window.history.replaceState(null, '', '/#admin?tab=rsvps');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AdminScreen coachLike team={team(1, 'Lions')} loading={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('tab', { name: 'Event RSVPs' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(/No events in the next 14 days\./)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/team-rsvp/team/1/overview?from='))).toBe(true);
  });
});
