import { compareByDateTime } from '../../../../shared/events.ts';

type Dated = { date: string | null; time: string | null; id: number };

/** Oldest first, no time last (upcoming lists). */
export const soonestFirst = <T extends Dated>(a: T, b: T) => compareByDateTime(a, b);

/** Newest first (past lists). */
export const newestFirst = <T extends Dated>(a: T, b: T) => compareByDateTime(b, a);
