import { useId, useState } from 'react';
import type { OverviewEvent } from '../../../../shared/api/calendar.ts';
import { formatDate, formatTime } from '../../../../shared/events.ts';
import { ROLE_LABELS, ROLES, type Role } from '../../../../shared/roles.ts';
import { RSVP_LABELS, RSVP_RESPONSES, type RsvpResponse } from '../../../../shared/rsvp.ts';
import { useRsvpOverview } from '../api/get-rsvp-overview.ts';
import { RemindLine } from './RemindRsvps.tsx';
import { RsvpCounts } from './RsvpCounts.tsx';
import './rsvp.css';

type Response = OverviewEvent['responses'][number];
type Waiting = OverviewEvent['not_responded'][number];

export const RSVP_OVERVIEW_TEXT = {
  title: 'Event RSVPs',
  loading: 'Loading RSVPs...',
  noAnswers: 'No answers yet.',
  notAnswered: 'No answer yet',
  everyoneAnswered: 'Every active player has answered.',
} as const;

/**
 * Team Administration > Event RSVPs (docs/product/calendar-rsvp-and-feed.md): the upcoming events with
 * their Yes/Maybe/No counts, each opening into who answered what and who has not answered yet. A failed
 * load is only logged (docs/product/calendar-rsvp-and-feed.md, by the query client): the tab shows no
 * list rather than a misleading 'no events'.
 */
export function RsvpOverviewPanel({ teamId }: { teamId: number }) {
  const overview = useRsvpOverview(teamId);
  const events = overview.data?.upcoming_events;
  return (
    <section className="rsvp-overview" aria-labelledby="rsvp-overview-title">
      <h2 id="rsvp-overview-title" className="section-title">
        {RSVP_OVERVIEW_TEXT.title}
      </h2>
      {overview.isPending ? (
        <p role="status">{RSVP_OVERVIEW_TEXT.loading}</p>
      ) : !events ? null : events.length === 0 ? (
        <p className="muted">
          No upcoming events yet. Games, tournament games and practices added in{' '}
          <a className="link" href="#tournaments">
            Team Events
          </a>{' '}
          show here.
        </p>
      ) : (
        <ul className="rsvp-events" role="list" aria-label="Upcoming events">
          {events.map((event) => (
            <RsvpEventItem key={`${event.event_type}:${event.event_id}`} teamId={teamId} event={event} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RsvpEventItem({ teamId, event }: { teamId: number; event: OverviewEvent }) {
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const counts = { yes: event.yes_count, maybe: event.maybe_count, no: event.no_count };
  return (
    <li className="card rsvp-event">
      <h3 className="rsvp-event__heading">
        <button
          type="button"
          className="rsvp-event__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="rsvp-event__arrow" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="rsvp-event__text">
            <span className="rsvp-event__when">
              {formatDate(event.event_date)} · {formatTime(event.event_time)}
            </span>{' '}
            <span className="rsvp-event__name">{event.event_name}</span>{' '}
            {event.tournament_name && (
              <>
                <span className="rsvp-event__tournament">{event.tournament_name}</span>{' '}
              </>
            )}
            <RsvpCounts counts={counts} total={event.total_responses} waiting={event.not_responded.length} />
          </span>
        </button>
      </h3>
      <RemindLine teamId={teamId} event={event} />
      <div id={bodyId} className="rsvp-event__body" hidden={!open}>
        {event.responses.length === 0 && <p className="muted">{RSVP_OVERVIEW_TEXT.noAnswers}</p>}
        {RSVP_RESPONSES.map((answer) => (
          <AnswerGroup key={answer} answer={answer} responses={event.responses} />
        ))}
        <section className="rsvp-group">
          <h4 className="rsvp-group__title">
            {RSVP_OVERVIEW_TEXT.notAnswered} ({event.not_responded.length})
          </h4>
          {event.not_responded.length === 0 ? (
            <p className="muted">{RSVP_OVERVIEW_TEXT.everyoneAnswered}</p>
          ) : (
            <ul className="rsvp-people" role="list">
              {event.not_responded.map((player) => (
                <li key={player.player_id} className="rsvp-person">
                  <PlayerLine player={player} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </li>
  );
}

function AnswerGroup({ answer, responses }: { answer: RsvpResponse; responses: readonly Response[] }) {
  const group = responses.filter((r) => r.response === answer);
  if (group.length === 0) return null;
  return (
    <section className={`rsvp-group rsvp-group--${answer}`}>
      <h4 className="rsvp-group__title">
        {RSVP_LABELS[answer]} ({group.length})
      </h4>
      <ul className="rsvp-people" role="list">
        {group.map((response) => (
          <li key={response.id} className="rsvp-person">
            <PlayerLine player={response.player} />
            {response.user && (
              <p className="rsvp-person__by">
                Answered by {response.user.name} ({roleLabel(response.user.role)})
              </p>
            )}
            {response.notes && <p className="rsvp-person__notes">Notes: {response.notes}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlayerLine({ player }: { player: Pick<Waiting, 'name' | 'position' | 'jersey_number'> }) {
  return (
    <p className="rsvp-person__player">
      {player.jersey_number !== null && <span className="rsvp-person__number">#{player.jersey_number} </span>}
      <span className="rsvp-person__name">{player.name}</span>
      {player.position && <span className="rsvp-person__position"> · {player.position}</span>}
    </p>
  );
}

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}
