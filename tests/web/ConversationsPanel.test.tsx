// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message, Recipient } from '../../src/shared/api/conversations.ts';
import { MESSAGING_MESSAGES } from '../../src/shared/conversations.ts';
import { writeLimitDetail } from '../../src/shared/write-limits.ts';
import { MessagesScreen } from '../../src/web/app/MessagesScreen.tsx';
import { conversationKeys } from '../../src/web/features/conversations/api/keys.ts';
import { ConversationsPanel } from '../../src/web/features/conversations/components/ConversationsPanel.tsx';
import { emptyAnswer, renderWithClient } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// The Conversations tab (docs/product/conversations.md 'Child-safe messaging'): the list,
// the thread with who was added for safety, marking read, the composer's keys, a failed send kept and
// retried under the same Idempotency-Key, and Start New Message. Today is 2026-11-24 in Chicago.

const ME = 1;

interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
}

function person(id: number, name: string, role: 'coach' | 'parent' | 'player' | 'admin', added = false) {
  return { user_id: id, role, user: { id, name, email: `${id}@example.com` }, added_for_safety: added };
}

function conversation(id: number, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    team_id: 3,
    name: null,
    title: `Conversation ${id}`,
    conversation_type: 'peer_to_peer',
    is_group: false,
    unread_count: 0,
    last_message_at: '2026-11-24T17:00:00.000Z',
    last_message_preview: 'See you there',
    created_at: '2026-11-20T17:00:00.000Z',
    created_by: ME,
    participants: [person(ME, 'Robin Coach', 'coach'), person(2, 'Paula Lopez', 'parent')],
    no_parent_yet: false,
    ...overrides,
  };
}

function message(id: number, content: string, senderId = 2): Message {
  return {
    id,
    conversation_id: 5,
    sender_id: senderId,
    sender: { name: senderId === ME ? 'Robin Coach' : 'Paula Lopez', email: 'x@example.com' },
    content,
    timestamp: '2026-11-24T17:00:00.000Z',
  };
}

type Answer = { status?: number; body: unknown } | 'network' | Promise<{ status?: number; body: unknown }>;

function serve(answer: (url: string, method: string, body: unknown) => Answer | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body, headers: new Headers(init?.headers) });
      let result = answer(url, method, body);
      result ??= { body: emptyAnswer(url) };
      if (result === 'network') throw new TypeError('Failed to fetch');
      const { status = 200, body: json } = await result;
      return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T18:00:00Z'));
  window.location.hash = '#messages?subtab=conversations';
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const team = teamFixture();

function renderPanel() {
  return renderWithClient(<ConversationsPanel team={team} userId={ME} active />);
}

async function openConversation(title: string) {
  const list = await screen.findByRole('list', { name: 'Conversations' });
  fireEvent.click(within(list).getByRole('button', { name: new RegExp(title) }));
  return screen.findByRole('heading', { name: title, level: 2 });
}

describe('ConversationsPanel', () => {
  it('lists conversations with the Group tag, unread count and time; opening one marks it read and shows who was added for safety', async () => {
    const group = conversation(5, {
      title: 'Mia, Paula Lopez',
      is_group: true,
      conversation_type: 'group',
      unread_count: 3,
      participants: [
        person(ME, 'Robin Coach', 'coach'),
        person(4, 'Mia Lopez', 'player'),
        person(2, 'Paula Lopez', 'parent', true),
      ],
    });
    const calls = serve((url, method) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [group, conversation(6)] };
      if (url.endsWith('/conversations/5/messages'))
        return { body: [message(10, 'Practice moved: https://example.org/map <b>ok</b>')] };
      if (method === 'POST' && url.endsWith('/conversations/5/mark-read')) {
        group.unread_count = 0;
        return { body: { message: 'ok' } };
      }
      return undefined;
    });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const item = within(list).getByRole('button', { name: /Mia, Paula Lopez/ });
    expect(item.textContent).toContain('Group');
    expect(item.textContent).toContain('3 unread');
    expect(item.textContent).toContain('11:00 AM');
    expect(item.textContent).toContain('See you there');

    await openConversation('Mia, Paula Lopez');
    expect(window.location.hash).toContain('conversationId=5');
    expect(screen.getByText(MESSAGING_MESSAGES.parentsAdded)).toBeTruthy();
    const people = screen.getByText('Participants:', { exact: false }).closest('p');
    expect(people?.textContent).toBe('Participants: Mia Lopez, Paula Lopez (added for safety), You');
    const log = screen.getByRole('log');
    await within(log).findByText('Paula Lopez');
    const link = within(log).getByRole('link', { name: 'https://example.org/map' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(log.textContent).toContain('<b>ok</b>');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/conversations/5/mark-read'))).toBe(
        true,
      ),
    );
    await waitFor(() => expect(item.textContent).not.toContain('unread'));
  });

  it('says no parent is copied yet when the coaches stand in', async () => {
    window.location.hash = '#messages?subtab=conversations&conversationId=5';
    serve((url) => {
      if (url.endsWith('/messaging/conversations/3'))
        return { body: [conversation(5, { no_parent_yet: true })] };
      if (url.endsWith('/conversations/5/messages')) return { body: [] };
      return undefined;
    });
    renderPanel();
    expect(await screen.findByText(MESSAGING_MESSAGES.noParentYet)).toBeTruthy();
    expect(screen.queryByText(MESSAGING_MESSAGES.parentsAdded)).toBeNull();
  });

  it("names the club's admins copied in as the second adult, and why", async () => {
    window.location.hash = '#messages?subtab=conversations&conversationId=5';
    serve((url) => {
      if (url.endsWith('/messaging/conversations/3'))
        return {
          body: [
            conversation(5, {
              no_parent_yet: true,
              participants: [
                person(ME, 'Robin Coach', 'coach'),
                person(4, 'Sam Reed', 'player'),
                person(7, 'Ada Admin', 'admin', true),
              ],
            }),
          ],
        };
      if (url.endsWith('/conversations/5/messages')) return { body: [] };
      return undefined;
    });
    renderPanel();
    expect(await screen.findByText(MESSAGING_MESSAGES.adminsCopied(['Ada Admin']))).toBeTruthy();
    expect(screen.queryByText(MESSAGING_MESSAGES.noParentYet)).toBeNull();
    expect(screen.queryByText(MESSAGING_MESSAGES.parentsAdded)).toBeNull();
    const people = screen.getByText('Participants:', { exact: false }).closest('p');
    expect(people?.textContent).toBe('Participants: Sam Reed, Ada Admin (added for safety), You');
  });

  it('Enter sends once, Shift+Enter does not; a failed send keeps the text and Retry reuses its key', async () => {
    window.location.hash = '#messages?subtab=conversations&conversationId=5';
    let release: (() => void) | null = null;
    let sends = 0;
    const stored: Message[] = [];
    const calls = serve((url, method) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [conversation(5)] };
      if (url.endsWith('/conversations/5/messages')) return { body: stored };
      if (method === 'POST' && url.endsWith('/messaging/messages')) {
        sends += 1;
        if (sends === 1)
          return new Promise((resolve) => {
            release = () => {
              stored.push(message(11, 'First line\nsecond', ME));
              resolve({ status: 201, body: stored[0] });
            };
          });
        if (sends === 2) return 'network';
        return { status: 201, body: message(12, 'Again', ME) };
      }
      return undefined;
    });
    renderPanel();
    const box = await screen.findByRole('textbox', { name: 'Message to Conversation 5' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    fireEvent.change(box, { target: { value: 'First line' } });
    expect(fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })).toBe(true);
    fireEvent.change(box, { target: { value: 'First line\nsecond' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Sending...' }));
    await waitFor(() => expect(release).not.toBeNull());
    expect(calls.filter((c) => c.url.endsWith('/messaging/messages'))).toHaveLength(1);
    const [first] = calls.filter((c) => c.url.endsWith('/messaging/messages'));
    expect(first?.body).toEqual({ content: 'First line\nsecond', conversation_id: 5 });
    await act(async () => release?.());
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(await within(screen.getByRole('log')).findByText(/First line/)).toBeTruthy();

    fireEvent.change(box, { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGING_MESSAGES.sendFailed);
    expect((box as HTMLTextAreaElement).value).toBe('Again');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    const posts = calls.filter((c) => c.url.endsWith('/messaging/messages'));
    expect(posts).toHaveLength(3);
    const keys = posts.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[1]).toBeTruthy();
    expect(keys[2]).toBe(keys[1]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's detail of a 429 at the composer and keeps the text", async () => {
    window.location.hash = '#messages?subtab=conversations&conversationId=5';
    const detail = writeLimitDetail('messages', 1200);
    serve((url, method) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [conversation(5)] };
      if (url.endsWith('/conversations/5/messages')) return { body: [] };
      if (method === 'POST' && url.endsWith('/messaging/messages')) return { status: 429, body: { detail } };
      return undefined;
    });
    renderPanel();
    const box = await screen.findByRole('textbox', { name: 'Message to Conversation 5' });
    fireEvent.change(box, { target: { value: 'One more thing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGING_MESSAGES.sendFailed);
    expect(alert.textContent).toContain(detail);
    expect((box as HTMLTextAreaElement).value).toBe('One more thing');
  });

  it('keeps what was typed while a send was on its way, and only that', async () => {
    window.location.hash = '#messages?subtab=conversations&conversationId=5';
    let release: (() => void) | null = null;
    const stored: Message[] = [];
    serve((url, method) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [conversation(5)] };
      if (url.endsWith('/conversations/5/messages')) return { body: stored };
      if (method === 'POST' && url.endsWith('/messaging/messages'))
        return new Promise((resolve) => {
          release = () => {
            stored.push(message(11, 'First quick one', ME));
            resolve({ status: 201, body: stored[0] });
          };
        });
      return undefined;
    });
    renderPanel();
    const box = (await screen.findByRole('textbox', {
      name: 'Message to Conversation 5',
    })) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'First quick one' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(release).not.toBeNull());
    // Typed on while it was sending: the sent part goes, the rest stays to be sent next.
    fireEvent.change(box, { target: { value: 'First quick one and a second' } });
    await act(async () => release?.());
    await waitFor(() => expect(box.value).toBe('and a second'));
  });

  it('says how much room is left in a long message, and that a paste past the limit was cut', async () => {
    window.location.hash = '#messages?subtab=conversations&conversationId=5';
    serve((url) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [conversation(5)] };
      if (url.endsWith('/conversations/5/messages')) return { body: [] };
      return undefined;
    });
    renderPanel();
    const box = await screen.findByRole('textbox', { name: 'Message to Conversation 5' });
    fireEvent.change(box, { target: { value: 'x'.repeat(100) } });
    expect(screen.queryByText(/characters/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(3700) } });
    expect(screen.getByText('3,700 of 4,000 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(4000) } });
    expect(screen.getByText('4,000 of 4,000 characters: the rest did not fit')).toBeTruthy();
  });

  it('Start New Message groups people, asks for one, and shows why creating failed', async () => {
    const recipients: Recipient[] = [
      { user_id: 7, name: 'Pat Parent', role: 'parent' },
      { user_id: 8, name: 'Casey Coach', role: 'coach' },
      { user_id: 9, name: 'Sam Player', role: 'player' },
    ];
    const calls = serve((url, method) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [] };
      if (url.endsWith('/messaging/recipients/3')) return { body: recipients };
      if (method === 'POST' && url.includes('/messaging/conversations?team_id=3'))
        return { status: 403, body: { detail: MESSAGING_MESSAGES.notMessageable } };
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Message' });
    const groups = await within(dialog).findAllByRole('group');
    expect(groups.flatMap((g) => g.querySelector('legend')?.textContent ?? [])).toEqual([
      'Coaches',
      'Parents',
      'Players',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));
    expect(within(dialog).getByRole('alert').textContent).toContain(MESSAGING_MESSAGES.selectParticipant);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Pat Parent' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));
    const alert = await within(dialog).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(MESSAGING_MESSAGES.createTitle));
    expect(alert.textContent).toContain(MESSAGING_MESSAGES.notMessageable);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: null,
      conversation_type: 'peer_to_peer',
      participant_ids: [7],
    });
  });

  it('adds a whole group in one tap, toggles it off again, and searches by name', async () => {
    const recipients: Recipient[] = [
      { user_id: 8, name: 'Casey Coach', role: 'coach' },
      { user_id: 7, name: 'Pat Parent', role: 'parent' },
      { user_id: 6, name: 'Robin Parent', role: 'parent' },
      { user_id: 9, name: 'Sam Player', role: 'player' },
    ];
    const members = [
      { user_id: ME, name: 'Me', role: 'coach', email: null },
      ...recipients.map((r) => ({ ...r, email: null })),
    ];
    const calls = serve((url, method) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [] };
      if (url.endsWith('/messaging/recipients/3')) return { body: recipients };
      if (url.endsWith('/teams/3/members')) return { body: members };
      if (method === 'POST') return { status: 201, body: conversation(12) };
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Message' });
    const quick = await within(dialog).findByRole('group', { name: 'Add a group' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All parents', 'All players', 'All coaches', 'Whole team']);
    const parents = within(quick).getByRole('button', { name: 'All parents' });
    fireEvent.click(parents);
    expect(parents.getAttribute('aria-pressed')).toBe('true');
    expect((within(dialog).getByRole('checkbox', { name: 'Pat Parent' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(dialog).getByRole('checkbox', { name: 'Robin Parent' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(dialog).getByRole('checkbox', { name: 'Sam Player' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(within(dialog).getByText('2 chosen')).toBeTruthy();
    // Nobody was left out: a coach may message everyone.
    expect(within(dialog).queryByText(/Left out/)).toBeNull();
    fireEvent.click(parents);
    expect(within(dialog).getByText('0 chosen')).toBeTruthy();
    // A player chosen: the child-safe rule is said before anything starts.
    fireEvent.click(within(quick).getByRole('button', { name: 'Whole team' }));
    expect(within(dialog).getByText('4 chosen')).toBeTruthy();
    expect(within(dialog).getByText(MESSAGING_MESSAGES.playersKeptSafe)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search by name' }), {
      target: { value: 'rob' },
    });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label') ?? c.closest('label')?.textContent),
    ).toEqual(['Robin Parent']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(
      (calls.find((c) => c.method === 'POST')?.body as { participant_ids: number[] }).participant_ids.sort(),
    ).toEqual([6, 7, 8, 9]);
  });

  it('never adds through a group someone the sender may not message, and says who was left out', async () => {
    // A parent: the server's recipients hold no players.
    const recipients: Recipient[] = [
      { user_id: 8, name: 'Casey Coach', role: 'coach' },
      { user_id: 6, name: 'Robin Parent', role: 'parent' },
    ];
    const members = [
      { user_id: ME, name: 'Me', role: 'parent', email: null },
      ...recipients.map((r) => ({ ...r, email: null })),
      { user_id: 9, name: 'Sam Player', role: 'player', email: null },
      { user_id: 10, name: 'Alex Player', role: 'player', email: null },
    ];
    const calls = serve((url, method) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [] };
      if (url.endsWith('/messaging/recipients/3')) return { body: recipients };
      if (url.endsWith('/teams/3/members')) return { body: members };
      if (method === 'POST') return { status: 201, body: conversation(12) };
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Message' });
    const quick = await within(dialog).findByRole('group', { name: 'Add a group' });
    await waitFor(() => expect(within(quick).getByRole('button', { name: 'All players' })).toBeTruthy());
    fireEvent.click(within(quick).getByRole('button', { name: 'All players' }));
    expect(within(dialog).getByText('0 chosen')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(
      MESSAGING_MESSAGES.leftOut(['Alex Player', 'Sam Player']),
    );
    fireEvent.click(within(quick).getByRole('button', { name: 'Whole team' }));
    expect(within(dialog).getByText('2 chosen')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Sam Player' })).toBeNull();
    expect(within(dialog).getByRole('status').textContent).toContain('Alex Player, Sam Player');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Conversation' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(
      (calls.find((c) => c.method === 'POST')?.body as { participant_ids: number[] }).participant_ids.sort(),
    ).toEqual([6, 8]);
  });

  it('says so when nobody can be messaged', async () => {
    serve((url) => {
      if (url.endsWith('/messaging/conversations/3')) return { body: [] };
      if (url.endsWith('/messaging/recipients/3')) return { body: [] };
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    expect(await screen.findByText(MESSAGING_MESSAGES.noMembers)).toBeTruthy();
  });
});

describe('switching team on the Messages tab', () => {
  const teamA = teamFixture();
  const teamB = teamFixture({ id: 4, name: 'Riverside Hawks' });

  function renderScreen() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const screenFor = (team: typeof teamA) => (
      <QueryClientProvider client={client}>
        <MessagesScreen title="Communication" team={team} loading={false} userId={ME} />
      </QueryClientProvider>
    );
    const view = render(screenFor(teamA));
    return { client, switchTo: (team: typeof teamA) => view.rerender(screenFor(team)) };
  }

  it("drops the old team's open conversation, even when the old team's list is no longer kept", async () => {
    window.location.hash = '#messages?subtab=conversations&conversationId=5';
    const calls = serve((url) => {
      if (url.endsWith('/messaging/conversations/3'))
        return { body: [conversation(5, { title: 'Team A carpool' })] };
      if (url.endsWith('/messaging/conversations/4'))
        return { body: [conversation(9, { team_id: 4, title: 'Team B chat' })] };
      if (/\/conversations\/\d+\/messages$/.test(url)) return { body: [] };
      return undefined;
    });
    const { client, switchTo } = renderScreen();
    // A link (the hash) opens a conversation of the current team.
    expect(await screen.findByRole('heading', { name: 'Team A carpool', level: 2 })).toBeTruthy();
    // Opening it marked it read, and the list was read again after.
    const listReads = () => calls.filter((c) => c.url.endsWith('/messaging/conversations/3')).length;
    await waitFor(() => expect(listReads()).toBe(2));
    // Team A's list is no longer in the cache (its time ran out, or it never loaded).
    client.removeQueries({ queryKey: conversationKeys.list(teamA.id) });

    switchTo(teamB);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('button', { name: /Team B chat/ })).toBeTruthy();
    expect(screen.queryByText('This conversation is not among yours.')).toBeNull();
    expect(screen.getByText('Select a conversation to read and reply.')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#messages?subtab=conversations'));
    // Back to an address that still names it (the browser's Back): still dropped.
    act(() => {
      window.location.hash = '#messages?subtab=conversations&conversationId=5';
    });
    await waitFor(() => expect(window.location.hash).toBe('#messages?subtab=conversations'));
    expect(screen.queryByText('This conversation is not among yours.')).toBeNull();
    // A link to one of the new team's conversations opens it.
    act(() => {
      window.location.hash = '#messages?subtab=conversations&conversationId=9';
    });
    expect(await screen.findByRole('heading', { name: 'Team B chat', level: 2 })).toBeTruthy();
  });
});
