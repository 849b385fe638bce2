import type { Player } from '../../../../shared/api/roster.ts';
import { JerseyNumber } from './JerseyNumber.tsx';
import { ParentNames } from './ParentNames.tsx';
import { PlayerActions, type PlayerActionHandlers } from './PlayerActions.tsx';

interface PlayerCardProps extends PlayerActionHandlers {
  player: Player;
  canManageRoster: boolean;
  canManageParents: boolean;
}

/** One player in the 'Detailed' grid. */
export function PlayerCard({ player, ...actions }: PlayerCardProps) {
  return (
    <li className="card player-card">
      <div className="player-card__header">
        <JerseyNumber player={player} />
        <h3 className="player-card__name">{player.name}</h3>
      </div>
      <dl className="player-card__facts">
        <div>
          <dt>Position</dt>
          <dd>{player.position ?? 'Not set'}</dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{player.age ?? 'Not set'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{player.status === 'active' ? 'Active' : 'Inactive'}</dd>
        </div>
      </dl>
      <h4 className="player-card__subtitle">Parents</h4>
      <ParentNames parents={player.parent_contacts} />
      <PlayerActions player={player} {...actions} />
    </li>
  );
}
