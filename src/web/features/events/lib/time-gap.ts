import { nonexistentTimeMessage } from '../../../../shared/event-dates.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';

/**
 * The sentence refusing `time` on any of `dates` when the team zone's clocks skip it that night
 * (docs/product/events.md 'Times'): the form says it under the time before anything is sent,
 * with the server's own words.
 */
export function useTimeGap(dates: readonly string[], time: string): string | undefined {
  const zone = useTeamTimeZone();
  for (const date of dates) {
    const message = date && time ? nonexistentTimeMessage(date, time, zone) : undefined;
    if (message) return message;
  }
  return undefined;
}
