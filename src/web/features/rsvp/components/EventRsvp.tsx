import { type ReactNode, useId, useState } from 'react';
import type { RsvpPlayer } from '../../../../shared/api/calendar.ts';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import {
  RSVP_LABELS,
  RSVP_LIMITS,
  RSVP_MESSAGES,
  RSVP_RESPONSES,
  rsvpCounts,
  type RsvpResponse,
} from '../../../../shared/rsvp.ts';
import { wallClock } from '../../../../shared/event-dates.ts';
import { formatDate, formatTime } from '../../../../shared/events.ts';
import { Tag, type TagTone } from '../../../components/Tag.tsx';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import type { RsvpActions } from '../lib/use-rsvp-actions.ts';
import { RsvpChoices } from './RsvpChoices.tsx';
import './event-rsvp.css';

const TONES: Record<RsvpResponse, TagTone> = { yes: 'success', maybe: 'warning', no: 'danger' };

/** An answer as a tag: the words carry the meaning, the colour helps. */
export function AnswerTag({ response }: { response: RsvpResponse | undefined }) {
  return response ? <Tag tone={TONES[response]}>{RSVP_LABELS[response]}</Tag> : <Tag>No answer yet</Tag>;
}

/**
 * RSVP for one event: each shown player's answer and buttons, and a parent's 'All my players';
 * `footer` below them (a coach's reminder line).
 */
export function EventRsvp({
  event,
  rsvp,
  footer,
}: {
  event: CalendarEvent;
  rsvp: RsvpActions;
  footer?: ReactNode;
}) {
  const headingId = useId();
  const zone = useTeamTimeZone();
  if (rsvp.status === 'loading')
    return (
      <p className="muted" role="status">
        Loading RSVPs...
      </p>
    );
  if (rsvp.status === 'error') return <p className="muted">RSVPs could not be loaded.</p>;
  const responses = rsvp.shown.map((player) => rsvp.answer(event, player.id)?.response);
  const common = responses.every((r) => r && r === responses[0]) ? responses[0] : undefined;
  // A started event takes no more answers from parents and players; coaches keep a week
  // (docs/product/calendar-rsvp-and-feed.md).
  const closed = rsvp.closedMessage(event);
  const coachesUntil = rsvp.coachesUntil(event);
  const list = (
    <ul className="event-rsvp__players" role="list">
      {rsvp.shown.map((player) => (
        <PlayerRsvp key={player.id} event={event} player={player} rsvp={rsvp} closed={!!closed} />
      ))}
    </ul>
  );

  return (
    <section className="event-rsvp" aria-labelledby={headingId}>
      <h4 id={headingId} className="event-rsvp__title">
        RSVP
      </h4>
      {rsvp.players.length === 0 ? (
        <p className="muted">{RSVP_MESSAGES.noPlayers}</p>
      ) : (
        <>
          {closed && (
            <p className="event-rsvp__closed" role="note">
              {closed}
            </p>
          )}
          {coachesUntil && (
            <p className="muted event-rsvp__closed" role="note">
              {RSVP_MESSAGES.coachesStillOpen(untilText(coachesUntil, zone))}
            </p>
          )}
          {rsvp.answerAll && !closed && (
            <div className="event-rsvp__all">
              <span className="event-rsvp__all-label" aria-hidden="true">
                {RSVP_MESSAGES.allMine}:
              </span>
              <div
                className="event-rsvp__choices"
                role="group"
                aria-label={`${RSVP_MESSAGES.allMine}, ${event.title}`}
              >
                {RSVP_RESPONSES.map((response) => (
                  <button
                    key={response}
                    type="button"
                    className={`button button--small event-rsvp__choice event-rsvp__choice--${response}`}
                    aria-pressed={common === response}
                    disabled={rsvp.pending}
                    onClick={() => rsvp.submitAll(event, response)}
                  >
                    <span className="visually-hidden">{RSVP_MESSAGES.allMine}: </span>
                    {RSVP_LABELS[response]}
                  </button>
                ))}
              </div>
            </div>
          )}
          {rsvp.folded ? (
            <details className="event-rsvp__fold">
              <summary>{foldSummary(responses)}</summary>
              {list}
            </details>
          ) : (
            list
          )}
          {rsvp.pending && (
            <p className="muted event-rsvp__saving" role="status">
              Saving...
            </p>
          )}
        </>
      )}
      {footer}
    </section>
  );
}

/** 'Players (15): 5 Attending, 1 Maybe Attending, 2 Not Attending, 7 no answer yet'. */
function foldSummary(responses: readonly (RsvpResponse | undefined)[]): string {
  const counts = rsvpCounts(
    responses.filter((r): r is RsvpResponse => r !== undefined).map((response) => ({ response })),
  );
  const waiting = responses.filter((r) => r === undefined).length;
  const parts = RSVP_RESPONSES.filter((r) => counts[r] > 0).map((r) => `${counts[r]} ${RSVP_LABELS[r]}`);
  if (waiting > 0) parts.push(`${waiting} no answer yet`);
  return `Players (${responses.length}): ${parts.join(', ')}`;
}

/** 'Tuesday 12/01/2026 at 10:00 AM' on the team's clocks. */
function untilText(instant: Date, zone: string): string {
  const { date, time } = wallClock(instant, zone);
  return `${formatDate(date)} at ${formatTime(time)}`;
}

function PlayerRsvp({
  event,
  player,
  rsvp,
  closed,
}: {
  event: CalendarEvent;
  player: RsvpPlayer;
  rsvp: RsvpActions;
  /** The user may no longer answer: the answer shows, without buttons or a note to send. */
  closed: boolean;
}) {
  const saved = rsvp.answer(event, player.id);
  return (
    <li className="event-rsvp__player">
      <div className="event-rsvp__player-head">
        <span className="event-rsvp__player-name">{player.name}</span>
        <AnswerTag response={saved?.response} />
        {saved?.responded_by_name && (
          <span className="muted event-rsvp__by">by {saved.responded_by_name}</span>
        )}
      </div>
      {closed ? (
        saved?.notes && <p className="muted event-rsvp__saved-note">Note: {saved.notes}</p>
      ) : (
        <PlayerChoices event={event} player={player} rsvp={rsvp} saved={saved} />
      )}
    </li>
  );
}

function PlayerChoices({
  event,
  player,
  rsvp,
  saved,
}: {
  event: CalendarEvent;
  player: RsvpPlayer;
  rsvp: RsvpActions;
  saved: ReturnType<RsvpActions['answer']>;
}) {
  const noteId = useId();
  const savedNote = saved?.notes ?? '';
  const note = rsvp.draft(event, player.id) ?? savedNote;
  const [noteOpen, setNoteOpen] = useState(false);
  const showNote = noteOpen || note !== '';
  const noteChanged = note.trim() !== savedNote.trim();

  return (
    <>
      <RsvpChoices event={event} player={player} rsvp={rsvp} saved={saved?.response} labels={RSVP_LABELS} />
      {showNote ? (
        <div className="event-rsvp__note">
          <label className="field__label" htmlFor={noteId}>
            Note for {player.name} (optional)
          </label>
          <div className="event-rsvp__note-row">
            <input
              id={noteId}
              className="input"
              value={note}
              maxLength={RSVP_LIMITS.notesMax}
              autoFocus={noteOpen}
              placeholder="e.g. Arriving 15 minutes late"
              onChange={(e) => rsvp.setDraft(event, player.id, e.target.value)}
            />
            {saved && noteChanged && (
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={rsvp.pending}
                onClick={() => rsvp.submit(event, player, saved.response)}
              >
                Save note<span className="visually-hidden"> for {player.name}</span>
              </button>
            )}
          </div>
          {!saved && note.trim() !== '' && (
            <p className="field__hint event-rsvp__hint">Sent with the answer you choose.</p>
          )}
        </div>
      ) : (
        <button type="button" className="link-button event-rsvp__add-note" onClick={() => setNoteOpen(true)}>
          Add a note<span className="visually-hidden"> for {player.name}</span>
        </button>
      )}
    </>
  );
}
