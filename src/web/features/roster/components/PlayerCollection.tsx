import type { Player } from '../../../../shared/api/roster.ts';
import type { PlayerActionHandlers } from './PlayerActions.tsx';
import { PlayerCard } from './PlayerCard.tsx';
import { PlayerRow } from './PlayerRow.tsx';
import type { RosterView } from './ViewToggle.tsx';

interface PlayerCollectionProps extends PlayerActionHandlers {
  players: readonly Player[];
  view: RosterView;
  canManageRoster: boolean;
  canManageParents: boolean;
}

/** The players as the 'Roster' list or the 'Detailed' grid. */
export function PlayerCollection({ players, view, ...actions }: PlayerCollectionProps) {
  if (view === 'detailed') {
    return (
      <ul className="player-grid" role="list" aria-label="Players">
        {players.map((player) => (
          <PlayerCard key={player.id} player={player} {...actions} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="roster-list" role="list" aria-label="Players">
      {players.map((player) => (
        <PlayerRow key={player.id} player={player} {...actions} />
      ))}
    </ul>
  );
}
