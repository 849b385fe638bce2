import { useState } from 'react';
import { ANSWER_LINK_MESSAGES } from '../../../../shared/rsvp-reminders.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CardPage } from '../../../components/CardPage.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAnswerLink, useRecordAnswerLink } from '../api/answer-link.ts';

/**
 * /rsvp-answer?token=...: a 'Going', 'Maybe' or "Can't go" link from a reminder email
 * (docs/product/notifications.md 'Answer from the email'). No sign-in. Opening the link records
 * nothing (a mail scanner may open it): the page asks first, and the one button records the answer.
 */
export function RsvpAnswerPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const link = useAnswerLink(token);
  const record = useRecordAnswerLink();
  const subject = link.data && {
    type: link.data.event_type,
    name: link.data.event_name,
    tournamentName: link.data.tournament_name,
    date: link.data.event_date,
    time: link.data.event_time,
    location: null,
  };

  return (
    <CardPage title={ANSWER_LINK_MESSAGES.title}>
      {!token && <Alert tone="error">{ANSWER_LINK_MESSAGES.invalid}</Alert>}
      {link.isPending && token && <p role="status">{ANSWER_LINK_MESSAGES.loading}</p>}
      {link.isError && <Alert tone="error">{errorMessage(link.error, ANSWER_LINK_MESSAGES.invalid)}</Alert>}
      {link.data && subject && (
        <>
          <p className="auth-card__intro">{link.data.team_name}</p>
          {record.isSuccess ? (
            <Alert tone="success">{record.data}</Alert>
          ) : (
            <>
              {record.isError && (
                <Alert tone="error">{errorMessage(record.error, ANSWER_LINK_MESSAGES.invalid)}</Alert>
              )}
              <p className="rsvp-answer__question">
                {ANSWER_LINK_MESSAGES.question(link.data.response, link.data.player_name, subject)}
              </p>
              <button
                type="button"
                className="button button--primary button--block"
                disabled={record.isPending}
                onClick={() => record.mutate(token)}
              >
                {record.isPending ? ANSWER_LINK_MESSAGES.recording : ANSWER_LINK_MESSAGES.button}
              </button>
            </>
          )}
        </>
      )}
      <div className="auth-links">
        <a className="link" href="/">
          {ANSWER_LINK_MESSAGES.openApp}
        </a>
      </div>
    </CardPage>
  );
}
