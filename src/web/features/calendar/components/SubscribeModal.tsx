import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { RsvpPlayer } from '../../../../shared/api/calendar.ts';
import { CALENDAR_MESSAGES } from '../../../../shared/calendar.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useCopy } from '../../../lib/use-copy.ts';
import { useCalendarToken, useRegenerateCalendarToken } from '../api/calendar-token.ts';
import { calendarKeys } from '../api/keys.ts';

interface SubscribeModalProps {
  open: boolean;
  onClose: () => void;
  /** A parent with several players may subscribe to one child's calendar. */
  players: readonly RsvpPlayer[];
}

const ALL = 'all';

/** The feed's https address on this site, and the webcal:// one that opens a calendar app. */
export function feedUrls(feedPath: string, playerId: number | null, origin = window.location.origin) {
  const url = new URL(feedPath, origin);
  if (playerId !== null) url.searchParams.set('player_id', String(playerId));
  const https = url.href;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

function failure(error: unknown): string {
  return error instanceof ApiError && error.status === 401
    ? CALENDAR_MESSAGES.notSignedIn
    : CALENDAR_MESSAGES.subscriptionFailed;
}

/**
 * Subscribe to Calendar (docs/product/calendar-rsvp-and-feed.md): the user's feed URL to copy or open in
 * a calendar app, how each app subscribes, and a way to make a new link when the old one went somewhere
 * it should not have (decision 017: the old one then stops working).
 */
export function SubscribeModal({ open, onClose, players }: SubscribeModalProps) {
  const queryClient = useQueryClient();
  const token = useCalendarToken(open);
  const regenerate = useRegenerateCalendarToken();
  const [copyState, copy] = useCopy();
  const [feedFor, setFeedFor] = useState(ALL);
  const [confirming, setConfirming] = useState(false);
  const urlId = useId();

  useEffect(() => {
    if (copyState === 'copied') showToast('success', CALENDAR_MESSAGES.copied);
  }, [copyState]);

  const playerId = feedFor === ALL ? null : Number(feedFor);
  const urls = token.data ? feedUrls(token.data.feed_path, playerId) : null;

  const onRegenerate = () => {
    setConfirming(false);
    regenerate.mutate(undefined, {
      onSuccess: (fresh) => {
        queryClient.setQueryData(calendarKeys.token, fresh);
        showToast('success', CALENDAR_MESSAGES.regenerated);
      },
      onError: (error) => showToast('error', failure(error)),
    });
  };

  return (
    <>
      <Modal
        open={open}
        title="Subscribe to Calendar"
        size="lg"
        onClose={onClose}
        footer={
          <button type="button" className="button button--secondary" onClick={onClose}>
            Done
          </button>
        }
      >
        <div className="cal-subscribe">
          <p>
            Add the team&apos;s schedule to the calendar on your phone or computer. It syncs automatically:
            new games, changed times and cancellations appear without doing this again.
          </p>
          {players.length > 1 && (
            <SelectField
              label="Calendar for"
              value={feedFor}
              onValueChange={setFeedFor}
              options={[
                { value: ALL, label: 'All my teams' },
                ...players.map((p) => ({ value: String(p.id), label: p.name })),
              ]}
            />
          )}
          {token.isError ? (
            <Alert tone="error">{failure(token.error)}</Alert>
          ) : !urls ? (
            <p role="status" className="muted">
              Loading your calendar link...
            </p>
          ) : (
            <>
              <div className="field">
                <label className="field__label" htmlFor={urlId}>
                  Calendar URL
                </label>
                <div className="cal-subscribe__url-row">
                  <input
                    id={urlId}
                    className="input cal-subscribe__url"
                    readOnly
                    value={urls.https}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => void copy(urls.https)}
                  >
                    {copyState === 'copied' ? 'Copied!' : 'Copy'}
                  </button>
                </div>
                {copyState === 'failed' && (
                  <p className="field__hint">Copying is not available here: select the URL and copy it.</p>
                )}
              </div>
              <p>
                <a className="button button--secondary" href={urls.webcal}>
                  Open in my calendar app
                </a>
              </p>
            </>
          )}

          <h3 className="section-title">How to subscribe</h3>
          <div className="cal-subscribe__apps">
            <details className="cal-subscribe__app">
              <summary>Google Calendar</summary>
              <ol>
                <li>Copy the calendar URL above.</li>
                <li>
                  On a computer, open Google Calendar; beside <strong>Other calendars</strong> choose{' '}
                  <strong>+</strong> then <strong>From URL</strong>.
                </li>
                <li>Paste the URL and choose Add calendar. It shows on your phone too.</li>
              </ol>
              <p className="muted">Google refreshes subscribed calendars about every 12 to 24 hours.</p>
            </details>
            <details className="cal-subscribe__app">
              <summary>Outlook</summary>
              <ol>
                <li>Copy the calendar URL above.</li>
                <li>
                  In Outlook on the web or outlook.com, choose <strong>Add calendar</strong>, then{' '}
                  <strong>Subscribe from web</strong>.
                </li>
                <li>Paste the URL, give it a name and choose Import.</li>
              </ol>
              <p className="muted">Outlook picks up changes within a few hours.</p>
            </details>
            <details className="cal-subscribe__app">
              <summary>Apple Calendar (iPhone, iPad, Mac)</summary>
              <ol>
                <li>On an iPhone or iPad, tap Open in my calendar app above and then Subscribe.</li>
                <li>
                  Or:{' '}
                  <strong>
                    Settings &gt; Calendar &gt; Accounts &gt; Add Account &gt; Other &gt; Add Subscribed
                    Calendar
                  </strong>{' '}
                  and paste the URL.
                </li>
                <li>
                  On a Mac: <strong>File &gt; New Calendar Subscription</strong>, paste the URL, and set
                  Auto-refresh to <strong>Every hour</strong>.
                </li>
              </ol>
            </details>
            <details className="cal-subscribe__app">
              <summary>Other calendar apps</summary>
              <p>
                Look for &quot;subscribe&quot;, &quot;add by URL&quot; or &quot;internet calendar&quot; and
                paste the calendar URL. Apps that understand webcal:// links open it with Open in my calendar
                app.
              </p>
            </details>
          </div>

          <div className="cal-subscribe__regenerate">
            <h3 className="section-title">Shared the link by mistake?</h3>
            <p className="muted">
              Anyone with the link can see the schedule. Making a new link stops the old one working.
            </p>
            <button
              type="button"
              className="button button--danger-outline"
              disabled={regenerate.isPending || !token.data}
              onClick={() => setConfirming(true)}
            >
              {regenerate.isPending ? 'Making a new link...' : 'Regenerate link'}
            </button>
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title="Regenerate link?"
        message={CALENDAR_MESSAGES.regenerateConfirm}
        confirmLabel="Regenerate link"
        danger
        onConfirm={onRegenerate}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
