import type { z } from 'zod';
import type { playerBody } from '../../../../shared/api/roster.ts';
import { type Player } from '../../../../shared/api/roster.ts';
import { checkPlayerRow } from '../../../../shared/roster-rows.ts';
import type { PlayerStatus } from '../../../../shared/teams.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';

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

/** Checks one player; `taken` holds the numbers other players of the team wear (shared/roster-rows.ts). */
export function checkPlayer(
  values: PlayerValues,
  taken: ReadonlySet<number>,
  status: PlayerStatus = 'active',
): CheckedPlayer {
  return checkPlayerRow({ ...values, status }, taken);
}

/** The jersey numbers worn on the team, leaving out one player (the one being edited). */
export function takenNumbers(players: readonly Player[], exceptId?: number): Set<number> {
  const numbers = players
    .filter((p) => p.id !== exceptId && p.jersey_number !== null)
    .map((p) => p.jersey_number as number);
  return new Set(numbers);
}
