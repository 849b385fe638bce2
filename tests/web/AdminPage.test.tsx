// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import type { JoinRequest } from '../../src/shared/api/joining.ts';
import { AdminPage } from '../../src/web/features/admin/components/AdminPage.tsx';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TEAM = { id: 3, name: 'Riverside Lions', is_coach: true } as Team;

function request(id: number, name: string, status: JoinRequest['status']): JoinRequest {
  return {
    id,
    team_id: 3,
    user_id: id + 100,
    user_name: name,
    user_email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    role: 'parent',
    message: status === 'pending' ? 'Mother of Ann' : null,
    status,
    created_at: '2026-03-05T15:00:00.000Z',
    reviewed_by: status === 'pending' ? null : 1,
    reviewer_name: status === 'pending' ? null : 'Casey Coach',
    reviewed_at: status === 'pending' ? null : '2026-03-06T15:00:00.000Z',
    rejection_reason: status === 'rejected' ? 'Not on this team' : null,
    player_id: null,
  };
}

describe('AdminPage', () => {
  it('is for coaches only', () => {
    renderWithClient(<AdminPage canAdminister={false} team={TEAM} players={[]} />);
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeTruthy();
    expect(screen.getByText('Team administration is only available to coaches.')).toBeTruthy();
  });

  it('asks for a team', () => {
    renderWithClient(<AdminPage canAdminister team={null} players={[]} />);
    expect(screen.getByText('Please select a team to manage administrative functions.')).toBeTruthy();
  });

  it('shows loading, not "select a team", while the teams load', () => {
    renderWithClient(<AdminPage canAdminister team={null} players={[]} loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Please select a team to manage administrative functions.')).toBeNull();
  });

  it('lists pending requests first, past ones collapsed, and approves', async () => {
    const calls = mockFetch((url, method) => ({
      body:
        url === '/api/config'
          ? { club_name: 'Riverside', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 }
          : method === 'POST'
            ? request(1, 'Pat Lee', 'approved')
            : [request(1, 'Pat Lee', 'pending'), request(2, 'Sam Roe', 'rejected')],
    }));
    renderWithClient(<AdminPage canAdminister team={TEAM} players={[]} />);
    const tab = screen.getByRole('tab', { name: /Join Requests/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('heading', { name: 'Pat Lee' });
    expect(tab.textContent).toContain('1');
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d.*$/, ''))).toEqual([
      'Join Requests',
      'Event RSVPs',
      'Team Kits',
      'Moderators',
      'Team Settings',
    ]);
    expect(screen.getByText('Requested 03/05/2026')).toBeTruthy();

    const past = screen.getByRole('button', { name: /Past Requests \(1\)/ });
    expect(past.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('heading', { name: /Sam Roe/ })).toBeNull();
    fireEvent.click(past);
    expect(screen.getByRole('heading', { name: /Sam Roe/ })).toBeTruthy();
    expect(screen.getByText('Reason: Not on this team')).toBeTruthy();
    expect(screen.getByText('Reviewed by Casey Coach on 03/06/2026')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Pat Lee' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Approve Join Request' }));
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    });
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/join-requests/1/approve');
    expect(post?.body).toEqual({});
  });
});
