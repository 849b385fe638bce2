import { nonexistentTimeMessage } from '../../../shared/event-dates.ts';
import { arrivalCheck } from '../../../shared/events.ts';
import { badRequest } from '../../http-error.ts';

// docs/product/events.md 'Times': every write that sets an event's local date and time refuses
// a time in the team zone's spring-forward gap, naming the gap (the rule is shared with the forms).

/** 400 when `time` on `date` does not exist in `zone`; a missing date or a 'TBD' time passes. */
export function refuseMissingTime(
  date: string | null | undefined,
  time: string | null | undefined,
  zone: string,
) {
  if (!date || !time) return;
  const message = nonexistentTimeMessage(date, time, zone);
  if (message) throw badRequest(message);
}

/** 400 when the arrival time the write would leave is after the start (docs/product/events.md 'Arrival time'). */
export function refuseLateArrival(arrival: string | null | undefined, start: string | null | undefined) {
  const message = arrivalCheck(arrival, start);
  if (message) throw badRequest(message);
}
