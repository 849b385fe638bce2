import { useEffect, useRef, type KeyboardEvent } from 'react';
import {
  CALENDAR_KIND_LABELS,
  CALENDAR_MESSAGES,
  type CalendarEvent,
  monthGrid,
} from '../../../../shared/calendar.ts';
import { formatTime } from '../../../../shared/events.ts';
import { eventCount, moveByKey, spokenDate, WEEKDAYS } from '../lib/month.ts';
import { dayTally, SCHEDULE_TYPE_LABELS, type ScheduleType } from '../lib/schedule.ts';

/** The phone grid's letter per type, explained by the legend. */
const TALLY_LETTERS: Record<Exclude<ScheduleType, 'all'>, string> = {
  games: 'G',
  practices: 'P',
  tournaments: 'T',
};

interface MonthGridProps {
  /** 'YYYY-MM'. */
  month: string;
  /** The id of the month's title, which names the grid. */
  labelledBy: string;
  today: string;
  /** The day whose events are listed (desktop side panel, phone sheet). */
  selected: string | null;
  /** The day that holds the grid's one tab stop. */
  focused: string;
  eventsByDate: ReadonlyMap<string, readonly CalendarEvent[]>;
  phone: boolean;
  onSelect: (date: string) => void;
  /** The keyboard moved to `date` (perhaps in another month). */
  onMove: (date: string) => void;
}

/** Chips a desktop day cell shows before '+N more'. */
const DESKTOP_CHIPS = 3;

/**
 * The month, Sunday first, as an ARIA grid: one tab stop (the focused day), arrow keys move a day or a
 * week, Home/End to the week's ends, Page Up/Down a month; Enter or a tap opens the day. Each day is a
 * button named by its full date and event count; what it shows (chips or dots) is for the eye only.
 */
export function MonthGrid({
  month,
  labelledBy,
  today,
  selected,
  focused,
  eventsByDate,
  phone,
  onSelect,
  onMove,
}: MonthGridProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const wantFocus = useRef(false);

  // After a key moved the focus (perhaps to another month, drawn just now), the new day gets it.
  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    buttons.current.get(focused)?.focus();
  }, [focused, month]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveByKey(focused, event.key);
    if (!next) return;
    event.preventDefault();
    wantFocus.current = true;
    onMove(next);
  };

  const weeks = monthGrid(month);
  return (
    <table role="grid" className="cal-grid" aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          {WEEKDAYS.map((name) => (
            <th key={name} scope="col" className="cal-grid__weekday">
              <abbr title={name}>{name.slice(0, 3)}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.date}>
            {week.map(({ date, inMonth }) => {
              const events = eventsByDate.get(date) ?? [];
              const isToday = date === today;
              const classes = [
                'cal-day',
                inMonth ? '' : 'cal-day--outside',
                isToday ? 'cal-day--today' : '',
                date === selected ? 'cal-day--selected' : '',
              ].filter(Boolean);
              return (
                <td key={date} role="gridcell" aria-selected={date === selected} className="cal-grid__cell">
                  <button
                    ref={(element) => {
                      if (element) buttons.current.set(date, element);
                      else buttons.current.delete(date);
                    }}
                    type="button"
                    className={classes.join(' ')}
                    tabIndex={date === focused ? 0 : -1}
                    aria-label={`${spokenDate(date)}, ${eventCount(events.length)}${isToday ? ', today' : ''}`}
                    aria-current={isToday ? 'date' : undefined}
                    onClick={() => onSelect(date)}
                  >
                    <span className="cal-day__num" aria-hidden="true">
                      {Number(date.slice(8, 10))}
                    </span>
                    {events.length > 0 &&
                      (phone ? <DayTally events={events} /> : <DayChips events={events} />)}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A phone's day: what it holds, a count per type ('2G', 'P', 'T'), not dots alone. */
function DayTally({ events }: { events: readonly CalendarEvent[] }) {
  return (
    <span className="cal-tally" aria-hidden="true" data-testid="day-tally">
      {dayTally(events).map(({ type, count }) => (
        <span key={type} className={`cal-tally__item cal-tally__item--${type}`}>
          {count > 1 ? count : ''}
          {TALLY_LETTERS[type]}
        </span>
      ))}
    </span>
  );
}

function DayChips({ events }: { events: readonly CalendarEvent[] }) {
  const shown = events.slice(0, DESKTOP_CHIPS);
  const more = events.length - shown.length;
  return (
    <span className="cal-chips" aria-hidden="true">
      {shown.map((event) => (
        <span
          key={event.id}
          className={`cal-chip cal-chip--${event.kind}${event.isPlaceholder ? ' cal-chip--placeholder' : ''}${
            event.status === 'cancelled' ? ' cal-chip--cancelled' : ''
          }`}
          title={`${event.title} (${CALENDAR_KIND_LABELS[event.kind]})`}
        >
          {event.time && <span className="cal-chip__time">{formatTime(event.time)}</span>}
          <span className="cal-chip__title">{event.title}</span>
        </span>
      ))}
      {more > 0 && <span className="cal-chips__more">+{more} more</span>}
    </span>
  );
}

/** The colours of the kinds of event, and the dashed look of a tournament day without a game. */
export function CalendarLegend({ phone = false }: { phone?: boolean }) {
  if (phone)
    return (
      <ul className="cal-legend" aria-label="Legend">
        {(['games', 'practices', 'tournaments'] as const).map((type) => (
          <li key={type} className="cal-legend__item">
            <span className={`cal-tally__item cal-tally__item--${type}`} aria-hidden="true">
              {TALLY_LETTERS[type]}
            </span>
            {SCHEDULE_TYPE_LABELS[type]}
          </li>
        ))}
      </ul>
    );
  return (
    <ul className="cal-legend" aria-label="Legend">
      {Object.entries(CALENDAR_KIND_LABELS).map(([kind, label]) => (
        <li key={kind} className="cal-legend__item">
          <span className={`cal-dot cal-dot--${kind}`} aria-hidden="true" />
          {label}
        </li>
      ))}
      <li className="cal-legend__item">
        <span className="cal-dot cal-dot--tournament cal-dot--placeholder" aria-hidden="true" />
        {CALENDAR_MESSAGES.placeholderTitle}
      </li>
    </ul>
  );
}
