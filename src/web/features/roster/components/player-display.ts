import type { Player } from '../../../../shared/api/roster.ts';

/** '#7', or '' for a player without a number. */
export function jerseyText(player: Pick<Player, 'jersey_number'>): string {
  return player.jersey_number === null ? '' : `#${player.jersey_number}`;
}

/** 'Midfielder · Age 10', leaving out what is not known. */
export function playerMeta(player: Pick<Player, 'position' | 'age' | 'status'>): string {
  return [
    player.position,
    player.age === null ? null : `Age ${player.age}`,
    player.status === 'active' ? null : 'Inactive',
  ]
    .filter(Boolean)
    .join(' · ');
}
