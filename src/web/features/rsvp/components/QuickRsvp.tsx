import { useState } from 'react';
import type { RsvpPlayer } from '../../../../shared/api/calendar.ts';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { RSVP_MESSAGES, RSVP_RESPONSES, type RsvpResponse } from '../../../../shared/rsvp.ts';
import { ANSWER_LINK_LABELS } from '../../../../shared/rsvp-reminders.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAnswerUpcoming } from '../api/submit-rsvp.ts';
import { rsvpFailure } from '../lib/rsvp.ts';
import type { RsvpActions } from '../lib/use-rsvp-actions.ts';
import { RsvpChoices } from './RsvpChoices.tsx';
import './quick-rsvp.css';

// The dashboard's 'Next up' answers (docs/product/calendar-rsvp-and-feed.md 'Next up'): one tap per
// player and event, the answer shown pressed; a coach of the team sees who answered what instead.

/** The answers' words on the dashboard (the same as an email's buttons). */
export const QUICK_LABELS = ANSWER_LINK_LABELS;

export const QUICK_RSVP_TEXT = {
  answerAll: 'Answer all upcoming',
  noAnswer: 'No answer yet',
  cancel: 'Cancel',
  /** The toast after 'Answer all upcoming'. */
  answeredAll: (player: string, response: RsvpResponse, count: number) =>
    count === 0
      ? `No upcoming events to answer for ${player}`
      : `✓ ${player}: ${QUICK_LABELS[response]} to ${count} upcoming ${count === 1 ? 'event' : 'events'}`,
} as const;

/** Going / Maybe / Can't go for each player the user answers for, or the answers once RSVPs closed. */
export function QuickRsvp({ event, rsvp }: { event: CalendarEvent; rsvp: RsvpActions }) {
  if (rsvp.status !== 'ready' || rsvp.players.length === 0 || !event.rsvpEventType) return null;
  const closed = rsvp.closedMessage(event) !== undefined;
  return (
    <ul className="quick-rsvp" role="list">
      {rsvp.players.map((player) => {
        const saved = rsvp.answer(event, player.id)?.response;
        return (
          <li key={player.id} className="quick-rsvp__player">
            <span className="quick-rsvp__name">{player.name}</span>
            {closed ? (
              <span className="quick-rsvp__closed">
                {saved ? QUICK_LABELS[saved] : QUICK_RSVP_TEXT.noAnswer} · {RSVP_MESSAGES.closedNote}
              </span>
            ) : (
              <RsvpChoices
                event={event}
                player={player}
                rsvp={rsvp}
                saved={saved}
                labels={QUICK_LABELS}
                large
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A coach's view of one event: the names under each answer, and who has not answered yet. */
export function WhoIsComing({ event, rsvp }: { event: CalendarEvent; rsvp: RsvpActions }) {
  if (rsvp.status !== 'ready' || rsvp.players.length === 0 || !event.rsvpEventType) return null;
  const groups: Record<RsvpResponse | 'none', string[]> = { yes: [], maybe: [], no: [], none: [] };
  for (const player of rsvp.players)
    groups[rsvp.answer(event, player.id)?.response ?? 'none'].push(player.name);
  const rows: { key: RsvpResponse | 'none'; label: string }[] = [
    ...RSVP_RESPONSES.map((response) => ({ key: response, label: QUICK_LABELS[response] })),
    { key: 'none', label: QUICK_RSVP_TEXT.noAnswer },
  ];
  return (
    <dl className="who-is-coming">
      {rows.map(({ key, label }) => (
        <div key={key} className={`who-is-coming__row who-is-coming__row--${key}`}>
          <dt>
            {label} ({groups[key].length})
          </dt>
          <dd>{groups[key].length > 0 ? groups[key].join(', ') : '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Per player, 'Answer all upcoming': the button opens Going / Maybe / Can't go for that player, and one
 * tap answers every upcoming event in one request (all or none; nothing is sent again on its own).
 */
export function AnswerAllUpcoming({ teamId, players }: { teamId: number; players: readonly RsvpPlayer[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const mutation = useAnswerUpcoming(teamId);
  if (players.length === 0) return null;
  const send = (player: RsvpPlayer, response: RsvpResponse) =>
    mutation.mutate(
      { player_id: player.id, response },
      {
        onSuccess: (saved) => {
          setOpen(null);
          showToast('success', QUICK_RSVP_TEXT.answeredAll(player.name, response, saved.length));
        },
        onError: (error) => showToast('error', rsvpFailure(error)),
      },
    );
  return (
    <div className="answer-all">
      <ul className="answer-all__players" role="list">
        {players.map((player) => (
          <li key={player.id} className="answer-all__player">
            {open === player.id ? (
              <div
                className="quick-rsvp__choices answer-all__choices"
                role="group"
                aria-label={`${QUICK_RSVP_TEXT.answerAll} for ${player.name}`}
              >
                <span className="answer-all__label" aria-hidden="true">
                  {player.name}, all upcoming:
                </span>
                {RSVP_RESPONSES.map((response, index) => (
                  <button
                    key={response}
                    type="button"
                    className={`button button--small quick-rsvp__choice quick-rsvp__choice--${response}`}
                    disabled={mutation.isPending}
                    // The button that opened the choices is gone: the first choice takes the focus.
                    autoFocus={index === 0}
                    onClick={() => send(player, response)}
                  >
                    {QUICK_LABELS[response]}
                  </button>
                ))}
                <button
                  type="button"
                  className="link-button answer-all__cancel"
                  disabled={mutation.isPending}
                  onClick={() => setOpen(null)}
                >
                  {QUICK_RSVP_TEXT.cancel}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={mutation.isPending}
                onClick={() => setOpen(player.id)}
              >
                {QUICK_RSVP_TEXT.answerAll}
                <span className={players.length > 1 ? undefined : 'visually-hidden'}> for {player.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {mutation.isPending && (
        <p className="muted" role="status">
          Saving...
        </p>
      )}
    </div>
  );
}
