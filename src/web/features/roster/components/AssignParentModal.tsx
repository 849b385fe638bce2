import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Player, SyncedParent } from '../../../../shared/api/roster.ts';
import { compareByJersey, ROSTER_MESSAGES, type Relationship } from '../../../../shared/teams.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { useAssignParent } from '../api/assign-parent.ts';
import { failedTo } from '../lib/messages.ts';
import { jerseyText } from './player-display.ts';
import { RelationshipFields } from './RelationshipFields.tsx';

interface AssignParentModalProps {
  teamId: number;
  parent: SyncedParent & { user_id: number };
  players: readonly Player[];
  onClose: () => void;
  /** The server's message, e.g. 'Parent assigned to player successfully'. */
  onAssigned: (message: string) => void;
}

/** 'Assign Parent to Player': links a parent account that has no child yet to a player. */
export function AssignParentModal({ teamId, parent, players, onClose, onAssigned }: AssignParentModalProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [playerId, setPlayerId] = useState('');
  const [relationship, setRelationship] = useState<Relationship>('parent');
  const [isPrimary, setIsPrimary] = useState(false);
  const [playerError, setPlayerError] = useState<string | undefined>();
  const mutation = useAssignParent(teamId);
  const options = [...players].sort(compareByJersey).map((player) => ({
    value: String(player.id),
    label: [jerseyText(player), player.name].filter(Boolean).join(' '),
  }));

  const onSubmit = () => {
    if (!playerId) {
      flushSync(() => setPlayerError(ROSTER_MESSAGES.selectPlayer));
      return focusFirstInvalid(formRef.current);
    }
    mutation.mutate(
      { userId: parent.user_id, body: { player_id: Number(playerId), relationship, is_primary: isPrimary } },
      { onSuccess: onAssigned },
    );
  };

  return (
    <FormModal
      title="Assign Parent to Player"
      formRef={formRef}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Assign"
      busyLabel="Assigning..."
      busy={mutation.isPending}
      error={mutation.isError ? failedTo('assign parent', mutation.error) : null}
      isDirty={playerId !== ''}
    >
      <p>
        <strong>{parent.name}</strong> ({parent.email})
      </p>
      <SelectField
        label="Player"
        required
        placeholder="Select a player"
        options={options}
        value={playerId}
        error={playerError}
        onValueChange={(value) => {
          setPlayerId(value);
          setPlayerError(undefined);
        }}
      />
      <RelationshipFields
        relationship={relationship}
        isPrimary={isPrimary}
        onRelationshipChange={setRelationship}
        onPrimaryChange={setIsPrimary}
      />
    </FormModal>
  );
}
