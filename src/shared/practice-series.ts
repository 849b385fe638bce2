import { addDays, daysBetween } from './events.ts';

// A weekly series of practices (docs/product/events.md 'Practice series', decision 048): the practices
// one `POST /api/practices` with repeat weeks created share a series id. An edit or deletion with
// `?scope=following` acts on the practice and the later practices of its series; without a scope (or
// `scope=this`) on the practice alone, as always.

export const PRACTICE_SCOPES = ['this', 'following'] as const;
export type PracticeScope = (typeof PRACTICE_SCOPES)[number];

export const SERIES_MESSAGES = {
  invalidScope: "Scope must be 'this' or 'following'",
  /** The success of a deletion of more than one practice ('Practice deleted successfully.' for one). */
  practicesDeleted: (count: number) => `${count} practices deleted successfully.`,
  practicesUpdated: 'Practices updated successfully.',
  /** 'This and following' cancelled: they stay on every schedule, marked cancelled. */
  practicesCancelled: 'Practices cancelled. They stay on the schedule, marked cancelled.',
} as const;

/** What the series rules need of a practice (the server's row). */
export interface SeriesMember {
  id: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM'. */
  time: string;
  seriesId: string | null;
}

/** By start (date, then time), then id: the order of a series and of the practices list. */
export function byStart(a: Omit<SeriesMember, 'seriesId'>, b: Omit<SeriesMember, 'seriesId'>): number {
  return a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id - b.id;
}

/**
 * The practices `scope` acts on, by start: `anchor` alone for 'this' or a practice of no series; for
 * 'following', `anchor` and the practices of the same series that start later (by date, then time; the
 * same start: the later created). Practices of another series, or of none, are never in it. The
 * caller passes practices of one team only.
 */
export function practicesInScope<T extends SeriesMember>(
  anchor: T,
  practices: readonly T[],
  scope: PracticeScope,
): T[] {
  if (scope === 'this' || anchor.seriesId === null) return [anchor];
  const series = anchor.seriesId;
  const following = practices.filter(
    (p) => p.id !== anchor.id && p.seriesId === series && byStart(p, anchor) > 0,
  );
  return [anchor, ...following].sort(byStart);
}

/** The values of a practice an edit may change (the server's column names). */
export interface PracticeValues {
  title: string;
  date: string;
  time: string;
  location: string;
  address: string | null;
  duration: number | null;
  focus: string | null;
  notes: string | null;
  equipmentNeeded: string | null;
  arrivalTime: string | null;
  status: 'scheduled' | 'cancelled';
}

/** An edit of the practice it was made on, as the rest of its series takes it. */
export interface SeriesChange {
  /** The values the edit changed on that practice (not the date), set alike on each. */
  values: Partial<Omit<PracticeValues, 'date'>>;
  /** Days the practice moved by (negative: earlier); each practice moves by as many. */
  shiftDays: number;
}

/**
 * What an edit of `anchor` changes on each practice of 'this and following': only what differs from
 * `anchor` as it was (a form sends every field; a field sent unchanged leaves each practice's own value,
 * e.g. the location of one practice moved to another pitch stays when the series' time changes). A new
 * date moves every practice by the same number of days (a Tuesday series moved to Wednesday stays
 * weekly); every other change is set as it is on each.
 */
export function seriesChange(anchor: PracticeValues, patch: Partial<PracticeValues>): SeriesChange {
  const values: Partial<Omit<PracticeValues, 'date'>> = {};
  const changed = values as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch) as [keyof PracticeValues, unknown][]) {
    if (key === 'date' || value === undefined || value === anchor[key]) continue;
    changed[key] = value;
  }
  const shiftDays = patch.date === undefined ? 0 : daysBetween(anchor.date, patch.date);
  return { values, shiftDays };
}

/** The values to write on `practice` for `change`; empty when it changes nothing. */
export function applySeriesChange(
  practice: Pick<PracticeValues, 'date'>,
  change: SeriesChange,
): Partial<PracticeValues> {
  return change.shiftDays === 0
    ? { ...change.values }
    : { ...change.values, date: addDays(practice.date, change.shiftDays) };
}
