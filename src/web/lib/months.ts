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

/**
 * The month a grouped list opens: the current one when it has items, else the first month listed (the
 * nearest upcoming month, or the latest past one), so an open list never shows only folded months.
 */
export function monthOpenByDefault(groups: readonly MonthGroup<unknown>[], currentMonth: string): string {
  if (groups.some((g) => g.month === currentMonth)) return currentMonth;
  return groups[0]?.month ?? currentMonth;
}
