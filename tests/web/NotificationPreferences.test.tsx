// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/api/auth.ts';
import type { NotificationPreferences } from '../../src/shared/api/notifications.ts';
import { PREFERENCE_MESSAGES, UNSUBSCRIBE_MESSAGES } from '../../src/shared/notification-preferences.ts';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS } from '../../src/shared/notifications.ts';
import { createLinkSigner, signUnsubscribe } from '../../src/server/features/auth/signed-links.ts';
import { AccountSettingsModal } from '../../src/web/features/account/components/AccountSettingsModal.tsx';
import { UnsubscribeForm } from '../../src/web/features/notifications/components/UnsubscribeForm.tsx';
import { renderWithClient } from './render-with-client.tsx';

// Account Settings' 'Notifications' tab and the unsubscribe page (docs/product/notifications.md
// 'Preferences', 'Unsubscribe'): the form loads every kind, sends only what changed, keeps what was
// chosen when the save fails; the page asks first and changes nothing until its button is pressed.

const DEFAULTS: NotificationPreferences = {
  kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, ...NOTIFICATION_KIND_INFO[kind].defaults })),
  quiet_hours: { start: '21:00', end: '07:00' },
  digest_hour: 18,
};

const user = (role: User['role']): User => ({
  id: 7,
  name: 'Pat Parent',
  email: 'pat@example.com',
  phone: null,
  role,
  email_verified: true,
  pending_email: null,
});

interface Call {
  url: string;
  method: string;
  body: unknown;
  authorization: string | null;
}

/** The server as the test wants it: each answer decided by `answer`, every request recorded. */
function serve(answer: (call: Call) => { status?: number; body: unknown } | 'network down') {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: new Headers(init?.headers).get('Authorization'),
      };
      calls.push(call);
      const result = answer(call);
      if (result === 'network down') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(result.body), {
        status: result.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

async function openTab(role: User['role'] = 'parent') {
  renderWithClient(<AccountSettingsModal open user={user(role)} onClose={() => {}} />);
  fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
  return within(await screen.findByRole('form', { name: 'Notification settings' }));
}

const kindRow = (form: ReturnType<typeof within>, label: string) =>
  within(form.getByRole('group', { name: label }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Account Settings, Notifications', () => {
  it("loads each kind's choice; parents are not offered requests to join, coaches are", async () => {
    serve(() => ({
      body: {
        ...DEFAULTS,
        kinds: DEFAULTS.kinds.map((k) => (k.kind === 'poll_new' ? { ...k, email: 'off', push: false } : k)),
        quiet_hours: null,
      },
    }));
    const form = await openTab('parent');
    for (const kind of NOTIFICATION_KINDS.filter((k) => k !== 'join_request')) {
      expect(form.getByRole('group', { name: NOTIFICATION_KIND_INFO[kind].label })).toBeTruthy();
    }
    expect(form.queryByRole('group', { name: 'Requests to join (coaches)' })).toBeNull();
    const polls = kindRow(form, 'New polls');
    expect((polls.getByLabelText('Email') as HTMLSelectElement).value).toBe('off');
    expect((polls.getByLabelText('Push') as HTMLInputElement).checked).toBe(false);
    const events = kindRow(form, 'New games and practices');
    expect((events.getByLabelText('Email') as HTMLSelectElement).value).toBe('now');
    expect(
      within(events.getByLabelText('Email'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['At once', 'Daily digest', 'Off']);
    expect((form.getByLabelText('Use quiet hours') as HTMLInputElement).checked).toBe(false);
    expect(form.queryByLabelText('From')).toBeNull();
    const digest = form.getByLabelText('Daily digest time') as HTMLSelectElement;
    expect(digest.value).toBe('18');
    expect(digest.selectedOptions[0]?.textContent).toBe('6:00 PM');
    expect(within(digest).getAllByRole('option')).toHaveLength(24);
    cleanup();

    serve(() => ({ body: DEFAULTS }));
    const coach = await openTab('coach');
    expect(coach.getByRole('group', { name: 'Requests to join (coaches)' })).toBeTruthy();
  });

  it("offers requests to join to coaches and the club's admins, not to parents or players ('receive_join_requests')", async () => {
    const offered: Partial<Record<User['role'], boolean>> = {};
    for (const role of ['coach', 'admin', 'parent', 'player'] as const) {
      serve(() => ({ body: DEFAULTS }));
      const form = await openTab(role);
      expect(form.getByRole('group', { name: 'New polls' })).toBeTruthy();
      offered[role] = form.queryByRole('group', { name: 'Requests to join (coaches)' }) !== null;
      cleanup();
    }
    expect(offered).toEqual({ coach: true, admin: true, parent: false, player: false });
  });

  it('saves only what changed, then says so', async () => {
    const calls = serve((call) =>
      call.method === 'PUT'
        ? {
            body: {
              kinds: DEFAULTS.kinds.map((k) =>
                k.kind === 'poll_new'
                  ? { ...k, email: 'off' }
                  : k.kind === 'announcement'
                    ? { ...k, push: true }
                    : k,
              ),
              quiet_hours: { start: '22:00', end: '06:30' },
              digest_hour: 7,
            },
          }
        : { body: DEFAULTS },
    );
    const form = await openTab();
    fireEvent.change(kindRow(form, 'New polls').getByLabelText('Email'), { target: { value: 'off' } });
    fireEvent.click(kindRow(form, 'Other announcements').getByLabelText('Push'));
    fireEvent.change(form.getByLabelText('From'), { target: { value: '22:00' } });
    fireEvent.change(form.getByLabelText('Until'), { target: { value: '06:30' } });
    fireEvent.change(form.getByLabelText('Daily digest time'), { target: { value: '7' } });
    fireEvent.click(form.getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText(PREFERENCE_MESSAGES.saved)).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        url: '/api/notifications/preferences',
        method: 'PUT',
        body: {
          kinds: [
            { kind: 'announcement', email: 'digest', push: true },
            { kind: 'poll_new', email: 'off', push: true },
          ],
          quiet_hours: { start: '22:00', end: '06:30' },
          digest_hour: 7,
        },
        authorization: null,
      },
    ]);

    // Saved: a second save sends nothing changed; turning quiet hours off sends null.
    fireEvent.click(form.getByLabelText('Use quiet hours'));
    fireEvent.click(form.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toEqual({ quiet_hours: null });
  });

  it('keeps what was chosen when the connection drops, says it was not saved, and asks before closing', async () => {
    let down = false;
    const calls = serve((call) => (call.method === 'PUT' && down ? 'network down' : { body: DEFAULTS }));
    const form = await openTab();
    down = true;
    fireEvent.change(kindRow(form, 'RSVP reminders').getByLabelText('Email'), {
      target: { value: 'digest' },
    });
    fireEvent.click(kindRow(form, 'RSVP reminders').getByLabelText('Push'));
    fireEvent.click(form.getByRole('button', { name: 'Save notification settings' }));

    expect(await form.findByText(PREFERENCE_MESSAGES.notSaved)).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect((kindRow(form, 'RSVP reminders').getByLabelText('Email') as HTMLSelectElement).value).toBe(
      'digest',
    );
    expect((kindRow(form, 'RSVP reminders').getByLabelText('Push') as HTMLInputElement).checked).toBe(false);
    expect(
      (form.getByRole('button', { name: 'Save notification settings' }) as HTMLButtonElement).disabled,
    ).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
  });

  it("shows the server's reason for a refusal, and checks quiet hours' times before sending", async () => {
    const calls = serve((call) =>
      call.method === 'PUT'
        ? { status: 400, body: { detail: 'The digest hour must be a number from 0 to 23' } }
        : { body: DEFAULTS },
    );
    const form = await openTab();
    fireEvent.change(form.getByLabelText('From'), { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Save notification settings' }));
    expect(await form.findByText('Quiet hours must be times like 21:00')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(form.getByLabelText('From'), { target: { value: '20:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Save notification settings' }));
    expect(await form.findByText('The digest hour must be a number from 0 to 23')).toBeTruthy();
    expect((form.getByLabelText('From') as HTMLInputElement).value).toBe('20:00');
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let down = true;
    serve(() => (down ? 'network down' : { body: DEFAULTS }));
    renderWithClient(<AccountSettingsModal open user={user('parent')} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(await screen.findByText(PREFERENCE_MESSAGES.loadFailed)).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Notification settings' })).toBeTruthy();
  });
});

describe('the unsubscribe page', () => {
  const links = createLinkSigner('s'.repeat(48));
  const token = signUnsubscribe(links, { userId: 7, kind: 'event_new' });
  beforeEach(() => window.history.replaceState(null, '', `/unsubscribe?token=${token}`));

  it('asks first, changes nothing until the button, then says what stopped', async () => {
    const calls = serve(() => ({ body: { kind: 'event_new', label: 'New games and practices' } }));
    renderWithClient(<UnsubscribeForm />);
    expect(screen.getByText('Stop emails about new games and practices?')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText(
        'You will no longer get emails about new games and practices. You can turn them back on in Account Settings.',
      ),
    ).toBeTruthy();
    expect(calls).toEqual([
      {
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        method: 'POST',
        body: undefined,
        authorization: null,
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it("shows the server's reason when the link is refused", async () => {
    serve(() => ({ status: 400, body: { detail: UNSUBSCRIBE_MESSAGES.expired } }));
    renderWithClient(<UnsubscribeForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(UNSUBSCRIBE_MESSAGES.expired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('offers the button again when the connection dropped; says a link without a token is not valid', async () => {
    serve(() => 'network down');
    renderWithClient(<UnsubscribeForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    cleanup();

    window.history.replaceState(null, '', '/unsubscribe');
    renderWithClient(<UnsubscribeForm />);
    expect(screen.getByText(UNSUBSCRIBE_MESSAGES.invalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('asks about these emails when the link cannot be read', () => {
    serve(() => ({ body: {} }));
    window.history.replaceState(null, '', '/unsubscribe?token=garbage');
    renderWithClient(<UnsubscribeForm />);
    expect(screen.getByText(UNSUBSCRIBE_MESSAGES.questionUnknown)).toBeTruthy();
  });
});
