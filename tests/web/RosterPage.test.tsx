// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import type { Player } from '../../src/shared/api/roster.ts';
import { RosterPage } from '../../src/web/features/roster/components/RosterPage.tsx';
import { teamFixture } from './team-fixture.ts';
import { emptyAnswer, mockFetch, renderWithClient } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function team(isCoach: boolean): Team {
  return teamFixture({ invite_code: isCoach ? 'ABCD2345' : null, is_coach: isCoach });
}

function player(id: number, name: string, jersey: number | null, withContacts: boolean): Player {
  return {
    id,
    team_id: 3,
    name,
    position: 'Defender',
    jersey_number: jersey,
    age: 11,
    status: 'active',
    is_mine: false,
    parent_contacts: [
      {
        id: id * 10,
        name: `Parent of ${name}`,
        is_primary: true,
        relationship: withContacts ? 'guardian' : null,
        email: withContacts ? `parent${id}@example.com` : null,
        phone: withContacts ? '555-0100' : null,
        user_id: null,
        invite_sent_at: null,
      },
    ],
  };
}

function serve(withContacts: boolean) {
  // Out of order on purpose: the screen sorts by jersey number, the unnumbered last.
  const players = [
    player(1, 'Zoe Unnumbered', null, withContacts),
    player(2, 'Ann Lee', 9, withContacts),
    player(3, 'Bo Kim', 2, withContacts),
  ];
  mockFetch((url) => ({ body: url.endsWith('/players') ? players : emptyAnswer(url) }));
}

const playerNames = () =>
  within(screen.getByRole('list', { name: 'Players' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('RosterPage', () => {
  it('asks for a team when none is selected', () => {
    renderWithClient(<RosterPage title="Team Roster" team={null} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Team Roster' })).toBeTruthy();
    expect(screen.getByText('Please select a team to view the roster.')).toBeTruthy();
  });

  it('shows parents and players names and the Primary badge only', async () => {
    serve(false);
    renderWithClient(<RosterPage title="Team Roster" team={team(false)} />);
    await screen.findByRole('list', { name: 'Players' });
    expect(playerNames()).toEqual(['Bo Kim', 'Ann Lee', 'Zoe Unnumbered']);
    expect(screen.getByTestId('active-players').textContent).toBe('3');
    expect(screen.getAllByText('Primary')).toHaveLength(3);
    expect(screen.getByText('Parent of Ann Lee')).toBeTruthy();
    expect(screen.queryByText(/@example\.com/)).toBeNull();
    expect(screen.queryByText('Team Invite Code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Player' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Manage Parents/ })).toBeNull();
    expect(screen.queryByText('Parent Accounts')).toBeNull();
  });

  it('gives coaches the invite code, contacts and roster buttons', async () => {
    serve(true);
    renderWithClient(<RosterPage title="Team Management" team={team(true)} />);
    await screen.findByRole('list', { name: 'Players' });
    expect(screen.getByText('ABCD2345')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'parent2@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Player' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bulk Add' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Ann Lee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Ann Lee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Parents of Ann Lee' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Parent Accounts' })).toBeTruthy();
  });
});

describe('RosterPage: search (decision 051)', () => {
  const search = () => screen.getByRole('searchbox', { name: 'Search players' });

  it('finds players by name, by jersey number and by a parent, and says when none match', async () => {
    serve(false);
    renderWithClient(<RosterPage title="Team Roster" team={team(false)} />);
    await screen.findByRole('list', { name: 'Players' });
    fireEvent.change(search(), { target: { value: '  ann ' } });
    expect(playerNames()).toEqual(['Ann Lee']);
    fireEvent.change(search(), { target: { value: '#2' } });
    expect(playerNames()).toEqual(['Bo Kim']);
    // A number is a jersey: 9 does not find 19 or a name.
    fireEvent.change(search(), { target: { value: '9' } });
    expect(playerNames()).toEqual(['Ann Lee']);
    fireEvent.change(search(), { target: { value: 'parent of zoe' } });
    expect(playerNames()).toEqual(['Zoe Unnumbered']);
    expect(screen.getByRole('status').textContent).toBe('1 player found');
    fireEvent.change(search(), { target: { value: 'Xavier' } });
    expect(screen.queryByRole('list', { name: 'Players' })).toBeNull();
    expect(screen.getByText('No players match "Xavier".')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(playerNames()).toEqual(['Bo Kim', 'Ann Lee', 'Zoe Unnumbered']);
  });
});
