import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { User } from '../../../../shared/api/auth.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  CALENDAR_MESSAGES,
  type CalendarEvent,
  monthOf,
  monthTitle,
  shiftMonth,
} from '../../../../shared/calendar.ts';
import { todayIn } from '../../../../shared/event-dates.ts';
import { addDays, formatDate } from '../../../../shared/events.ts';
import { Modal } from '../../../components/Modal.tsx';
import type { UseCalendarRsvps } from '../../../lib/calendar-rsvps.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { getCalendarEvents, useCalendarEvents } from '../api/get-calendar-events.ts';
import { calendarKeys } from '../api/keys.ts';
import { byDate, dayInMonth, gridRange, WEEKDAYS, weekday } from '../lib/month.ts';
import { openPrintWindow, PRINT_DAYS, writeLoading, writeSchedule } from '../lib/print-schedule.ts';
import { SCHEDULE_TEXT } from '../lib/schedule.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { DayEvents } from './DayEvents.tsx';
import { CalendarLegend, MonthGrid } from './MonthGrid.tsx';
import { ScheduleList } from './ScheduleList.tsx';
import { SubscribeModal } from './SubscribeModal.tsx';
import './calendar.css';

interface CalendarPageProps {
  /** 'Team Calendar'. */
  title: string;
  team: Team | null;
  /** The user's teams are still loading: no team is not yet 'no team selected'. */
  loading?: boolean;
  user: Pick<User, 'id' | 'role'>;
  /** The RSVPs shown with the events (the rsvp feature's, handed over by the app). */
  useRsvps: UseCalendarRsvps;
}

/** The #calendar tab, 'Team Calendar' (docs/product/calendar-rsvp-and-feed.md; issue 9). */
export function CalendarPage({ title, team, loading = false, user, useRsvps }: CalendarPageProps) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      {team ? (
        <TeamCalendar key={team.id} team={team} user={user} useRsvps={useRsvps} />
      ) : (
        <div className="page-body">
          {loading ? (
            <p className="card" role="status">
              Loading...
            </p>
          ) : (
            <p className="card">{CALENDAR_MESSAGES.noTeam}</p>
          )}
        </div>
      )}
    </>
  );
}

/** 'Tuesday, 11/24/2026'. */
const dayHeading = (date: string) => `${WEEKDAYS[weekday(date)]}, ${formatDate(date)}`;

function TeamCalendar({
  team,
  user,
  useRsvps,
}: {
  team: Team;
  user: CalendarPageProps['user'];
  useRsvps: UseCalendarRsvps;
}) {
  const queryClient = useQueryClient();
  const today = todayIn(useTeamTimeZone());
  const phone = useIsPhone();
  const titleId = useId();

  const [month, setMonth] = useState(() => monthOf(today));
  const [focused, setFocused] = useState(today);
  const [selected, setSelected] = useState(today);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const [printing, setPrinting] = useState(false);
  // A phone opens on the schedule list, a desktop on the month (docs/product/calendar-rsvp-and-feed.md
  // 'Schedule list'); either is one tap from the other.
  const [view, setView] = useState<'list' | 'month'>(() => (phone ? 'list' : 'month'));
  /** The day opened from the list: its events as the list read them (any month). */
  const [listDay, setListDay] = useState<readonly CalendarEvent[] | null>(null);

  const range = gridRange(month);
  // The month is read only while it shows: the list reads its own window.
  const events = useCalendarEvents(team.id, range.from, range.to, view === 'month');
  const eventsByDate = useMemo(() => byDate(events.data ?? []), [events.data]);
  const rsvps = useRsvps(team, user.id);

  const goToMonth = (next: string) => {
    const day = dayInMonth(next, selected, today);
    setMonth(next);
    setFocused(day);
    setSelected(day);
  };
  const select = (date: string) => {
    setMonth(monthOf(date));
    setFocused(date);
    setSelected(date);
    if (phone) setSheetOpen(true);
  };
  const move = (date: string) => {
    setMonth(monthOf(date));
    setFocused(date);
    // On a desktop the side panel follows the keyboard; on a phone the sheet opens on Enter only.
    if (!phone) setSelected(date);
  };

  const print = async () => {
    if (printing) return;
    const from = today;
    const to = addDays(today, PRINT_DAYS - 1);
    // The window must open within the tap itself, or the browser blocks it.
    const win = openPrintWindow();
    if (!win) {
      showToast('error', CALENDAR_MESSAGES.popupBlocked);
      return;
    }
    setPrinting(true);
    writeLoading(win);
    try {
      const all = await queryClient.fetchQuery({
        queryKey: calendarKeys.month(team.id, from, to),
        queryFn: () => getCalendarEvents(team.id, from, to),
        // Offline, say so now rather than leave the window waiting for the connection.
        networkMode: 'always',
        retry: false,
      });
      const upcoming = all.filter((event) => event.date >= today);
      if (upcoming.length === 0) {
        win.close();
        showToast('error', CALENDAR_MESSAGES.noUpcoming);
        return;
      }
      writeSchedule(win, team.name, upcoming);
    } catch {
      win.close();
      showToast('error', 'The schedule could not be loaded. Check your connection and try again.');
    } finally {
      setPrinting(false);
    }
  };

  // Until the user's RSVP list has answered, one line: the 'Show RSVPs for' choice it may add above the
  // month would push the month down as it appeared (layout shift 0.074 on a phone: docs/decisions/040).
  if (rsvps.loading) {
    return (
      <div className="page-body page-body--wide cal-page">
        <p className="card" role="status">
          Loading...
        </p>
      </div>
    );
  }

  const openListDay = (date: string, dayEvents: readonly CalendarEvent[]) => {
    setSelected(date);
    setListDay(dayEvents);
    if (phone) setSheetOpen(true);
  };

  const dayEvents = (view === 'list' ? listDay : null) ?? eventsByDate.get(selected) ?? [];
  const panel =
    view === 'list' && !listDay ? (
      <p className="muted cal-panel__empty">{SCHEDULE_TEXT.pickEvent}</p>
    ) : (
      <DayEvents events={dayEvents} eventRsvp={rsvps.eventRsvp} />
    );

  return (
    <div className="page-body page-body--wide cal-page">
      <div className="cal-toolbar">
        <div className="cal-switch cal-toolbar__view" role="group" aria-label={SCHEDULE_TEXT.viewLabel}>
          {(['list', 'month'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="cal-switch__option"
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {SCHEDULE_TEXT[option]}
            </button>
          ))}
        </div>
        <div className="cal-toolbar__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={printing}
            onClick={() => void print()}
          >
            {printing ? 'Preparing...' : 'Print Schedule'}
          </button>
          <button type="button" className="button button--primary" onClick={() => setSubscribing(true)}>
            Subscribe to Calendar
          </button>
        </div>
        {rsvps.filter && <div className="cal-toolbar__filter">{rsvps.filter}</div>}
      </div>

      <div className="cal-layout">
        {view === 'list' ? (
          <ScheduleList teamId={team.id} today={today} answers={rsvps.answers} onOpenDay={openListDay} />
        ) : (
          <section className="card cal-month" aria-labelledby={titleId}>
            <div className="cal-month__head">
              <button
                type="button"
                className="icon-button cal-month__arrow"
                aria-label="Previous month"
                onClick={() => goToMonth(shiftMonth(month, -1))}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <h2 id={titleId} className="cal-month__title" aria-live="polite">
                {monthTitle(month)}
              </h2>
              <button
                type="button"
                className="icon-button cal-month__arrow"
                aria-label="Next month"
                onClick={() => goToMonth(shiftMonth(month, 1))}
              >
                <span aria-hidden="true">›</span>
              </button>
              {monthOf(today) !== month && (
                <button
                  type="button"
                  className="button button--small button--secondary cal-month__today"
                  onClick={() => goToMonth(monthOf(today))}
                >
                  Today
                </button>
              )}
            </div>
            {events.isError && (
              <p className="cal-month__status" role="alert">
                The calendar could not be loaded.{' '}
                <button type="button" className="link-button" onClick={() => void events.refetch()}>
                  Try again
                </button>
              </p>
            )}
            {events.isPending && (
              <p className="visually-hidden" role="status">
                Loading events...
              </p>
            )}
            <MonthGrid
              month={month}
              labelledBy={titleId}
              today={today}
              selected={phone && !sheetOpen ? null : selected}
              focused={focused}
              eventsByDate={eventsByDate}
              phone={phone}
              onSelect={select}
              onMove={move}
            />
            <CalendarLegend phone={phone} />
          </section>
        )}

        {!phone && (
          <section className="card cal-panel" aria-labelledby={`${titleId}-day`}>
            <h2 id={`${titleId}-day`} className="cal-panel__title">
              {dayHeading(selected)}
            </h2>
            {panel}
          </section>
        )}
      </div>

      {phone && (
        <Modal
          open={sheetOpen}
          title={dayHeading(selected)}
          onClose={() => setSheetOpen(false)}
          footer={
            <button type="button" className="button button--secondary" onClick={() => setSheetOpen(false)}>
              Close
            </button>
          }
        >
          <div className="cal-sheet">{panel}</div>
        </Modal>
      )}
      <SubscribeModal
        open={subscribing}
        onClose={() => setSubscribing(false)}
        // A parent may subscribe to one child's calendar; the feed of who answers for every player (the
        // team's coaches and admins) is the whole team's.
        players={rsvps.wholeTeam ? [] : rsvps.players}
      />
    </div>
  );
}
