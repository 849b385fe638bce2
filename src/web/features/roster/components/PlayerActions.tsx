import type { Player } from '../../../../shared/api/roster.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';

export interface PlayerActionHandlers {
  onEdit: (player: Player) => void;
  onRemove: (player: Player) => void;
  onManageParents: (player: Player) => void;
  /** The player being removed: that Remove reads 'Removing...'; every Remove waits for it. */
  removingId?: number | null | undefined;
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
  removingId = null,
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
          <ActionButton
            label={removingId === player.id ? 'Removing...' : 'Remove'}
            subject={player.name}
            tone="danger"
            disabled={removingId !== null}
            onClick={() => onRemove(player)}
          />
        </>
      )}
    </div>
  );
}
