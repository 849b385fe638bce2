import { Fragment } from 'react';
import type { RsvpList } from '../../../../shared/api/calendar.ts';
import {
  RSVP_LABELS,
  RSVP_MESSAGES,
  RSVP_RESPONSES,
  RSVP_SHORT_LABELS,
  rsvpCounts,
  type RsvpEventType,
  type RsvpResponse,
} from '../../../../shared/rsvp.ts';
import { Tag, type TagTone } from '../../../components/Tag.tsx';
import './rsvp.css';

const TONES: Record<RsvpResponse, TagTone> = { yes: 'success', maybe: 'warning', no: 'danger' };

export const RSVP_SUMMARY_TEXT = { label: 'RSVP:', noAnswer: 'no answer yet' } as const;

/** 'Yes 5 Maybe 1 No 2', then the total and how many have not answered (phrasing content only). */
export function RsvpCounts({
  counts,
  total,
  waiting,
}: {
  counts: Record<RsvpResponse, number>;
  total: number;
  waiting: number;
}) {
  return (
    <span className="rsvp-counts">
      {RSVP_RESPONSES.map((answer) => (
        <Fragment key={answer}>
          <Tag tone={TONES[answer]}>
            {RSVP_SHORT_LABELS[answer]} {counts[answer]}
          </Tag>{' '}
        </Fragment>
      ))}
      <span className="rsvp-counts__rest">
        <span className="rsvp-counts__total">Total {total}</span>
        {waiting > 0 && ` · ${waiting} not answered`}
      </span>
    </span>
  );
}

/** An event the dashboard lists that takes RSVPs ('tournament' is a tournament game's id). */
export interface RsvpTarget {
  kind: RsvpEventType;
  id: number;
}

/** First names when they tell the players apart, else full names. */
function shortNames(players: RsvpList['players']): Map<number, string> {
  const first = (name: string) => name.trim().split(/\s+/)[0] ?? name;
  const seen = new Map<string, number>();
  for (const player of players) seen.set(first(player.name), (seen.get(first(player.name)) ?? 0) + 1);
  return new Map(
    players.map((player) => [
      player.id,
      seen.get(first(player.name)) === 1 ? first(player.name) : player.name,
    ]),
  );
}

/**
 * The dashboard's line under an upcoming event. Parents and players: each of their players' answers
 * ('Mia: Attending · Leo: no answer yet'), and 'RSVPs closed' once the event has started (`closed`).
 * Coaches and admins (`counts`): 'Yes 5 · Maybe 1 · No 2'. Nothing while loading, after a failed
 * load, or when the user answers for no player.
 */
export function RsvpSummary({
  list,
  event,
  counts = false,
  closed = false,
}: {
  list: RsvpList | undefined;
  event: RsvpTarget;
  counts?: boolean;
  /**
   * The user may no longer answer (docs/product/calendar-rsvp-and-feed.md 'RSVPs close when the event
   * starts').
   */
  closed?: boolean;
}) {
  if (!list || list.players.length === 0) return null;
  const answers = list.rsvps.filter((r) => r.event_type === event.kind && r.event_id === event.id);
  const byPlayer = new Map(answers.map((r) => [r.player_id, r.response]));
  if (counts) {
    const tally = rsvpCounts(answers);
    const waiting = list.players.filter((player) => !byPlayer.has(player.id)).length;
    return (
      <p className="rsvp-summary">
        <span className="rsvp-summary__label">{RSVP_SUMMARY_TEXT.label}</span>{' '}
        {RSVP_RESPONSES.map((answer) => `${RSVP_SHORT_LABELS[answer]} ${tally[answer]}`).join(' · ')}
        {waiting > 0 && ` · ${waiting} not answered`}
      </p>
    );
  }
  const names = shortNames(list.players);
  return (
    <p className="rsvp-summary">
      <span className="rsvp-summary__label">{RSVP_SUMMARY_TEXT.label}</span>{' '}
      {list.players.map((player, index) => {
        const answer = byPlayer.get(player.id);
        return (
          <Fragment key={player.id}>
            {index > 0 && ' · '}
            <span className="rsvp-summary__item">
              {names.get(player.id)}:{' '}
              {answer ? (
                <strong className={`rsvp-summary__answer--${answer}`}>{RSVP_LABELS[answer]}</strong>
              ) : (
                RSVP_SUMMARY_TEXT.noAnswer
              )}
            </span>
          </Fragment>
        );
      })}
      {closed && (
        <>
          {' · '}
          <span className="rsvp-summary__closed">{RSVP_MESSAGES.closedNote}</span>
        </>
      )}
    </p>
  );
}
