import type { RsvpPlayer } from '../../../../shared/api/calendar.ts';
import type { CalendarEvent } from '../../../../shared/calendar.ts';
import { RSVP_RESPONSES, type RsvpResponse } from '../../../../shared/rsvp.ts';
import type { RsvpActions } from '../lib/use-rsvp-actions.ts';
import './rsvp-choices.css';

/**
 * Going / Maybe / Can't go as three buttons, the saved answer pressed, all waiting while one is on its
 * way (a second tap sends nothing). The day sheet, 'Next up' and the coach's overview answer through it.
 */
export function AnswerButtons({
  label,
  saved,
  labels,
  pending,
  onChoose,
  className = 'rsvp-choices',
}: {
  /** The group's spoken name: whose answer, for which event. */
  label: string;
  saved: RsvpResponse | undefined;
  labels: Readonly<Record<RsvpResponse, string>>;
  pending: boolean;
  onChoose: (response: RsvpResponse) => void;
  className?: string;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {RSVP_RESPONSES.map((response) => (
        <button
          key={response}
          type="button"
          className={`button button--small rsvp-choices__choice rsvp-choices__choice--${response}`}
          aria-pressed={saved === response}
          disabled={pending}
          onClick={() => onChoose(response)}
        >
          {labels[response]}
        </button>
      ))}
    </div>
  );
}

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
    <AnswerButtons
      className={large ? 'rsvp-choices rsvp-choices--large' : 'rsvp-choices'}
      label={`RSVP for ${player.name}, ${event.title}`}
      saved={saved}
      labels={labels}
      pending={rsvp.pending}
      onChoose={(response) => rsvp.submit(event, player, response)}
    />
  );
}
