import { useId } from 'react';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { rsvpWindow } from '../../../../shared/rsvp.ts';
import { Tag } from '../../../components/Tag.tsx';
import type { NextUpRsvps } from '../../../lib/next-up-rsvps.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { useNow } from '../../../lib/use-now.ts';
import { kindLabel, NEXT_UP, nextUpEvents, whenText } from '../lib/next-up.ts';
import './next-up.css';

/**
 * The dashboard's 'Next up': the team's next three events, each with its answers (`rsvps`, the rsvp
 * feature's, handed over by the app), then 'Answer all upcoming' per player.
 */
export function NextUp({ events, rsvps }: { events: readonly CalendarEvent[]; rsvps: NextUpRsvps }) {
  const titleId = useId();
  const zone = useTeamTimeZone();
  const now = useNow();
  const next = nextUpEvents(events, (event) => rsvpWindow(event, zone, now) === 'open');
  return (
    <section className="card next-up" aria-labelledby={titleId}>
      <div className="section-header">
        <h2 id={titleId} className="card__title">
          {NEXT_UP.title}
        </h2>
        <a className="link" href="#calendar">
          {NEXT_UP.calendarLink}
        </a>
      </div>
      {next.length === 0 ? (
        <p className="muted">{NEXT_UP.none}</p>
      ) : (
        <ul className="next-up__events" aria-label={NEXT_UP.title}>
          {next.map((event) => (
            <li key={event.id} className="next-up__event">
              <p className="next-up__when">
                <strong>{whenText(event)}</strong>{' '}
                <Tag tone={event.type === 'practice' ? 'success' : 'info'}>{kindLabel(event)}</Tag>
              </p>
              <p className="next-up__title">
                {event.title}
                {event.tournamentName && <span className="muted"> · {event.tournamentName}</span>}
              </p>
              {event.location && <p className="muted next-up__place">{event.location}</p>}
              {rsvps.eventRsvp(event)}
            </li>
          ))}
        </ul>
      )}
      {rsvps.answerAll}
    </section>
  );
}
