// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../src/shared/api/notifications.ts';
import { NotificationBell } from '../../src/web/features/notifications/components/NotificationBell.tsx';
import { emptyAnswer, mockFetch, renderWithClient } from './render-with-client.tsx';

// The bell (docs/product/notifications.md): the unread count on it, the list on a tap, each item a
// link that marks it read, and 'Mark all read'.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (id: number, title: string, read = false): Notification => ({
  id,
  kind: 'event_changed',
  title,
  body: '12/05/2026 at 5:30 PM, North Field',
  link: `/#tournaments?section=practices&practiceId=${id}`,
  team_id: 3,
  created_at: '2026-11-26T15:00:00.000Z',
  read_at: read ? '2026-11-26T16:00:00.000Z' : null,
});

function serve(items: Notification[], unread: number) {
  return mockFetch((url, method) => {
    if (url === '/api/notifications' && method === 'GET') return { body: { items, unread_count: unread } };
    if (url === '/api/notifications/read') return { body: { unread_count: unread - 1 } };
    if (url === '/api/notifications/read-all') return { body: { unread_count: 0 } };
    return { body: emptyAnswer(url) };
  });
}

describe('NotificationBell', () => {
  it('shows the unread count, 99+ past 99', async () => {
    serve([item(1, 'U10 Hawks: Practice "Passing" on 12/05/2026 is cancelled')], 120);
    renderWithClient(<NotificationBell className="top-bar__bell" />);
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ unread' })).toBeTruthy();
  });

  it('lists newest first; opening one marks it read, and Mark all read marks the rest', async () => {
    const calls = serve(
      [
        item(2, 'U10 Hawks: Game vs Eagles on 12/05/2026 moved to 12/05/2026 at 11:30 AM'),
        item(1, 'Old news', true),
      ],
      1,
    );
    renderWithClient(<NotificationBell className="top-bar__bell" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining(
        'Unread: U10 Hawks: Game vs Eagles on 12/05/2026 moved to 12/05/2026 at 11:30 AM',
      ),
      expect.stringContaining('Old news'),
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/#tournaments?section=practices&practiceId=2');
    expect(links[1]?.textContent).not.toContain('Unread');

    fireEvent.click(links[0]!);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { url: '/api/notifications/read', method: 'POST', body: { ids: [2] } },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    // Opening an already-read one sends nothing.
    fireEvent.click(within(again).getAllByRole('link')[1]!);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('offers Mark all read only while something is unread, and says when there is nothing', async () => {
    const calls = serve([item(5, 'News')], 1);
    renderWithClient(<NotificationBell className="top-bar__bell" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/notifications/read-all' && c.method === 'POST')).toBe(true),
    );
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    cleanup();
    serve([], 0);
    renderWithClient(<NotificationBell className="top-bar__bell" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });
});
