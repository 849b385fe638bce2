import { useId, type ReactNode } from 'react';
import {
  CALENDAR_KIND_LABELS,
  CALENDAR_MESSAGES,
  CALENDAR_STATUS_LABELS,
  type CalendarEvent,
} from '../../../../shared/calendar.ts';
import {
  formatTime,
  GAME_RESULT_LABELS,
  gameResult,
  GAME_STATUS_LABELS,
  type GameStatus,
  type TournamentStatus,
} from '../../../../shared/events.ts';
import { DirectionsLink } from '../../../components/DirectionsLink.tsx';
import { Tag, type TagTone } from '../../../components/Tag.tsx';

const TOURNAMENT_TONES: Record<TournamentStatus, TagTone> = {
  upcoming: 'info',
  active: 'success',
  completed: 'neutral',
};
const GAME_TONES: Partial<Record<GameStatus, TagTone>> = {
  in_progress: 'success',
  completed: 'neutral',
  conditional: 'warning',
  cancelled: 'danger',
};

/** The events of one day, with their details and RSVP controls (desktop side panel, phone sheet). */
export function DayEvents({
  events,
  eventRsvp,
}: {
  events: readonly CalendarEvent[];
  /** One event's RSVP (the rsvp feature's, through the app). */
  eventRsvp: (event: CalendarEvent) => ReactNode;
}) {
  if (events.length === 0) return <p className="muted cal-panel__empty">{CALENDAR_MESSAGES.noEvents}</p>;
  return (
    <ul className="cal-events" role="list">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} eventRsvp={eventRsvp} />
        </li>
      ))}
    </ul>
  );
}

function EventCard({
  event,
  eventRsvp,
}: {
  event: CalendarEvent;
  eventRsvp: (event: CalendarEvent) => ReactNode;
}) {
  const titleId = useId();
  const gameTone = event.status ? GAME_TONES[event.status] : undefined;
  const notes = [event.notes, event.tournamentNotes].filter((n): n is string => Boolean(n?.trim()));
  const result = gameResult({
    status: event.status ?? 'scheduled',
    our_score: event.ourScore,
    opponent_score: event.opponentScore,
  });
  const classes = [
    'cal-event',
    `cal-event--${event.kind}`,
    event.isPlaceholder ? 'cal-event--placeholder' : '',
    event.status === 'cancelled' ? 'cal-event--cancelled' : '',
  ].filter(Boolean);
  return (
    <article className={classes.join(' ')} aria-labelledby={titleId}>
      <div className="cal-event__head">
        <h3 id={titleId} className="cal-event__title">
          {event.title}
        </h3>
        <span className="cal-event__tags">
          <Tag>{CALENDAR_KIND_LABELS[event.kind]}</Tag>
          {event.status && gameTone && <Tag tone={gameTone}>{GAME_STATUS_LABELS[event.status]}</Tag>}
        </span>
      </div>
      <dl className="event-facts cal-event__facts">
        <Fact label="Time">{formatTime(event.time)}</Fact>
        {event.arrivalTime && <Fact label="Arrive by">{formatTime(event.arrivalTime)}</Fact>}
        {result && (
          <Fact label="Score">
            {event.ourScore} - {event.opponentScore} ({GAME_RESULT_LABELS[result]})
          </Fact>
        )}
        {event.location && (
          <Fact label="Location">
            {event.location}
            {event.address && (
              <span className="cal-event__address">
                <DirectionsLink address={event.address} />
              </span>
            )}
          </Fact>
        )}
        <Fact label="Kit">{event.kit}</Fact>
        {event.tournamentName && <Fact label="Tournament">{event.tournamentName}</Fact>}
        {event.tournamentStatus && (
          <Fact label="Status">
            <Tag tone={TOURNAMENT_TONES[event.tournamentStatus]}>
              {CALENDAR_STATUS_LABELS[event.tournamentStatus]}
            </Tag>
          </Fact>
        )}
        {notes.length > 0 && <Fact label="Notes">{notes.join('\n\n')}</Fact>}
      </dl>
      {event.isPlaceholder ? (
        <p className="muted cal-event__placeholder-note">
          No game scheduled on this day yet, so there is nothing to RSVP for.
        </p>
      ) : (
        event.rsvpEventType && eventRsvp(event)
      )}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="event-facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
