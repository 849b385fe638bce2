// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Player } from '../../src/shared/api/roster.ts';
import { BulkAddModal } from '../../src/web/features/roster/components/BulkAddModal.tsx';
import { mockFetch, renderWithClient, type FetchCall } from './render-with-client.tsx';

let calls: FetchCall[];

beforeEach(() => {
  calls = mockFetch(() => ({
    status: 201,
    body: { players: [], message: 'Successfully added 2 players to the team!' },
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EXISTING: Player = {
  id: 1,
  team_id: 3,
  name: 'Ann Lee',
  position: null,
  jersey_number: 4,
  age: 10,
  status: 'active',
  parent_contacts: [],
  is_mine: false,
};

function row(n: number) {
  return within(screen.getByRole('group', { name: `Player ${n}` }));
}

function fill(n: number, name: string, jersey = '') {
  fireEvent.change(row(n).getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(row(n).getByLabelText('Jersey Number'), { target: { value: jersey } });
}

function renderModal(onAdded = vi.fn()) {
  renderWithClient(<BulkAddModal teamId={3} players={[EXISTING]} onClose={() => {}} onAdded={onAdded} />);
  return onAdded;
}

describe('BulkAddModal', () => {
  it('offers 10 rows by default and 1 to 50 on request', () => {
    renderModal();
    expect(screen.getAllByRole('group', { name: /^Player \d+$/ })).toHaveLength(10);
    fireEvent.change(screen.getByLabelText('Number of Players'), { target: { value: '3' } });
    expect(screen.getAllByRole('group', { name: /^Player \d+$/ })).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Number of Players'), { target: { value: '51' } });
    expect(screen.getByText('Enter a number from 1 to 50')).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^Player \d+$/ })).toHaveLength(3);
  });

  it('asks for at least one named player', () => {
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Add 0 Players' }));
    expect(screen.getByRole('alert').textContent).toContain('Please add at least one player with a name');
    expect(calls).toHaveLength(0);
  });

  it('lists repeated jersey numbers and sends nothing', () => {
    renderModal();
    fill(1, 'Ben Ortiz', '7');
    fill(2, 'Cara Diaz', '9');
    fill(3, 'Dev Patel', '7');
    fill(4, 'Eli Moss', '9');
    fill(5, '', '9'); // no name: not added, not counted
    fireEvent.click(screen.getByRole('button', { name: 'Add 4 Players' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Please ensure each player has a unique jersey number. Repeated: 7, 9',
    );
    expect(calls).toHaveLength(0);
  });

  it('flags a number another player already wears', () => {
    renderModal();
    fill(1, 'Ben Ortiz', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 Player' }));
    expect(row(1).getByText('Jersey number is already taken')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the named rows and reports the server’s message', async () => {
    const onAdded = renderModal();
    fill(1, 'Ben Ortiz', '7');
    fill(3, 'Cara Diaz');
    fireEvent.change(row(3).getByLabelText('Position'), { target: { value: 'Goalkeeper' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add 2 Players' }));
    });
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith('Successfully added 2 players to the team!'));
    expect(calls[0]?.url).toBe('/api/teams/3/players/bulk');
    expect(calls[0]?.body).toEqual({
      players: [
        { name: 'Ben Ortiz', position: null, jersey_number: 7, age: null, status: 'active' },
        { name: 'Cara Diaz', position: 'Goalkeeper', jersey_number: null, age: null, status: 'active' },
      ],
    });
  });
});
