import { DateTime } from 'luxon';

// Long lists grouped by month (docs/decisions/051-long-lists.md): a month is 'YYYY-MM' in the team's time
// zone, named 'December 2026'.

/** The month of a calendar date 'YYYY-MM-DD' (an event's date, already the team's); '' when there is none. */
export function monthOfDate(date: string | null): string {
  return date && /^\d{4}-\d{2}/.test(date) ? date.slice(0, 7) : '';
}

/** The month of an instant (an ISO date-time such as a document's created_at) in the given zone. */
export function monthOfInstant(iso: string, zone: string): string {
  const at = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  return at.isValid ? at.toFormat('yyyy-MM') : '';
}

/** 'December 2026'; a list's items without a date are under 'No date'. */
export function monthLabel(month: string): string {
  if (!month) return 'No date';
  const at = DateTime.fromFormat(month, 'yyyy-MM', { locale: 'en-US' });
  return at.isValid ? at.toFormat('LLLL yyyy') : month;
}

export interface MonthGroup<T> {
  /** 'YYYY-MM', or '' for items without a date. */
  month: string;
  label: string;
  items: T[];
}

/** Consecutive items of one month together, in the list's own order (sort the list first). */
export function groupByMonth<T>(items: readonly T[], monthOf: (item: T) => string): MonthGroup<T>[] {
  const groups: MonthGroup<T>[] = [];
  const byMonth = new Map<string, MonthGroup<T>>();
  for (const item of items) {
    const month = monthOf(item);
    let group = byMonth.get(month);
    if (!group) {
      group = { month, label: monthLabel(month), items: [] };
      byMonth.set(month, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

/** A list with fewer items than this shows every month open: folding only helps a long list. */
export const FOLD_FROM = 11;

/** Late in a month the months after it open too, until this many items show (or none are left). */
export const OPEN_AT_LEAST = 3;

/**
 * The months a grouped list opens (docs/decisions/051-long-lists.md): every month of a short list; of a
 * long one the current month (or, when it has nothing, the first month listed: the nearest upcoming one,
 * or the latest past one) and the months after it in the list until OPEN_AT_LEAST items show, so the
 * 30th of a month does not open on a single practice.
 */
export function monthsOpenByDefault(
  groups: readonly MonthGroup<unknown>[],
  currentMonth: string,
): ReadonlySet<string> {
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  if (total < FOLD_FROM) return new Set(groups.map((g) => g.month));
  const start = Math.max(
    0,
    groups.findIndex((g) => g.month === currentMonth),
  );
  const open = new Set<string>();
  let shown = 0;
  for (const group of groups.slice(start)) {
    if (open.size > 0 && shown >= OPEN_AT_LEAST) break;
    open.add(group.month);
    shown += group.items.length;
  }
  return open;
}
