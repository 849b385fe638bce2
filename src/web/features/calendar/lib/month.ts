import { monthGrid, monthOf, monthTitle, shiftMonth } from '../../../../shared/calendar.ts';
import { addDays } from '../../../../shared/events.ts';

// Dates of the month grid: which days a month view reads, how the keyboard moves, and how dates are
// named for screen readers. Dates are 'YYYY-MM-DD' calendar dates (no clock, no time zone).

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The first and last date the grid of `month` shows (whole weeks): one request per month view. */
export function gridRange(month: string): { from: string; to: string } {
  const weeks = monthGrid(month);
  const from = weeks[0]?.[0]?.date ?? `${month}-01`;
  const to = weeks[weeks.length - 1]?.[6]?.date ?? `${month}-28`;
  return { from, to };
}

export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** 'Tuesday, November 24, 2026'. */
export function spokenDate(date: string): string {
  const [monthName = ''] = monthTitle(monthOf(date)).split(' ');
  return `${WEEKDAYS[weekday(date)]}, ${monthName} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

function daysInMonth(month: string): number {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * The day to select after moving to `month`: today when it is in that month, otherwise the same day of
 * the month as before, kept within the month (31 January to February gives the 28th or 29th).
 */
export function dayInMonth(month: string, previous: string, today: string): string {
  if (monthOf(today) === month) return today;
  const day = Math.min(Number(previous.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** Where a key moves the focused day of the grid, or null for a key the grid does not use. */
export function moveByKey(date: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday(date));
    case 'End':
      return addDays(date, 6 - weekday(date));
    case 'PageUp':
    case 'PageDown': {
      const month = shiftMonth(monthOf(date), key === 'PageUp' ? -1 : 1);
      const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
      return `${month}-${String(day).padStart(2, '0')}`;
    }
    default:
      return null;
  }
}

/** Events grouped by their date, each day's list in the order given (the server sorts by time). */
export function byDate<E extends { date: string }>(events: readonly E[]): Map<string, E[]> {
  const days = new Map<string, E[]>();
  for (const event of events) {
    const list = days.get(event.date);
    if (list) list.push(event);
    else days.set(event.date, [event]);
  }
  return days;
}

/** '1 event', '3 events', 'no events'. */
export function eventCount(n: number): string {
  if (n === 0) return 'no events';
  return n === 1 ? '1 event' : `${n} events`;
}
