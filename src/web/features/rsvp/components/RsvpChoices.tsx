import type { RsvpPlayer } from '../../../../shared/api/calendar.ts';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { RSVP_RESPONSES, type RsvpResponse } from '../../../../shared/rsvp.ts';
import type { RsvpActions } from '../lib/use-rsvp-actions.ts';
import './rsvp-choices.css';

/**
 * The three answers for one player and event, the saved one pressed: one tap records it, another
 * changes it. The day sheet and the dashboard's 'Next up' both answer through it, in their own words.
 */
export function RsvpChoices({
  event,
  player,
  rsvp,
  saved,
  labels,
  large = false,
}: {
  event: CalendarEvent;
  player: RsvpPlayer;
  rsvp: RsvpActions;
  saved: RsvpResponse | undefined;
  labels: Readonly<Record<RsvpResponse, string>>;
  /** 44 px tall buttons (the dashboard). */
  large?: boolean;
}) {
  return (
    <div
      className={large ? 'rsvp-choices rsvp-choices--large' : 'rsvp-choices'}
      role="group"
      aria-label={`RSVP for ${player.name}, ${event.title}`}
    >
      {RSVP_RESPONSES.map((response) => (
        <button
          key={response}
          type="button"
          className={`button button--small rsvp-choices__choice rsvp-choices__choice--${response}`}
          aria-pressed={saved === response}
          disabled={rsvp.pending}
          onClick={() => rsvp.submit(event, player, response)}
        >
          {labels[response]}
        </button>
      ))}
    </div>
  );
}
