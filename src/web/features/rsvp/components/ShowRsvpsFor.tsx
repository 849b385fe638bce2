import { useId } from 'react';
import type { RsvpPlayer } from '../../../../shared/api/calendar.ts';
import { RSVP_MESSAGES } from '../../../../shared/rsvp.ts';

/** The value of 'Show RSVPs for' that shows every player. */
export const EVERY_PLAYER = 'all';

/** 'Show RSVPs for': one of the players the user answers for, or all of them. */
export function ShowRsvpsFor({
  players,
  answersForAll,
  value,
  onChange,
}: {
  players: readonly RsvpPlayer[];
  /** The user answers for every player of the team (`answer_for_all_players`): 'All players'. */
  answersForAll: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label className="field__label" htmlFor={id}>
        Show RSVPs for
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={EVERY_PLAYER}>{answersForAll ? 'All players' : RSVP_MESSAGES.allMine}</option>
        {players.map((player) => (
          <option key={player.id} value={String(player.id)}>
            {player.name}
          </option>
        ))}
      </select>
    </>
  );
}
