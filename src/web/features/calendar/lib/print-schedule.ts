import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { formatDate, formatTime, GAME_STATUS_LABELS } from '../../../../shared/events.ts';
import printStylesheet from './print-schedule.css?url';
import { WEEKDAYS, weekday } from './month.ts';

// Print Schedule (docs/product/calendar-rsvp-and-feed.md): the upcoming events in a window of their own,
// laid out for paper. Every value is escaped: titles, places and notes are typed by users. The page's
// Content Security Policy (inherited by the new window) allows no inline style or script, so the styles
// come from a file of our own and the Print button is wired from here.

/** How far ahead the printed schedule reaches (the calendar API gives at most 100 days at once). */
export const PRINT_DAYS = 90;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function eventRow(event: CalendarEvent, showDate: boolean): string {
  const classes = [
    event.isPlaceholder ? 'print-placeholder' : '',
    event.status === 'cancelled' ? 'print-cancelled' : '',
  ].filter(Boolean);
  const muted = (text: string | null | undefined) =>
    text ? `<span class="print-muted">${escapeHtml(text)}</span>` : '';
  const notes = [event.notes, event.tournamentNotes].filter((n): n is string => Boolean(n?.trim()));
  const status = event.status === 'cancelled' ? ` (${GAME_STATUS_LABELS.cancelled})` : '';
  return `<tr${classes.length ? ` class="${classes.join(' ')}"` : ''}>
<td class="print-date">${showDate ? `${WEEKDAYS[weekday(event.date)]?.slice(0, 3) ?? ''} ${formatDate(event.date)}` : ''}</td>
<td class="print-time">${escapeHtml(formatTime(event.time))}</td>
<td><span class="print-title">${escapeHtml(event.title + status)}</span>${muted(event.tournamentName)}</td>
<td>${escapeHtml(event.location ?? '')}${muted(event.address)}</td>
<td>${escapeHtml(event.kit)}</td>
<td>${notes.map((n) => escapeHtml(n)).join('<br>')}</td>
</tr>`;
}

/** The whole print page. */
export function scheduleHtml(
  teamName: string,
  events: readonly CalendarEvent[],
  stylesheetHref: string,
): string {
  const first = events[0]?.date;
  const last = events[events.length - 1]?.date;
  const rows = events.map((event, i) => eventRow(event, i === 0 || events[i - 1]?.date !== event.date));
  const title = `${teamName} - Schedule`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheetHref)}">
</head>
<body>
<h1>${escapeHtml(teamName)}</h1>
<p class="print-sub">Upcoming events${first && last ? `: ${formatDate(first)} - ${formatDate(last)}` : ''}</p>
<p class="print-actions"><button type="button" id="print-button">Print</button></p>
<table>
<thead><tr><th scope="col">Date</th><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Location</th><th scope="col">Kit</th><th scope="col">Notes</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>`;
}

/** Opens an empty window for the schedule; null when the browser blocked it. Call it in the click itself. */
export function openPrintWindow(): Window | null {
  return window.open('', '_blank');
}

/** Writes the schedule into the window opened for it and offers to print it. */
export function writeSchedule(win: Window, teamName: string, events: readonly CalendarEvent[]): void {
  const href = new URL(printStylesheet, window.location.href).href;
  win.document.open();
  win.document.write(scheduleHtml(teamName, events, href));
  win.document.close();
  win.document.getElementById('print-button')?.addEventListener('click', () => win.print());
  win.focus();
}

/** A message for the window while the schedule loads (plain text: nothing to escape). */
export function writeLoading(win: Window): void {
  win.document.open();
  win.document.write(`<!doctype html><title>Loading...</title><p>Loading the schedule...</p>`);
  win.document.close();
}
