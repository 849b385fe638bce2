import { useState } from 'react';
import type { Player } from '../../../../shared/api/roster.ts';
import type { JoinRequest } from '../../../../shared/api/joining.ts';
import { ROLE_LABELS } from '../../../../shared/roles.ts';
import { compareByJersey } from '../../../../shared/teams.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { useApproveJoinRequest } from '../api/approve-join-request.ts';
import { decisionFailure } from './decision-failure.ts';

interface ApproveRequestModalProps {
  teamId: number;
  request: JoinRequest;
  players: readonly Player[];
  onClose: () => void;
}

/** Approve a join request, optionally linking the new member to a player. */
export function ApproveRequestModal({ teamId, request, players, onClose }: ApproveRequestModalProps) {
  const [playerId, setPlayerId] = useState('');
  const mutation = useApproveJoinRequest(teamId);
  const options = [...players].sort(compareByJersey).map((player) => ({
    value: String(player.id),
    label: player.jersey_number === null ? player.name : `#${player.jersey_number} ${player.name}`,
  }));

  const approve = () =>
    mutation.mutate(
      { requestId: request.id, playerId: playerId ? Number(playerId) : null },
      { onSuccess: onClose, onError: (error) => console.error('Approving the join request failed', error) },
    );

  return (
    <FormModal
      size="sm"
      title="Approve Join Request"
      submitLabel="Approve"
      busyLabel="Approving..."
      busy={mutation.isPending}
      error={mutation.isError ? decisionFailure('approve', mutation.error) : null}
      onSubmit={approve}
      onClose={onClose}
      isDirty={playerId !== ''}
    >
      <p>
        <strong>{request.user_name}</strong> ({request.user_email}) asks to join as a{' '}
        {ROLE_LABELS[request.role].toLowerCase()}.
      </p>
      <SelectField
        label="Link to player"
        hint="Optional: the player this parent or player account belongs to."
        placeholder="Do not link to a player"
        options={options}
        value={playerId}
        onValueChange={setPlayerId}
      />
    </FormModal>
  );
}
