import type { z } from 'zod';
import { playerBody, type Player } from '../../../../shared/api/roster.ts';
import { ROSTER_MESSAGES, type PlayerStatus } from '../../../../shared/teams.ts';
import { validate, type FieldErrors } from '../../../lib/form-errors.ts';

// The Add Player, Edit Player and Bulk Add forms: the server's playerBody rules, plus the team's
// jersey numbers already taken (the server checks that too and answers 'Jersey number is already taken').

export const PLAYER_FIELDS = ['name', 'position', 'jersey_number', 'age'] as const;
export type PlayerField = (typeof PLAYER_FIELDS)[number];
export type PlayerValues = Record<PlayerField, string>;
export type PlayerErrors = FieldErrors<PlayerField>;
export type CheckedPlayerBody = z.output<typeof playerBody>;

export const EMPTY_PLAYER: PlayerValues = { name: '', position: '', jersey_number: '', age: '' };

export function playerValues(player: Player): PlayerValues {
  return {
    name: player.name,
    position: player.position ?? '',
    jersey_number: player.jersey_number === null ? '' : String(player.jersey_number),
    age: player.age === null ? '' : String(player.age),
  };
}

export type CheckedPlayer = { ok: true; body: CheckedPlayerBody } | { ok: false; errors: PlayerErrors };

/** Checks one player; `taken` holds the numbers other players of the team wear. */
export function checkPlayer(
  values: PlayerValues,
  taken: ReadonlySet<number>,
  status: PlayerStatus = 'active',
): CheckedPlayer {
  const input = { ...values, status };
  const errors = validate<PlayerField>(playerBody, input);
  const parsed = playerBody.safeParse(input);
  if (!parsed.success) return { ok: false, errors };
  const number = parsed.data.jersey_number;
  if (number !== null && taken.has(number))
    return { ok: false, errors: { jersey_number: ROSTER_MESSAGES.jerseyTaken } };
  return { ok: true, body: parsed.data };
}

/** The jersey numbers worn on the team, leaving out one player (the one being edited). */
export function takenNumbers(players: readonly Player[], exceptId?: number): Set<number> {
  const numbers = players
    .filter((p) => p.id !== exceptId && p.jersey_number !== null)
    .map((p) => p.jersey_number as number);
  return new Set(numbers);
}
