// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OverviewEvent } from '../../src/shared/api/calendar.ts';
import { atWords } from '../../src/shared/rsvp-reminder-times.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { RemindRsvps } from '../../src/web/features/rsvp/components/RemindRsvps.tsx';
import { RsvpOverviewPanel } from '../../src/web/features/rsvp/components/RsvpOverviewPanel.tsx';
import { emptyAnswer, mockFetch, renderWithClient } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// 'Remind the N who have not answered' (docs/product/notifications.md 'RSVP reminders'): for those who
// see the RSVP overview, sent once per tap, with the toast, when the last reminder went, and the
// server's refusal shown.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SENT_AT = new Date(Date.now() - 60_000).toISOString();

function overviewEvent(overrides: Partial<OverviewEvent> = {}): OverviewEvent {
  return {
    event_id: 12,
    event_type: 'game',
    event_name: 'vs Eagles',
    event_date: '2026-11-28',
    event_time: '10:00',
    tournament_name: null,
    total_responses: 0,
    yes_count: 0,
    no_count: 0,
    maybe_count: 0,
    responses: [],
    not_responded: [{ player_id: 4, name: 'Leo Park', position: null, jersey_number: null }],
    to_remind: 2,
    last_reminder: null,
    ...overrides,
  };
}

/** The overview answers `before` until a reminder is sent, then `after`; the remind request answers `remind`. */
function serve({
  before = overviewEvent(),
  after = overviewEvent({ last_reminder: { sent_at: SENT_AT, recipients: 2, automatic: false } }),
  remind = { body: { sent: 2 } } as { status?: number; body: unknown },
  hold,
}: {
  before?: OverviewEvent;
  after?: OverviewEvent;
  remind?: { status?: number; body: unknown };
  hold?: Promise<void>;
} = {}) {
  let sent = false;
  const calls = mockFetch((url, method) => {
    if (url.endsWith('/team-rsvp/remind') && method === 'POST') {
      sent = remind.status === undefined;
      return remind;
    }
    if (url.includes('/team-rsvp/team/3/overview'))
      return { body: { upcoming_events: [sent ? after : before] } };
    return { body: emptyAnswer(url) };
  });
  if (hold) {
    const answered = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (...args) => {
      if (String(args[0]).endsWith('/team-rsvp/remind')) await hold;
      return answered!(...args);
    });
  }
  return calls;
}

const remindCalls = (calls: { url: string; method: string; body: unknown }[]) =>
  calls.filter((call) => call.url.endsWith('/team-rsvp/remind'));

describe('Remind on Event RSVPs', () => {
  it('sends once per tap, toasts who was reminded and says when', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const calls = serve({ hold });
    renderWithClient(
      <>
        <ToastRegion layer={null} />
        <RsvpOverviewPanel teamId={3} />
      </>,
    );
    const button = await screen.findByRole('button', {
      name: 'Remind the 2 who have not answered (vs Eagles)',
    });
    fireEvent.click(button);
    fireEvent.click(button);
    const sending = await screen.findByRole('button', { name: /^Sending\.\.\./ });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      release();
    });
    await screen.findByText('Reminded 2 people');
    expect(remindCalls(calls)).toEqual([
      { url: '/api/team-rsvp/remind', method: 'POST', body: { event_type: 'game', event_id: 12 } },
    ]);
    const when = atWords(new Date(SENT_AT), 'America/Chicago', new Date());
    expect(await screen.findByText(`Reminded 2 people ${when}`)).toBeTruthy();
  });

  it("shows the server's refusal beside the button (429 within six hours)", async () => {
    const detail =
      'A reminder for this event was already sent at 4:05 PM. You can remind again after 10:05 PM.';
    serve({
      before: overviewEvent({ last_reminder: { sent_at: SENT_AT, recipients: 3, automatic: false } }),
      remind: { status: 429, body: { detail } },
    });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Remind the 2 who have not answered/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(screen.getByText(/^Reminded 3 people /)).toBeTruthy();
  });

  it('shows no button when nobody needs reminding, and says an automatic reminder went', async () => {
    serve({
      before: overviewEvent({
        to_remind: 0,
        last_reminder: { sent_at: SENT_AT, recipients: 1, automatic: true },
      }),
    });
    renderWithClient(<RsvpOverviewPanel teamId={3} />);
    expect(await screen.findByText(/^Automatic reminder sent to 1 person /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remind/ })).toBeNull();
  });
});

describe('RemindRsvps (dashboard, calendar)', () => {
  it("is the event's line for those who see the overview", async () => {
    serve();
    renderWithClient(<RemindRsvps team={teamFixture()} eventType="game" eventId={12} />);
    expect(await screen.findByRole('button', { name: /^Remind the 2 who have not answered/ })).toBeTruthy();
  });

  it('is nothing for a parent, who never asks for the overview', async () => {
    const calls = serve();
    const { container } = renderWithClient(
      <RemindRsvps team={teamFixture({ is_coach: false })} eventType="game" eventId={12} />,
    );
    // The parent's flags load (a coach-only capability needs none, so not even that).
    await act(async () => {});
    expect(container.textContent).toBe('');
    expect(calls.filter((call) => call.url.includes('/overview'))).toEqual([]);
    expect(within(container).queryByRole('button')).toBeNull();
  });
});
