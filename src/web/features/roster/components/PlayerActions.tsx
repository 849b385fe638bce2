import type { Player } from '../../../../shared/api/teams.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';

export interface PlayerActionHandlers {
  onEdit: (player: Player) => void;
  onRemove: (player: Player) => void;
  onManageParents: (player: Player) => void;
}

interface PlayerActionsProps extends PlayerActionHandlers {
  player: Player;
  canManageRoster: boolean;
  /** Coach or admin of the team. */
  canManageParents: boolean;
}

/** Per-player buttons; each names the player for screen readers ('Edit Ann Lee'). */
export function PlayerActions({
  player,
  canManageRoster,
  canManageParents,
  onEdit,
  onRemove,
  onManageParents,
}: PlayerActionsProps) {
  if (!canManageRoster && !canManageParents) return null;
  return (
    <div className="player-actions">
      {canManageParents && (
        <ActionButton
          label="Manage Parents"
          subject={`of ${player.name}`}
          onClick={() => onManageParents(player)}
        />
      )}
      {canManageRoster && (
        <>
          <ActionButton label="Edit" subject={player.name} onClick={() => onEdit(player)} />
          <ActionButton label="Remove" subject={player.name} tone="danger" onClick={() => onRemove(player)} />
        </>
      )}
    </div>
  );
}
