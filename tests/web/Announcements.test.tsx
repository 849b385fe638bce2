// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_MESSAGES } from '../../src/shared/announcements.ts';
import type { Announcement } from '../../src/shared/api/announcements.ts';
import { writeLimitDetail } from '../../src/shared/write-limits.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import type { EventOption } from '../../src/web/features/announcements/components/AnnouncementFormModal.tsx';
import { AnnouncementsPanel } from '../../src/web/features/announcements/components/AnnouncementsPanel.tsx';
import { ChatPostStatus } from '../../src/web/features/announcements/components/ChatPostStatus.tsx';
import { DashboardAnnouncements } from '../../src/web/features/announcements/components/DashboardAnnouncements.tsx';
import { dismissToast } from '../../src/web/lib/toasts.ts';
import { noPermissions } from './events-fixtures.ts';
import { mockFetch, renderWithClient, type FetchCall } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// The Announcements tab and the dashboard card (docs/product/announcements.md). Now is 2026-11-24 12:00
// in Chicago.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T18:00:00Z'));
});

afterEach(() => {
  cleanup();
  dismissToast();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const COACH_ID = 1;
const PARENT_ID = 2;

function announcement(id: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    id,
    team_id: 3,
    title: `Title ${id}`,
    content: `Content ${id}`,
    priority: 'normal',
    author_id: COACH_ID,
    author: { name: 'Casey Coach', email: null },
    created_at: '2026-11-24T15:05:00.000Z',
    updated_at: '2026-11-24T15:05:00.000Z',
    expires_at: null,
    is_archived: false,
    allow_comments: true,
    comments: [],
    event_info: null,
    related_event_type: null,
    related_event_id: null,
    post_to_groupme: false,
    ...overrides,
  };
}

function serve(
  list: Announcement[],
  answer?: (url: string, method: string) => { status?: number; body: unknown } | undefined,
  permissions = noPermissions(),
): FetchCall[] {
  return mockFetch((url, method) => {
    const custom = answer?.(url, method);
    if (custom) return custom;
    if (url.includes('/moderators/my-permissions/')) return { body: permissions };
    if (url.endsWith('/config'))
      return {
        body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
      };
    if (url.includes('/messaging/announcements/3')) return { body: list };
    return { body: {} };
  });
}

const coachTeam = teamFixture();
const parentTeam = teamFixture({ is_coach: false, invite_code: null });

function renderPanel(team = coachTeam, userId = COACH_ID, eventOptions: readonly EventOption[] = []) {
  return renderWithClient(
    <>
      <ToastRegion layer={null} />
      <AnnouncementsPanel team={team} userId={userId} eventOptions={eventOptions} />
    </>,
  );
}

describe('AnnouncementsPanel', () => {
  it('shows title, HIGH badge, author, 12-hour time, soon, Expired, related event; markup as text, links safe', async () => {
    serve([
      announcement(1, {
        priority: 'high',
        content: '<b>Bring</b> water https://club.example/info.',
        expires_at: '2026-11-25T06:00:00.000Z',
        event_info: { title: 'vs Tigers', date: '2026-12-05' },
      }),
      announcement(2, { expires_at: '2026-11-20T06:00:00.000Z', is_archived: true }),
    ]);
    renderPanel(parentTeam, PARENT_ID);
    const first = (await screen.findByRole('heading', { name: 'Title 1' })).closest('article') as HTMLElement;
    const a = within(first);
    expect(a.getByText('HIGH')).toBeTruthy();
    expect(a.getByText('By Casey Coach')).toBeTruthy();
    expect(a.getByText('11/24/2026, 9:05 AM')).toBeTruthy();
    expect(a.getByText('soon')).toBeTruthy();
    expect(a.getByText(/Related event: vs Tigers \(12\/05\/2026\)/)).toBeTruthy();
    expect(first.querySelector('b')).toBeNull();
    expect(a.getByText(/<b>Bring<\/b> water/)).toBeTruthy();
    const link = a.getByRole('link', { name: 'https://club.example/info' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    const second = screen.getByRole('heading', { name: 'Title 2' }).closest('article') as HTMLElement;
    expect(within(second).getByText('Expired')).toBeTruthy();
    // A parent without the flag: no New Announcement; not the author: no Edit or Delete.
    expect(screen.queryByRole('button', { name: 'New Announcement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('creates one: 7 days and normal by default, blank title refused, group chat offered with a bot', async () => {
    const calls = serve([], (url, method) =>
      method === 'POST' && url.includes('/messaging/announcements?team_id=3')
        ? { status: 201, body: announcement(9) }
        : undefined,
    );
    renderPanel(teamFixture({ groupme_bot_id: 'bot-1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Announcement' });
    const d = within(dialog);
    expect((d.getByLabelText(/Expires/) as HTMLSelectElement).value).toBe('days:7');
    expect((d.getByLabelText(/Priority/) as HTMLSelectElement).value).toBe('normal');
    expect((d.getByLabelText('Allow comments') as HTMLInputElement).checked).toBe(true);
    expect((d.getByLabelText('Post to group chat') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(d.getByRole('button', { name: 'Post Announcement' }));
    expect(await d.findByText(ANNOUNCEMENT_MESSAGES.fillTitleAndContent)).toBeTruthy();
    fireEvent.change(d.getByLabelText(/Title/), { target: { value: 'Picture day' } });
    fireEvent.change(d.getByLabelText(/Content/), { target: { value: 'Wear <b>home</b>' } });
    fireEvent.change(d.getByLabelText(/Priority/), { target: { value: 'high' } });
    fireEvent.click(d.getByRole('button', { name: 'Post Announcement' }));
    fireEvent.click(d.getByRole('button', { name: /Post/ }));
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.created)).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      title: 'Picture day',
      content: 'Wear <b>home</b>',
      priority: 'high',
      allow_comments: true,
      related_event_type: null,
      related_event_id: null,
      expires_at: '2026-12-01T18:00:00.000Z',
      post_to_groupme: true,
    });
  });

  it('edits and deletes for the author: expiry inferred, group chat off on edit, delete confirmed', async () => {
    const calls = serve(
      [announcement(4, { expires_at: '2026-12-01T17:00:00.000Z' }), announcement(5, { author_id: 77 })],
      (url, method) =>
        method === 'PUT'
          ? { body: announcement(4) }
          : method === 'DELETE'
            ? { body: { message: ANNOUNCEMENT_MESSAGES.deleted } }
            : undefined,
    );
    renderPanel(teamFixture({ groupme_bot_id: 'bot-1' }));
    await screen.findByRole('heading', { name: 'Title 4' });
    expect(screen.queryByRole('button', { name: 'Edit Title 5' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Title 4' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Announcement' }));
    expect((d.getByLabelText(/Expires/) as HTMLSelectElement).value).toBe('days:7');
    expect((d.getByLabelText('Post to group chat') as HTMLInputElement).checked).toBe(false);
    fireEvent.change(d.getByLabelText(/Title/), { target: { value: ' ' } });
    fireEvent.click(d.getByRole('button', { name: 'Update Announcement' }));
    expect(await d.findByText(ANNOUNCEMENT_MESSAGES.fillTitleAndContentEdit)).toBeTruthy();
    fireEvent.change(d.getByLabelText(/Title/), { target: { value: 'New title' } });
    fireEvent.click(d.getByRole('button', { name: 'Update Announcement' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      title: 'New title',
      post_to_groupme: false,
      // The expiry was not touched: the stored one goes back, not 7 days from now.
      expires_at: '2026-12-01T17:00:00.000Z',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Title 4' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Announcement' });
    expect(within(confirm).getByText(ANNOUNCEMENT_MESSAGES.deleteConfirm)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.deleted)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/messaging/announcements/4',
    ]);
  });

  it('turns comments off on an expired announcement: the stored past expiry goes back unchanged', async () => {
    const expired = announcement(8, { expires_at: '2026-11-20T06:00:00.000Z', is_archived: true });
    const calls = serve([expired], (_url, method) =>
      method === 'PUT' ? { body: { ...expired, allow_comments: false } } : undefined,
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Title 8' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Announcement' }));
    fireEvent.click(d.getByLabelText('Allow comments'));
    fireEvent.click(d.getByRole('button', { name: 'Update Announcement' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      allow_comments: false,
      expires_at: '2026-11-20T06:00:00.000Z',
    });
  });

  it('coaches delete any announcement and comment; others their own comments; Edit needs the flag', async () => {
    const list = [
      announcement(9, {
        author_id: 77,
        comments: [
          {
            id: 21,
            author_id: PARENT_ID,
            author: { name: 'Pat Parent', email: null },
            content: 'Mine',
            created_at: '2026-11-24T16:00:00.000Z',
          },
          {
            id: 22,
            author_id: 78,
            author: { name: 'Other', email: null },
            content: 'Theirs',
            created_at: '2026-11-24T16:01:00.000Z',
          },
        ],
      }),
      announcement(10, { author_id: PARENT_ID }),
    ];
    const calls = serve(list, (url, method) =>
      method === 'DELETE' && url.includes('/comments/')
        ? { body: announcement(9) }
        : method === 'DELETE'
          ? { body: { message: ANNOUNCEMENT_MESSAGES.deleted } }
          : undefined,
    );
    const coach = renderPanel();
    await screen.findByRole('heading', { name: 'Title 9' });
    fireEvent.click(screen.getByRole('button', { name: '2 comments' }));
    // Moderation: the coach deletes another's announcement (not edit it) and any comment.
    expect(screen.getByRole('button', { name: 'Delete Title 9' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Title 9' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete comment by Other' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete comment by Pat Parent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Comment' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/api/messaging/announcements/9/comments/21',
      ]),
    );
    coach.unmount();
    cleanup();

    // A parent (a former moderator, no flag): Delete on their own announcement and comment, no Edit.
    serve(list);
    renderPanel(parentTeam, PARENT_ID);
    await screen.findByRole('heading', { name: 'Title 9' });
    fireEvent.click(screen.getByRole('button', { name: '2 comments' }));
    expect(screen.queryByRole('button', { name: 'Delete Title 9' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Title 10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Title 10' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete comment by Pat Parent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete comment by Other' })).toBeNull();
  });

  it('comments: Enter posts, blank is ignored, a failure keeps the text and says so', async () => {
    let fail = false;
    const calls = serve([announcement(6), announcement(7, { allow_comments: false })], (url, method) =>
      method === 'POST' && url.endsWith('/comments')
        ? fail
          ? { status: 503, body: { detail: 'Service unavailable' } }
          : { status: 201, body: announcement(6) }
        : undefined,
    );
    renderPanel(parentTeam, PARENT_ID);
    fireEvent.click(await screen.findByRole('button', { name: ANNOUNCEMENT_MESSAGES.addComment }));
    const input = await screen.findByLabelText('Add a comment on Title 6');
    expect(screen.queryByLabelText('Add a comment on Title 7')).toBeNull();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(calls.some((c) => c.url.endsWith('/comments'))).toBe(false);
    fireEvent.change(input, { target: { value: 'See you there' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    const posted = calls.filter((c) => c.url.endsWith('/comments'));
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ content: 'See you there', announcement_id: 6 });
    fail = true;
    fireEvent.change(input, { target: { value: 'Second try' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Post' })[0] as HTMLElement);
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.commentFailed)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('Second try');
  });
});

describe('the order and the folded comments', () => {
  const comment = (id: number) => ({
    id,
    author_id: 78,
    author: { name: 'Other', email: null },
    content: `Comment ${id}`,
    created_at: '2026-11-24T16:00:00.000Z',
  });

  it('puts unexpired high-priority announcements first, then the rest newest first', async () => {
    serve([
      announcement(5, { created_at: '2026-11-24T17:00:00.000Z' }),
      announcement(4, { created_at: '2026-11-24T16:00:00.000Z', priority: 'low' }),
      announcement(3, { created_at: '2026-11-24T15:00:00.000Z', priority: 'high' }),
      // High, but expired an hour ago: it takes its place by date.
      announcement(2, {
        created_at: '2026-11-24T14:00:00.000Z',
        priority: 'high',
        expires_at: '2026-11-24T17:00:00.000Z',
        is_archived: true,
      }),
      announcement(1, { created_at: '2026-11-24T13:00:00.000Z', priority: 'high' }),
    ]);
    renderPanel(parentTeam, PARENT_ID);
    await screen.findByRole('heading', { name: 'Title 5' });
    const list = screen.getByRole('list', { name: 'Announcements' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Title 3', 'Title 1', 'Title 5', 'Title 4', 'Title 2']);
  });

  it("folds comments to 'N comments' ('1 comment'), a button that opens them and the comment box", async () => {
    serve([
      announcement(8, { comments: [comment(31)] }),
      announcement(7, { comments: [comment(32), comment(33), comment(34)] }),
      announcement(6, { allow_comments: false }),
    ]);
    renderPanel(parentTeam, PARENT_ID);
    await screen.findByRole('heading', { name: 'Title 8' });
    expect(screen.queryByText('Comment 31')).toBeNull();
    expect(screen.queryByLabelText('Add a comment on Title 8')).toBeNull();
    expect(screen.getByRole('button', { name: '3 comments' })).toBeTruthy();
    // Comments off and none: nothing to open.
    const six = screen.getByRole('article', { name: 'Title 6' });
    expect(within(six).queryByRole('button', { name: /comment/i })).toBeNull();
    const one = screen.getByRole('button', { name: '1 comment' });
    expect(one.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(one);
    expect(one.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Comment 31')).toBeTruthy();
    expect(screen.getByLabelText('Add a comment on Title 8')).toBeTruthy();
    // The other card stays folded.
    expect(screen.queryByText('Comment 32')).toBeNull();
    fireEvent.click(one);
    expect(screen.queryByText('Comment 31')).toBeNull();
  });

  it('puts an unexpired high-priority announcement first on the dashboard too', async () => {
    serve([
      announcement(5, { created_at: '2026-11-24T17:00:00.000Z' }),
      announcement(4, { created_at: '2026-11-24T16:00:00.000Z' }),
      announcement(3, { created_at: '2026-11-24T15:00:00.000Z' }),
      announcement(1, { created_at: '2026-11-24T13:00:00.000Z', priority: 'high' }),
    ]);
    renderWithClient(<DashboardAnnouncements team={{ id: 3 }} />);
    await screen.findByText('Title 1');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('Title 1');
    expect(items.join(' ')).not.toContain('Title 3');
  });
});

describe('hourly write limits (429)', () => {
  it("shows the server's detail where the comment was written, and keeps the text", async () => {
    const detail = writeLimitDetail('comments', 600);
    serve([announcement(6)], (url, method) =>
      method === 'POST' && url.endsWith('/comments') ? { status: 429, body: { detail } } : undefined,
    );
    renderPanel(parentTeam, PARENT_ID);
    fireEvent.click(await screen.findByRole('button', { name: ANNOUNCEMENT_MESSAGES.addComment }));
    const input = await screen.findByLabelText('Add a comment on Title 6');
    fireEvent.change(input, { target: { value: 'Count me in' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(`${ANNOUNCEMENT_MESSAGES.commentFailed}: ${detail}`)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('Count me in');
  });

  it("shows the server's detail in the New Announcement dialog, which keeps what was typed", async () => {
    const detail = writeLimitDetail('announcements', 3000);
    serve([], (url, method) =>
      method === 'POST' && url.includes('/messaging/announcements?team_id=3')
        ? { status: 429, body: { detail } }
        : undefined,
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'New Announcement' }));
    const d = within(await screen.findByRole('dialog', { name: 'New Announcement' }));
    fireEvent.change(d.getByLabelText(/Title/), { target: { value: 'Rain plan' } });
    fireEvent.change(d.getByLabelText(/Content/), { target: { value: 'Gym at 6' } });
    fireEvent.click(d.getByRole('button', { name: 'Post Announcement' }));
    expect(await d.findByText(detail)).toBeTruthy();
    expect((d.getByLabelText(/Title/) as HTMLInputElement).value).toBe('Rain plan');
    expect((d.getByLabelText(/Content/) as HTMLTextAreaElement).value).toBe('Gym at 6');
  });
});

describe('AnnouncementFormModal', () => {
  it('relates an event offered to coaches and expires at the end of a chosen day; no group chat without a bot', async () => {
    const calls = serve([], (url, method) =>
      method === 'POST' && url.includes('/messaging/announcements?team_id=3')
        ? { status: 201, body: announcement(9) }
        : undefined,
    );
    renderPanel(coachTeam, COACH_ID, [
      { type: 'game', id: 12, label: 'Game: vs Tigers (2026-12-05)' },
      { type: 'practice', id: 4, label: 'Practice: Drills (2026-12-01)' },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'New Announcement' }));
    const d = within(await screen.findByRole('dialog', { name: 'New Announcement' }));
    expect(d.queryByLabelText('Post to group chat')).toBeNull();
    fireEvent.change(d.getByLabelText(/Title/), { target: { value: 'Game day' } });
    fireEvent.change(d.getByLabelText(/Content/), { target: { value: 'Arrive early' } });
    fireEvent.change(d.getByLabelText(/Related event/), { target: { value: 'game:12' } });
    fireEvent.change(d.getByLabelText(/Expires/), { target: { value: 'date' } });
    const date = d.getByLabelText(/Expiry date/) as HTMLInputElement;
    expect(date.min).toBe('2026-11-24');
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    fireEvent.click(d.getByRole('button', { name: 'Post Announcement' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      related_event_type: 'game',
      related_event_id: 12,
      expires_at: '2026-12-06T05:59:59.999Z',
      post_to_groupme: false,
    });
  });
});

describe('DashboardAnnouncements', () => {
  it('shows the newest 3 not expired, 120-character previews, HIGH, author, date and event', async () => {
    serve([
      announcement(1, {
        priority: 'high',
        content: 'x'.repeat(130),
        event_info: { title: 'Fall Cup', date: null },
      }),
      announcement(2, { is_archived: true, expires_at: '2026-11-20T00:00:00.000Z' }),
      announcement(3),
      announcement(4),
      announcement(5),
    ]);
    renderWithClient(<DashboardAnnouncements team={{ id: 3 }} />);
    const card = within(await screen.findByRole('region', { name: 'Announcements' }));
    await card.findByText('Title 1');
    expect(card.queryByText('Title 2')).toBeNull();
    expect(card.getByText('Title 4')).toBeTruthy();
    expect(card.queryByText('Title 5')).toBeNull();
    expect(card.getByText(`${'x'.repeat(120)}...`)).toBeTruthy();
    expect(card.getByText('HIGH')).toBeTruthy();
    expect(card.getByText(/Casey Coach · 11\/24\/2026 · Fall Cup/)).toBeTruthy();
    expect(card.getAllByRole('link').every((l) => l.getAttribute('href') === '#messages')).toBe(true);
  });
});

describe('ChatPostStatus', () => {
  it('shows the last failed cross-post, and nothing when the last one went out', async () => {
    let answer: unknown = {
      last_error: 'Group chat refused the post (404); check the bot id in Team Settings',
      at: '2026-11-24T16:00:00.000Z',
    };
    mockFetch((url) =>
      url.endsWith('/config')
        ? { body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 } }
        : url.includes('/messaging/chat-posts/last-error?team_id=3')
          ? { body: answer }
          : { body: {} },
    );
    const { unmount } = renderWithClient(<ChatPostStatus teamId={3} />);
    expect(
      await screen.findByText(/Last group-chat post failed \(11\/24\/2026, 10:00 AM\): Group chat refused/),
    ).toBeTruthy();
    unmount();
    answer = { last_error: null, at: null };
    const { container } = renderWithClient(<ChatPostStatus teamId={3} />);
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
