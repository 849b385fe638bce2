// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Poll, PollList } from '../../src/shared/api/polls.ts';
import { POLL_MESSAGES } from '../../src/shared/polls.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { DashboardPolls } from '../../src/web/features/polls/components/DashboardPolls.tsx';
import { PollsPanel } from '../../src/web/features/polls/components/PollsPanel.tsx';
import { dismissToast } from '../../src/web/lib/toasts.ts';
import { noPermissions } from './events-fixtures.ts';
import { mockFetch, renderWithClient, type FetchCall } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// The Polls tab and the dashboard card (docs/product/polls.md). Today is 2026-11-24 in Chicago.

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

function poll(id: number, overrides: Partial<Poll> = {}): Poll {
  return {
    id,
    team_id: 3,
    question: `Question ${id}?`,
    options: ['Yes', 'No'],
    expires_at: null,
    created_at: '2026-11-20T18:00:00.000Z',
    author_id: 1,
    author_name: 'Casey Coach',
    total_votes: 0,
    vote_counts: [0, 0],
    user_vote: null,
    has_voted: false,
    voted_player_ids: [],
    is_archived: false,
    user_votes: [],
    can_manage: false,
    ...overrides,
  };
}

function serve(
  list: PollList,
  answer?: (url: string, method: string) => { status?: number; body: unknown } | undefined,
): FetchCall[] {
  return mockFetch((url, method) => {
    const custom = answer?.(url, method);
    if (custom) return custom;
    if (url.includes('/moderators/my-permissions/')) return { body: noPermissions() };
    if (url.endsWith('/config'))
      return {
        body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
      };
    if (url.includes('/messaging/polls/3')) return { body: list };
    return { body: {} };
  });
}

const coachTeam = teamFixture();
const parentTeam = teamFixture({ is_coach: false, invite_code: null });

function renderPanel(team = coachTeam, highlightPollId: number | null = null) {
  return renderWithClient(
    <>
      <ToastRegion layer={null} />
      <PollsPanel team={team} highlightPollId={highlightPollId} />
    </>,
  );
}

describe('PollsPanel', () => {
  it('creates a poll: Yes/No to start, create disabled while the question is blank, Invalid Poll for a blank option', async () => {
    const calls = serve({ polls: [], eligible_players: [], role: 'coach' }, (url, method) =>
      method === 'POST' && url.includes('/messaging/polls?team_id=3')
        ? { status: 201, body: poll(9, { question: 'Pizza?' }) }
        : undefined,
    );
    renderPanel();
    await screen.findByRole('heading', { name: 'Team Polls' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Poll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Poll' });
    const d = within(dialog);
    expect((d.getByLabelText(/Option 1/) as HTMLInputElement).value).toBe('Yes');
    expect((d.getByLabelText(/Option 2/) as HTMLInputElement).value).toBe('No');
    expect(d.queryByRole('button', { name: /Remove option/ })).toBeNull();
    const submit = d.getByRole('button', { name: 'Create Poll' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(d.getByLabelText(/Question/), { target: { value: 'Pizza?' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(d.getByRole('button', { name: 'Add Option' }));
    expect(d.getAllByRole('button', { name: /Remove option/ })).toHaveLength(3);
    // A blank third option: Invalid Poll, nothing sent.
    fireEvent.click(submit);
    expect(d.getByRole('alert').textContent).toContain(POLL_MESSAGES.invalidTitle);
    expect(d.getByRole('alert').textContent).toContain(POLL_MESSAGES.invalid);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(d.getByRole('button', { name: 'Remove option 3' }));
    expect(d.queryByRole('button', { name: /Remove option/ })).toBeNull();
    // Expiry: 7 days by default; a date ends at the end of that day in Chicago.
    expect((d.getByLabelText('Days until it expires') as HTMLInputElement).value).toBe('7');
    fireEvent.click(d.getByLabelText('On a date'));
    fireEvent.change(d.getByLabelText('Expires at the end of'), { target: { value: '2026-12-01' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      question: 'Pizza?',
      options: ['Yes', 'No'],
      expires_at: '2026-12-02T05:59:59.999Z',
    });
    await screen.findByText(`${POLL_MESSAGES.created}. ${POLL_MESSAGES.createdDetail}`);
  });

  it('hides Create Poll from a parent without the permission; a parent without players is told so', async () => {
    serve({ polls: [poll(1)], eligible_players: [], role: 'parent' });
    renderPanel(parentTeam);
    await screen.findByRole('heading', { name: 'Question 1?' });
    expect(screen.queryByRole('button', { name: 'Create Poll' })).toBeNull();
    expect(screen.getByText(POLL_MESSAGES.parentWithoutPlayers)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit poll/ })).toBeNull();
  });

  it('lets a parent vote for a child and shows that they voted', async () => {
    let voted = false;
    const calls = serve(
      { polls: [poll(1)], eligible_players: [{ id: 11, name: 'Ava Adams' }], role: 'parent' },
      (url, method) => {
        if (method === 'POST' && url.endsWith('/messaging/polls/1/vote')) {
          voted = true;
          return { body: poll(1, { has_voted: true, voted_player_ids: [11], user_vote: 0 }) };
        }
        if (voted && url.includes('/messaging/polls/3')) {
          return {
            body: {
              polls: [
                poll(1, {
                  has_voted: true,
                  voted_player_ids: [11],
                  user_vote: 0,
                  total_votes: 1,
                  vote_counts: [1, 0],
                  user_votes: [
                    {
                      player_id: 11,
                      player_name: 'Ava Adams',
                      option_text: 'Yes',
                      voter_name: 'Pat',
                      option_index: 0,
                      answered_by: null,
                    },
                  ],
                }),
              ],
              eligible_players: [{ id: 11, name: 'Ava Adams' }],
              role: 'parent',
            },
          };
        }
        return undefined;
      },
    );
    renderPanel(parentTeam);
    await screen.findByText('Vote for Ava Adams');
    const yes = screen.getByRole('button', { name: 'Yes for Ava Adams' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    await screen.findByText(POLL_MESSAGES.youVoted);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      player_id: 11,
      option_index: 0,
      option_text: 'Yes',
    });
    expect(screen.queryByText('Vote for Ava Adams')).toBeNull();
    expect(screen.getByText('Vote details (1)')).toBeTruthy();
    // The vote stays changeable: the current answer is marked.
    expect(screen.getByText('Ava Adams: Yes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes for Ava Adams' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'No for Ava Adams' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it("says a coach's vote was answered by the coach and lets the parent change it", async () => {
    const coachVote = {
      player_id: 11,
      player_name: 'Ava Adams',
      option_text: 'Yes',
      voter_name: 'Casey Coach',
      option_index: 0,
      answered_by: 'Casey Coach',
    };
    let changed = false;
    const calls = serve(
      {
        polls: [
          poll(1, {
            has_voted: true,
            voted_player_ids: [11],
            total_votes: 1,
            vote_counts: [1, 0],
            user_votes: [coachVote],
          }),
        ],
        eligible_players: [{ id: 11, name: 'Ava Adams' }],
        role: 'parent',
      },
      (url, method) => {
        if (method === 'POST' && url.endsWith('/messaging/polls/1/vote')) {
          changed = true;
          return { body: poll(1) };
        }
        if (changed && url.includes('/messaging/polls/3')) {
          return {
            body: {
              polls: [
                poll(1, {
                  has_voted: true,
                  voted_player_ids: [11],
                  user_vote: 1,
                  total_votes: 1,
                  vote_counts: [0, 1],
                  user_votes: [
                    {
                      ...coachVote,
                      option_text: 'No',
                      option_index: 1,
                      voter_name: 'Pat',
                      answered_by: null,
                    },
                  ],
                }),
              ],
              eligible_players: [{ id: 11, name: 'Ava Adams' }],
              role: 'parent',
            },
          };
        }
        return undefined;
      },
    );
    renderPanel(parentTeam);
    await screen.findByText('Ava Adams: Yes · answered by Casey Coach');
    expect(screen.getByRole('cell', { name: 'answered by Casey Coach' })).toBeTruthy();
    // The parent did not vote: the coach answered, and the answers stay there to change it.
    expect(screen.queryByText(POLL_MESSAGES.youVoted)).toBeNull();
    expect(screen.getByText('Answered by Casey Coach for Ava Adams')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes for Ava Adams' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'No for Ava Adams' }));
    await screen.findByText(`${POLL_MESSAGES.voteChanged}: Ava Adams`);
    await screen.findByText('Ava Adams: No');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      player_id: 11,
      option_index: 1,
      option_text: 'No',
    });
    expect(screen.queryByText(/answered by/i)).toBeNull();
    // Now the vote is the parent's own.
    expect(screen.getByText(POLL_MESSAGES.youVoted)).toBeTruthy();
  });

  it("a parent of two sees which child's answer the coach gave and which they gave, and starts on the coach's", async () => {
    const vote = (player_id: number, player_name: string, answered_by: string | null) => ({
      player_id,
      player_name,
      option_text: 'Yes',
      voter_name: answered_by ?? 'Pat Parent',
      option_index: 0,
      answered_by,
    });
    serve({
      polls: [
        poll(1, {
          has_voted: true,
          user_vote: 0,
          voted_player_ids: [11, 12],
          total_votes: 2,
          vote_counts: [2, 0],
          user_votes: [vote(11, 'Ava Adams', null), vote(12, 'Ben Adams', 'Casey Coach')],
        }),
      ],
      eligible_players: [
        { id: 11, name: 'Ava Adams' },
        { id: 12, name: 'Ben Adams' },
      ],
      role: 'parent',
    });
    renderPanel(parentTeam);
    await screen.findByText(POLL_MESSAGES.youVoted);
    expect(screen.getByText('Answered by Casey Coach for Ben Adams')).toBeTruthy();
    expect(screen.queryByText(/Answered by .* for Ava Adams/)).toBeNull();
    // The picker opens on the child whose answer the coach gave, ready to change it.
    expect((screen.getByLabelText('Vote for') as HTMLSelectElement).value).toBe('12');
    expect(screen.getByRole('button', { name: 'No for Ben Adams' })).toBeTruthy();
  });

  it('lets a coach pick any player, naming the votes already given, and change one', async () => {
    const calls = serve(
      {
        polls: [
          poll(1, {
            voted_player_ids: [11],
            total_votes: 1,
            vote_counts: [0, 1],
            user_votes: [
              {
                player_id: 11,
                player_name: 'Ava Adams',
                option_text: 'No',
                voter_name: 'Pat',
                option_index: 1,
                answered_by: null,
              },
            ],
          }),
        ],
        eligible_players: [
          { id: 11, name: 'Ava Adams' },
          { id: 12, name: 'Ben Brown' },
        ],
        role: 'coach',
      },
      (url, method) => (method === 'POST' ? { body: poll(1) } : undefined),
    );
    renderPanel();
    const picker = await screen.findByRole('combobox', { name: 'Vote for' });
    expect([...picker.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Ava Adams (No)',
      'Ben Brown',
    ]);
    // The first player still to vote is picked to start.
    expect((picker as HTMLSelectElement).value).toBe('12');
    fireEvent.change(picker, { target: { value: '11' } });
    expect(screen.getByText('Ava Adams: No')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes for Ava Adams' }));
    await screen.findByText(`${POLL_MESSAGES.voteChanged}: Ava Adams`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      player_id: 11,
      option_index: 0,
      option_text: 'Yes',
    });
  });

  it('says why a vote failed', async () => {
    serve(
      { polls: [poll(1)], eligible_players: [{ id: 11, name: 'Ava Adams' }], role: 'parent' },
      (url, method) =>
        method === 'POST' ? { status: 400, body: { detail: POLL_MESSAGES.expired } } : undefined,
    );
    renderPanel(parentTeam);
    fireEvent.click(await screen.findByRole('button', { name: 'No for Ava Adams' }));
    await screen.findByText(`${POLL_MESSAGES.voteFailed}: ${POLL_MESSAGES.expired}`);
  });

  it('says the poll changed when its options were edited before the vote, and shows the new options', async () => {
    let edited = false;
    const calls = serve(
      { polls: [poll(1)], eligible_players: [{ id: 11, name: 'Ava Adams' }], role: 'parent' },
      (url, method) => {
        if (method === 'POST' && url.endsWith('/messaging/polls/1/vote')) {
          edited = true;
          return { status: 409, body: { detail: POLL_MESSAGES.pollChanged } };
        }
        if (edited && url.includes('/messaging/polls/3')) {
          return {
            body: {
              polls: [poll(1, { options: ['No', 'Yes'] })],
              eligible_players: [{ id: 11, name: 'Ava Adams' }],
              role: 'parent',
            },
          };
        }
        return undefined;
      },
    );
    renderPanel(parentTeam);
    await screen.findByText('Vote for Ava Adams');
    fireEvent.click(screen.getByRole('button', { name: 'Yes for Ava Adams' }));
    await screen.findByText(POLL_MESSAGES.pollChanged);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      player_id: 11,
      option_index: 0,
      option_text: 'Yes',
    });
    await waitFor(() => {
      const buttons = within(screen.getByRole('group', { name: 'Vote: Question 1?' })).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(['No for Ava Adams', 'Yes for Ava Adams']);
    });
  });

  it('treats a poll whose expiry has passed by the clock as expired, even if the answer says otherwise', async () => {
    serve({
      polls: [poll(1, { expires_at: '2026-11-24T17:00:00.000Z', is_archived: false })],
      eligible_players: [{ id: 11, name: 'Ava Adams' }],
      role: 'parent',
    });
    renderPanel(parentTeam);
    await screen.findByRole('heading', { name: 'Question 1?' });
    expect(screen.getByText('Expired', { selector: '.tag, [class*="tag"]' })).toBeTruthy();
    expect(document.getElementById('poll-1')?.className).toContain('poll-card--archived');
    expect(screen.queryByRole('button', { name: 'Yes for Ava Adams' })).toBeNull();
  });

  it('lets the author edit (expiry inferred) and delete with confirmation', async () => {
    const calls = serve(
      {
        polls: [poll(4, { can_manage: true, expires_at: '2026-11-27T18:00:00.000Z', question: 'Carpool?' })],
        eligible_players: [],
        role: 'coach',
      },
      (url, method) => {
        if (method === 'PUT') return { body: poll(4) };
        if (method === 'DELETE') return { body: { message: POLL_MESSAGES.deleted } };
        return undefined;
      },
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit poll: Carpool?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Poll' });
    expect((within(dialog).getByLabelText('After a number of days') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Days until it expires') as HTMLInputElement).value).toBe('3');
    fireEvent.change(within(dialog).getByLabelText(/Question/), { target: { value: 'Carpool Sunday?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Poll' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Poll' })).toBeNull());
    // The expiry was not touched: the poll keeps its own.
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      question: 'Carpool Sunday?',
      options: ['Yes', 'No'],
      expires_at: '2026-11-27T18:00:00.000Z',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete poll: Carpool?' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Poll' });
    expect(confirm.textContent).toContain(POLL_MESSAGES.deleteConfirm('Carpool?'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/messaging/polls/4'))).toBe(true),
    );
  });

  it('highlights the poll named in the address for 3 seconds', async () => {
    serve({ polls: [poll(1), poll(2)], eligible_players: [], role: 'coach' });
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-24T18:00:00Z'));
    renderPanel(coachTeam, 2);
    await vi.waitFor(() => {
      expect(document.getElementById('poll-2')?.className).toContain('poll-card--highlight');
    });
    expect(document.getElementById('poll-1')?.className).not.toContain('poll-card--highlight');
    act(() => {
      vi.advanceTimersByTime(3001);
    });
    expect(document.getElementById('poll-2')?.className).not.toContain('poll-card--highlight');
  });
});

describe('DashboardPolls', () => {
  it('shows at most 2 active polls with their votes and links to them', async () => {
    serve({
      polls: [
        poll(5, { is_archived: true, question: 'Old?' }),
        poll(4, { has_voted: true, total_votes: 3, question: 'Four?' }),
        poll(3, { total_votes: 1, question: 'Three?' }),
        poll(2, { question: 'Two?' }),
      ],
      eligible_players: [],
      role: 'parent',
    });
    renderWithClient(<DashboardPolls team={parentTeam} />);
    const list = await screen.findByRole('list', { name: 'Active polls' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Four?3 votes · You have voted',
      `Three?1 vote · ${POLL_MESSAGES.clickToVote}`,
    ]);
    expect(links[0]?.getAttribute('href')).toBe('#messages?subtab=polls&pollId=4');
  });

  it("says 'Answered by {coach}' rather than 'You have voted' when a coach answered for the parent's child", async () => {
    serve({
      polls: [
        poll(4, {
          has_voted: true,
          total_votes: 1,
          question: 'Four?',
          voted_player_ids: [11],
          user_votes: [
            {
              player_id: 11,
              player_name: 'Ava Adams',
              option_text: 'Yes',
              voter_name: 'Casey Coach',
              option_index: 0,
              answered_by: 'Casey Coach',
            },
          ],
        }),
      ],
      eligible_players: [{ id: 11, name: 'Ava Adams' }],
      role: 'parent',
    });
    renderWithClient(<DashboardPolls team={parentTeam} />);
    const list = await screen.findByRole('list', { name: 'Active polls' });
    expect(within(list).getByRole('link').textContent).toBe('Four?1 vote · Answered by Casey Coach');
  });

  it('leaves out a poll whose expiry has passed by the clock, even if the answer says it is open', async () => {
    serve({
      polls: [
        poll(3, { question: 'Lapsed?', expires_at: '2026-11-24T17:59:00.000Z', is_archived: false }),
        poll(2, { question: 'Two?', expires_at: '2026-11-24T19:00:00.000Z' }),
      ],
      eligible_players: [],
      role: 'parent',
    });
    renderWithClient(<DashboardPolls team={parentTeam} />);
    const list = await screen.findByRole('list', { name: 'Active polls' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([`Two?0 votes · ${POLL_MESSAGES.clickToVote}`]);
  });
});
