import type { Player } from '../../../../shared/api/roster.ts';
import { JerseyNumber } from './JerseyNumber.tsx';
import { ParentNames } from './ParentNames.tsx';
import { PlayerActions, type PlayerActionHandlers } from './PlayerActions.tsx';
import { playerMeta } from './player-display.ts';

interface PlayerRowProps extends PlayerActionHandlers {
  player: Player;
  canManageRoster: boolean;
  canManageParents: boolean;
}

/** One player in the 'Roster' list: a row on wide screens, stacked on phones. */
export function PlayerRow({ player, ...actions }: PlayerRowProps) {
  const meta = playerMeta(player);
  return (
    <li className="roster-row">
      <JerseyNumber player={player} />
      <div className="roster-row__main">
        <h3 className="roster-row__name">{player.name}</h3>
        {meta && <p className="roster-row__meta">{meta}</p>}
      </div>
      <div className="roster-row__parents">
        <ParentNames parents={player.parent_contacts} />
      </div>
      <PlayerActions player={player} {...actions} />
    </li>
  );
}
