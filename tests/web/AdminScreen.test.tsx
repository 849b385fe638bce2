// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/api/auth.ts';
import type { Team } from '../../src/shared/api/teams.ts';
import { AdminScreen } from '../../src/web/app/AdminScreen.tsx';
import { adminFeature } from '../../src/web/features/admin/feature.ts';
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

const account = (role: User['role']): User => ({
  id: 7,
  name: 'Robin Roe',
  email: 'robin@example.com',
  phone: null,
  role,
  email_verified: true,
  pending_email: null,
});
const COACH = account('coach');

describe('AdminScreen', () => {
  it('starts Team Settings afresh for another team: nothing typed for one is saved onto the other', async () => {
    mockFetch((url) => ({ body: emptyAnswer(url) }));
    window.history.replaceState(null, '', '/#admin?tab=settings');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ui = (selected: Team) => (
      <QueryClientProvider client={client}>
        <AdminScreen user={COACH} team={selected} loading={false} />
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
        <AdminScreen user={COACH} team={team(1, 'Lions')} loading={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('tab', { name: 'Event RSVPs' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(/No events in the next 14 days\./)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/team-rsvp/team/1/overview?from='))).toBe(true);
  });

  // Who sees what of Team Administration, by account and standing on the team (docs/product/
  // moderators-and-admin.md): the account's 'administer_teams' and the team's capabilities decide it.
  const adminScreenOf = async (user: User, onTeam: Team | null, grantedFlags: readonly string[] = []) => {
    mockFetch((url) => {
      const body = emptyAnswer(url);
      if (!url.includes('/moderators/my-permissions/')) return { body };
      const flags = Object.fromEntries(grantedFlags.map((flag) => [flag, true]));
      return { body: { ...(body as object), ...flags } };
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AdminScreen user={user} team={onTeam} loading={false} />
      </QueryClientProvider>,
    );
    // Flags load before a moderator's tabs show.
    await screen.findByRole('heading', { name: 'Team Administration' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const restricted = screen.queryByRole('heading', { name: 'Access Restricted' }) !== null;
    const tabs = screen.queryAllByRole('tab').map((tab) => tab.textContent?.replace(/\d.*$/, ''));
    const askTeam = screen.queryByText('Please select a team to manage administrative functions.') !== null;
    cleanup();
    return { restricted, tabs, askTeam };
  };
  const EVERY_TAB = ['Join Requests', 'Event RSVPs', 'Team Kits', 'Moderators', 'Team Settings'];

  it('shows coaches and admins every tab, and parents and players Access Restricted', async () => {
    const coached = teamFixture({ is_coach: true });
    const joined = teamFixture({ is_coach: false });
    expect(await adminScreenOf(account('coach'), coached)).toEqual({
      restricted: false,
      tabs: EVERY_TAB,
      askTeam: false,
    });
    expect(await adminScreenOf(account('admin'), coached)).toEqual({
      restricted: false,
      tabs: EVERY_TAB,
      askTeam: false,
    });
    for (const role of ['parent', 'player'] as const) {
      expect(await adminScreenOf(account(role), joined)).toEqual({
        restricted: true,
        tabs: [],
        askTeam: false,
      });
    }
  });

  it('asks a coach or an admin without a team to pick one; a parent or player is restricted still', async () => {
    for (const role of ['coach', 'admin'] as const) {
      expect(await adminScreenOf(account(role), null)).toEqual({
        restricted: false,
        tabs: [],
        askTeam: true,
      });
    }
    for (const role of ['parent', 'player'] as const) {
      expect(await adminScreenOf(account(role), null)).toEqual({
        restricted: true,
        tabs: [],
        askTeam: false,
      });
    }
  });

  it('opens a moderator only the tabs their flags open, and nothing of it without one', async () => {
    const joined = teamFixture({ is_coach: false });
    await vi.waitFor(async () =>
      expect(await adminScreenOf(account('parent'), joined, ['can_manage_equipment'])).toEqual({
        restricted: false,
        tabs: ['Team Kits'],
        askTeam: false,
      }),
    );
    await vi.waitFor(async () =>
      expect(
        await adminScreenOf(account('player'), joined, ['can_edit_team_info', 'can_send_messages']),
      ).toEqual({ restricted: false, tabs: ['Team Settings'], askTeam: false }),
    );
    expect(await adminScreenOf(account('parent'), joined, ['can_send_messages'])).toEqual({
      restricted: true,
      tabs: [],
      askTeam: false,
    });
  });
});

describe('the Admin badge', () => {
  const useCount = adminFeature.badges?.admin?.useCount;
  function Badge({ team: shown }: { team: Team | null }) {
    return <output>{useCount?.(shown) ?? 'none'}</output>;
  }
  const badgeFor = async (shown: Team | null, expected: string) => {
    const calls = mockFetch((url) => ({
      body: url.endsWith('/pending-count') ? { count: 2 } : emptyAnswer(url),
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Badge team={shown} />
      </QueryClientProvider>,
    );
    // Long enough for a request that should not be made to have been made; the count itself is
    // awaited (a read waits for the browser's turn, longer on a busy machine).
    await new Promise((resolve) => setTimeout(resolve, 10));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(expected));
    const shownCount = screen.getByRole('status').textContent;
    cleanup();
    return { shownCount, asked: calls.some((call) => call.url.includes('join-requests')) };
  };

  it("counts pending requests for those who review the team's requests (coaches and admins), no one else", async () => {
    expect(await badgeFor(teamFixture({ is_coach: true }), '2')).toEqual({ shownCount: '2', asked: true });
    expect(await badgeFor(teamFixture({ is_coach: false }), '0')).toEqual({ shownCount: '0', asked: false });
    expect(await badgeFor(null, '0')).toEqual({ shownCount: '0', asked: false });
  });
});
