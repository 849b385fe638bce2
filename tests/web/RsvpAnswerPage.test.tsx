// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerLink } from '../../src/shared/api/calendar.ts';
import { RsvpAnswerPage } from '../../src/web/features/rsvp/components/RsvpAnswerPage.tsx';
import { emptyAnswer, mockFetch, renderWithClient } from './render-with-client.tsx';

// /rsvp-answer?token=: an email's answer link (docs/product/notifications.md 'Answer from the email'). The
// page first asks what the link is for (a GET that records nothing), then records it with one button.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const LINK: AnswerLink = {
  player_name: 'Sam',
  team_name: 'U12 Lions',
  event_type: 'game',
  event_id: 12,
  event_name: 'Eagles',
  tournament_name: null,
  event_date: '2026-11-28',
  event_time: '10:00',
  response: 'yes',
};

function open(token: string | null) {
  window.history.replaceState(null, '', token === null ? '/rsvp-answer' : `/rsvp-answer?token=${token}`);
  return renderWithClient(<RsvpAnswerPage />);
}

describe('RsvpAnswerPage', () => {
  it('asks, records nothing until the button, then records the answer once', async () => {
    const calls = mockFetch((url, method) => {
      if (url.startsWith('/api/team-rsvp/answer-link?')) return { body: LINK };
      if (url === '/api/team-rsvp/answer-link' && method === 'POST')
        return { body: { detail: 'Recorded "Going" for Sam.' } };
      return { body: emptyAnswer(url) };
    });
    open('abc.def');
    expect(
      await screen.findByText('Record "Going" for Sam at the game vs Eagles on 11/28/2026 at 10:00 AM?'),
    ).toBeTruthy();
    expect(screen.getByText('U12 Lions')).toBeTruthy();
    const linkCalls = () => calls.filter((call) => call.url.includes('/answer-link'));
    expect(linkCalls()).toEqual([
      { url: '/api/team-rsvp/answer-link?token=abc.def', method: 'GET', body: undefined },
    ]);
    const button = screen.getByRole('button', { name: 'Record answer' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toContain('Recorded "Going" for Sam.');
    expect(linkCalls().filter((call) => call.method === 'POST')).toEqual([
      { url: '/api/team-rsvp/answer-link', method: 'POST', body: { token: 'abc.def' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Record answer' })).toBeNull();
  });

  it("shows the server's refusal and offers no button", async () => {
    mockFetch((url) =>
      url.startsWith('/api/team-rsvp/answer-link')
        ? { status: 400, body: { detail: 'This answer link is not valid.' } }
        : { body: emptyAnswer(url) },
    );
    open('tampered');
    expect((await screen.findByRole('alert')).textContent).toContain('This answer link is not valid.');
    expect(screen.queryByRole('button', { name: 'Record answer' })).toBeNull();
  });

  it('shows a closed event as the server words it when recording', async () => {
    mockFetch((url, method) => {
      if (url.startsWith('/api/team-rsvp/answer-link?')) return { body: { ...LINK, response: 'no' } };
      if (method === 'POST')
        return { status: 400, body: { detail: 'This event has started; RSVPs are closed.' } };
      return { body: emptyAnswer(url) };
    });
    open('late');
    fireEvent.click(await screen.findByRole('button', { name: 'Record answer' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This event has started; RSVPs are closed.',
    );
    expect(screen.getByText(/^Record "Can't go" for Sam/)).toBeTruthy();
  });

  it('without a token says the link is not valid and asks nothing', async () => {
    const calls = mockFetch((url) => ({ body: emptyAnswer(url) }));
    open(null);
    expect((await screen.findByRole('alert')).textContent).toContain('This answer link is not valid.');
    expect(calls.filter((call) => call.url.includes('/answer-link'))).toEqual([]);
  });
});
