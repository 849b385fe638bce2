import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Player } from '../../../../shared/api/roster.ts';
import {
  PLAYER_STATUS_LABELS,
  PLAYER_STATUSES,
  ROSTER_MESSAGES,
  type PlayerStatus,
} from '../../../../shared/teams.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { useAddPlayer } from '../api/add-player.ts';
import { useUpdatePlayer } from '../api/update-player.ts';
import { failedTo, isGone, PLAYER_MESSAGES } from '../lib/messages.ts';
import {
  checkPlayer,
  EMPTY_PLAYER,
  playerValues,
  takenNumbers,
  type PlayerErrors,
  type PlayerField,
} from '../lib/player-form.ts';
import { PlayerFields } from './PlayerFields.tsx';

const STATUS_OPTIONS = PLAYER_STATUSES.map((value) => ({ value, label: PLAYER_STATUS_LABELS[value] }));

interface PlayerFormModalProps {
  teamId: number;
  /** The player to edit; null adds a new one. */
  player: Player | null;
  players: readonly Player[];
  onClose: () => void;
}

function isJerseyTaken(error: unknown): boolean {
  return error instanceof ApiError && error.detail === ROSTER_MESSAGES.jerseyTaken;
}

/** 'Add Player' and 'Edit Player'. */
export function PlayerFormModal({ teamId, player, players, onClose }: PlayerFormModalProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => (player ? playerValues(player) : EMPTY_PLAYER));
  const [values, setValues] = useState(initial);
  // Inactive players stay on the roster but leave the 'Active Players' count.
  const [status, setStatus] = useState<PlayerStatus>(player?.status ?? 'active');
  const [errors, setErrors] = useState<PlayerErrors>({});
  const addMutation = useAddPlayer(teamId);
  const updateMutation = useUpdatePlayer(teamId);
  const mutation = player ? updateMutation : addMutation;

  const onChange = (field: PlayerField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onFailure = (error: unknown) => {
    if (!isJerseyTaken(error)) return;
    flushSync(() => setErrors({ jersey_number: ROSTER_MESSAGES.jerseyTaken }));
    focusFirstInvalid(formRef.current);
  };

  const onSubmit = () => {
    const checked = checkPlayer(values, takenNumbers(players, player?.id), status);
    flushSync(() => setErrors(checked.ok ? {} : checked.errors));
    if (!checked.ok) return focusFirstInvalid(formRef.current);
    const options = { onSuccess: onClose, onError: onFailure };
    if (player) updateMutation.mutate({ playerId: player.id, body: checked.body }, options);
    else addMutation.mutate(checked.body, options);
  };

  const failure =
    mutation.isError && !isJerseyTaken(mutation.error)
      ? player && isGone(mutation.error)
        ? PLAYER_MESSAGES.gone
        : player
          ? failedTo('update player', mutation.error)
          : errorMessage(mutation.error, PLAYER_MESSAGES.addFailed)
      : null;

  return (
    <FormModal
      title={player ? 'Edit Player' : 'Add Player'}
      formLabel="Player details"
      formRef={formRef}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={player ? 'Save Changes' : 'Add Player'}
      busyLabel="Saving..."
      busy={mutation.isPending}
      error={failure}
      isDirty={JSON.stringify(values) !== JSON.stringify(initial) || status !== (player?.status ?? 'active')}
    >
      <PlayerFields values={values} errors={errors} onChange={onChange} />
      <SelectField
        label="Status"
        value={status}
        options={STATUS_OPTIONS}
        onValueChange={(value) => setStatus(value === 'inactive' ? 'inactive' : 'active')}
      />
    </FormModal>
  );
}
