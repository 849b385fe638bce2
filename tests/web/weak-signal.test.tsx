// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import type { Player } from '../../src/shared/api/roster.ts';
import { ChangePasswordForm } from '../../src/web/features/account/components/ChangePasswordForm.tsx';
import { BulkAddModal } from '../../src/web/features/roster/components/BulkAddModal.tsx';
import { PlayerFormModal } from '../../src/web/features/roster/components/PlayerFormModal.tsx';
import { RosterPage } from '../../src/web/features/roster/components/RosterPage.tsx';
import { teamFixture } from './team-fixture.ts';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

// What a user on a weak signal sees (issue 6): writes run now or fail now with the spec's messages,
// a second tap sends nothing, unsaved input is not thrown away silently, loading is not an empty list.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const TEAM: Team = teamFixture();

function player(id: number, name: string, jersey: number | null): Player {
  return {
    id,
    team_id: 3,
    name,
    position: null,
    jersey_number: jersey,
    age: 10,
    status: 'active',
    is_mine: false,
    parent_contacts: [],
  };
}

/** fetch that never reaches a server, as offline or on a dropped connection. */
function failingFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      throw new TypeError('Failed to fetch');
    }),
  );
  return calls;
}

/** fetch whose answers wait until `release()`: a write in flight. */
function slowFetch(answer: (url: string, method: string) => { status?: number; body: unknown }) {
  const calls: string[] = [];
  const waiting: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method !== 'GET') await new Promise<void>((resolve) => waiting.push(resolve));
      const { status = 200, body } = answer(url, method);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const release = () => act(() => waiting.splice(0).forEach((resolve) => resolve()));
  return { calls, release };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });

describe('writes on a weak signal', () => {
  it('fails an offline Add Player at once with the network message, keeping the text and the button', async () => {
    onlineManager.setOnline(false);
    const calls = failingFetch();
    renderWithClient(<PlayerFormModal teamId={3} player={null} players={[]} onClose={() => {}} />);
    const add = within(dialog('Add Player'));
    fireEvent.change(add.getByLabelText(/Name/), { target: { value: 'Bea Ruiz' } });
    fireEvent.click(add.getByRole('button', { name: 'Add Player' }));
    expect((await add.findByRole('alert')).textContent).toContain('Network error - check connection');
    expect(calls).toEqual(['POST /api/teams/3/players']);
    expect((add.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Bea Ruiz');
    const retry = add.getByRole('button', { name: 'Add Player' }) as HTMLButtonElement;
    expect(retry.disabled).toBe(false);
  });

  it('shows Change Password its own network message', async () => {
    onlineManager.setOnline(false);
    failingFetch();
    renderWithClient(<ChangePasswordForm />);
    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'Old#Pass123' } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Corner#Kick9' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'Corner#Kick9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '!Network error. Please check your connection and try again.',
    );
  });

  it('sends one Add Player for a double click', async () => {
    const { calls, release } = slowFetch(() => ({ status: 201, body: player(9, 'Bea Ruiz', null) }));
    const onClose = vi.fn();
    renderWithClient(<PlayerFormModal teamId={3} player={null} players={[]} onClose={onClose} />);
    const add = within(dialog('Add Player'));
    fireEvent.change(add.getByLabelText(/Name/), { target: { value: 'Bea Ruiz' } });
    const button = add.getByRole('button', { name: 'Add Player' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(add.getByRole('button', { name: 'Saving...' })).toBeTruthy());
    expect((add.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    await release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
  });

  it('marks the rows of a repeated jersey number in Bulk Add', () => {
    mockFetch(() => ({ body: {} }));
    renderWithClient(<BulkAddModal teamId={3} players={[]} onClose={() => {}} onAdded={() => {}} />);
    const row = (n: number) => within(screen.getByRole('group', { name: `Player ${n}` }));
    fireEvent.change(row(1).getByLabelText('Name'), { target: { value: 'Cal Diaz' } });
    fireEvent.change(row(1).getByLabelText('Jersey Number'), { target: { value: '9' } });
    fireEvent.change(row(3).getByLabelText('Name'), { target: { value: 'Dee Moss' } });
    fireEvent.change(row(3).getByLabelText('Jersey Number'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 Players' }));
    for (const n of [1, 3]) {
      const jersey = row(n).getByLabelText('Jersey Number');
      expect(jersey.getAttribute('aria-invalid')).toBe('true');
      expect(row(n).getByText('Jersey number 9 is repeated')).toBeTruthy();
    }
    expect(row(2).getByLabelText('Jersey Number').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(row(1).getByLabelText('Jersey Number'));
  });
});

describe('closing a form with unsaved input', () => {
  it('asks before discarding, and keeps editing on request', async () => {
    mockFetch(() => ({ body: {} }));
    const onClose = vi.fn();
    renderWithClient(<PlayerFormModal teamId={3} player={null} players={[]} onClose={onClose} />);
    const add = within(dialog('Add Player'));
    // Nothing typed: Cancel closes at once.
    fireEvent.click(add.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(add.getByLabelText(/Name/), { target: { value: 'Bea Ruiz' } });
    fireEvent.click(add.getByRole('button', { name: 'Cancel' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    expect(ask.getByText('You have unsaved changes. Discard them?')).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect((add.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Bea Ruiz');

    fireEvent.click(add.getByRole('button', { name: 'Close' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('the roster on a weak signal', () => {
  it('shows loading, not an empty team, while the teams load', () => {
    renderWithClient(<RosterPage title="Team Management" team={null} loading />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByText('Please select a team to view the roster.')).toBeNull();
  });

  it('shows no count and no Add buttons while the players load', async () => {
    const { release } = slowFetch(() => ({ body: [] }));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithClient(<RosterPage title="Team Management" team={TEAM} />);
    expect((await screen.findAllByRole('status')).some((s) => s.textContent?.includes('Loading'))).toBe(true);
    expect(screen.queryByTestId('active-players')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Player' })).toBeNull();
    await release();
  });

  it('removes once for a double tap, showing Removing... meanwhile', async () => {
    let players = [player(1, 'Ann Lee', 7), player(2, 'Bo Kim', 8)];
    const { calls, release } = slowFetch((url, method) => {
      if (method === 'DELETE') {
        players = players.filter((p) => p.id !== 1);
        return { body: { message: 'Player removed successfully' } };
      }
      return { body: url.endsWith('/players') ? players : [] };
    });
    renderWithClient(<RosterPage title="Team Management" team={TEAM} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann Lee' }));
    const confirm = within(dialog('Remove Player'));
    const remove = confirm.getByRole('button', { name: 'Remove' });
    fireEvent.click(remove);
    fireEvent.click(remove);
    const removing = await screen.findByRole('button', { name: 'Removing... Ann Lee' });
    expect((removing as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove Bo Kim' }) as HTMLButtonElement).disabled).toBe(true);
    await release();
    expect(await screen.findByText('Player removed successfully')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual(['DELETE /api/teams/3/players/1']);
  });

  it('says a player was removed elsewhere and refreshes the list', async () => {
    let players = [player(1, 'Ann Lee', 7), player(2, 'Bo Kim', 8)];
    const calls = mockFetch((url, method) => {
      if (method === 'DELETE') {
        players = players.filter((p) => p.id !== 1);
        return { status: 404, body: { detail: 'Player not found' } };
      }
      return { body: url.endsWith('/players') ? players : [] };
    });
    renderWithClient(<RosterPage title="Team Management" team={TEAM} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann Lee' }));
    fireEvent.click(within(dialog('Remove Player')).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('This player was removed by someone else. The list has been refreshed.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Ann Lee' })).toBeNull());
    expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/players')).length).toBeGreaterThan(1);
  });

  it('closes Manage Parents with a clear message when the player was removed elsewhere', async () => {
    let players = [player(1, 'Ann Lee', 7)];
    mockFetch((url, method) => {
      if (method === 'POST') {
        players = [];
        return { status: 404, body: { detail: 'Player not found' } };
      }
      return { body: url.endsWith('/players') ? players : [] };
    });
    renderWithClient(<RosterPage title="Team Management" team={TEAM} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Parents of Ann Lee' }));
    const manage = within(dialog('Manage Parents: Ann Lee'));
    fireEvent.change(manage.getByLabelText(/Parent Name/), { target: { value: 'Jo Lee' } });
    fireEvent.change(manage.getByLabelText(/^Email/), { target: { value: 'jo@example.com' } });
    fireEvent.click(manage.getByRole('button', { name: 'Add Parent' }));
    expect(
      await screen.findByText('This player was removed by someone else. The list has been refreshed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Manage Parents: Ann Lee' })).toBeNull();
  });
});
