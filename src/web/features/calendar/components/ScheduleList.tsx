import { type ReactNode, useId, useMemo, useState } from 'react';
import { CALENDAR_KIND_LABELS, type CalendarEvent } from '../../../../shared/calendar.ts';
import { GAME_STATUS_LABELS } from '../../../../shared/events.ts';
import { Tag } from '../../../components/Tag.tsx';
import { useCalendarRanges } from '../api/get-calendar-events.ts';
import {
  SCHEDULE_TEXT,
  SCHEDULE_TYPE_LABELS,
  SCHEDULE_TYPES,
  SCHEDULE_WINDOW_LABELS,
  SCHEDULE_WINDOWS,
  type ScheduleType,
  type ScheduleWindow,
  ROWS_AT_ONCE,
  scheduleWeeks,
  weeksWithin,
  windowRanges,
} from '../lib/schedule.ts';

/**
 * The schedule list (docs/product/calendar-rsvp-and-feed.md 'Schedule list'): the window's events by
 * week, each with the user's answers; a tap opens the day (its answers, and the buttons while open).
 */
export function ScheduleList({
  teamId,
  today,
  answers,
  onOpenDay,
}: {
  teamId: number;
  today: string;
  /** One event's answers in a line (the rsvp feature's, through the app). */
  answers: (event: CalendarEvent) => ReactNode;
  /** Opens the day with all its events (the sheet on a phone, the side panel on a desktop). */
  onOpenDay: (date: string, events: readonly CalendarEvent[]) => void;
}) {
  const [window, setWindow] = useState<ScheduleWindow>('next2weeks');
  const [type, setType] = useState<ScheduleType>('all');
  // A season's list renders a slice at a time: whole weeks up to a number of rows.
  const [rowBudget, setRowBudget] = useState(ROWS_AT_ONCE);
  const typeId = useId();
  const ranges = useMemo(() => windowRanges(window, today), [window, today]);
  const events = useCalendarRanges(teamId, ranges);
  const weeks = useMemo(
    () => (events.data ? scheduleWeeks(events.data, window, type, today) : []),
    [events.data, window, type, today],
  );
  const shownWeeks = weeksWithin(weeks, rowBudget);
  const openDay = (date: string) =>
    onOpenDay(
      date,
      (events.data ?? []).filter((e) => e.date === date),
    );
  const chooseWindow = (next: ScheduleWindow) => {
    setWindow(next);
    setRowBudget(ROWS_AT_ONCE);
  };

  return (
    <section className="card cal-schedule" aria-label="Schedule">
      <div className="cal-schedule__controls">
        <div className="cal-switch" role="group" aria-label={SCHEDULE_TEXT.windowLabel}>
          {SCHEDULE_WINDOWS.map((w) => (
            <button
              key={w}
              type="button"
              className="cal-switch__option"
              aria-pressed={window === w}
              onClick={() => chooseWindow(w)}
            >
              {SCHEDULE_WINDOW_LABELS[w]}
            </button>
          ))}
        </div>
        <div className="cal-schedule__type">
          <label htmlFor={typeId} className="cal-schedule__type-label">
            {SCHEDULE_TEXT.typeLabel}
          </label>
          <select
            id={typeId}
            className="input cal-schedule__select"
            value={type}
            onChange={(e) => {
              setType(e.target.value as ScheduleType);
              setRowBudget(ROWS_AT_ONCE);
            }}
          >
            {SCHEDULE_TYPES.map((t) => (
              <option key={t} value={t}>
                {SCHEDULE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {events.isError ? (
        <p role="alert">
          {SCHEDULE_TEXT.failed}{' '}
          <button type="button" className="link-button" onClick={() => void events.refetch()}>
            Try again
          </button>
        </p>
      ) : !events.data ? (
        <p role="status">{SCHEDULE_TEXT.loading}</p>
      ) : weeks.length === 0 ? (
        <p className="muted">{SCHEDULE_TEXT.none}</p>
      ) : (
        <>
          {weeks.slice(0, shownWeeks).map((week) => (
            <section key={week.start} className="cal-week" aria-label={week.title}>
              <h2 className="cal-week__title">{week.title}</h2>
              <ul className="cal-rows" role="list">
                {week.rows.map(({ event, day, time }) => (
                  <li key={event.id}>
                    <button
                      type="button"
                      className={`cal-row cal-row--${event.kind}${
                        event.status === 'cancelled' ? ' cal-row--cancelled' : ''
                      }`}
                      onClick={() => openDay(event.date)}
                    >
                      <span className="cal-row__when">
                        <span className="cal-row__day">{day}</span>
                        <span className="cal-row__time">{time}</span>
                      </span>
                      <span className="cal-row__main">
                        <span className="cal-row__title">
                          <span className="cal-row__name">{event.title}</span>{' '}
                          <Tag tone={event.type === 'practice' ? 'success' : 'info'}>
                            {CALENDAR_KIND_LABELS[event.kind]}
                          </Tag>
                          {event.status === 'cancelled' && (
                            <>
                              {' '}
                              <Tag tone="danger">{GAME_STATUS_LABELS.cancelled}</Tag>
                            </>
                          )}
                        </span>
                        {(event.tournamentName || event.location) && (
                          <span className="cal-row__place">
                            {[event.kind === 'tournament' ? event.tournamentName : null, event.location]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        )}
                        {answers(event)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {weeks.length > shownWeeks && (
            <button
              type="button"
              className="button button--secondary cal-schedule__more"
              onClick={() => setRowBudget((n) => n + ROWS_AT_ONCE)}
            >
              {SCHEDULE_TEXT.more}
            </button>
          )}
        </>
      )}
    </section>
  );
}
