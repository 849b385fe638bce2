import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Player } from '../../../../shared/api/roster.ts';
import { BULK_ADD_DEFAULT, BULK_ADD_MAX, BULK_ADD_MIN, ROSTER_RESULTS } from '../../../../shared/teams.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { useBulkAddPlayers } from '../api/bulk-add-players.ts';
import { bulkAddLabel, checkBulkRows, namedRows, resizeRows } from '../lib/bulk-add.ts';
import { failedTo } from '../lib/messages.ts';
import { EMPTY_PLAYER, takenNumbers, type PlayerErrors, type PlayerField } from '../lib/player-form.ts';
import { PlayerFields } from './PlayerFields.tsx';

const COUNT_ERROR = `Enter a number from ${BULK_ADD_MIN} to ${BULK_ADD_MAX}`;

function parseCount(text: string): number | null {
  const count = Number(text);
  return Number.isInteger(count) && count >= BULK_ADD_MIN && count <= BULK_ADD_MAX ? count : null;
}

interface BulkAddModalProps {
  teamId: number;
  players: readonly Player[];
  onClose: () => void;
  /** The server's 'Successfully added N players to the team!'. */
  onAdded: (message: string) => void;
}

/** 'Add Multiple Players': a number of rows (1 to 50, default 10); rows with a name are added. */
export function BulkAddModal({ teamId, players, onClose, onAdded }: BulkAddModalProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [countText, setCountText] = useState(String(BULK_ADD_DEFAULT));
  const [rows, setRows] = useState(() => resizeRows([], BULK_ADD_DEFAULT, EMPTY_PLAYER));
  const [rowErrors, setRowErrors] = useState<Record<number, PlayerErrors>>({});
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useBulkAddPlayers(teamId);
  const named = namedRows(rows);
  const isDirty = rows.some((row) => Object.values(row).some((value) => value.trim() !== ''));

  const onCountChange = (text: string) => {
    setCountText(text);
    const count = parseCount(text);
    if (count !== null) setRows((current) => resizeRows(current, count, EMPTY_PLAYER));
  };

  const onRowChange = (index: number, field: PlayerField, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setRowErrors((current) => ({ ...current, [index]: { ...current[index], [field]: undefined } }));
  };

  const onSubmit = () => {
    const checked = checkBulkRows(rows, takenNumbers(players));
    flushSync(() => {
      setRowErrors(checked.ok ? {} : checked.rowErrors);
      setMessage(checked.ok ? null : (checked.message ?? null));
    });
    if (!checked.ok) return focusFirstInvalid(formRef.current);
    mutation.mutate(checked.players, {
      onSuccess: (answer) => onAdded(answer.message || ROSTER_RESULTS.playersAdded(checked.players.length)),
    });
  };

  const failure = mutation.isError ? failedTo('add players', mutation.error) : null;

  return (
    <FormModal
      title="Add Multiple Players"
      size="xl"
      formRef={formRef}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={bulkAddLabel(named)}
      busyLabel="Adding..."
      busy={mutation.isPending}
      error={message ?? failure}
      isDirty={isDirty}
    >
      <div className="bulk-add__count">
        <TextField
          label="Number of Players"
          kind="number"
          min={BULK_ADD_MIN}
          max={BULK_ADD_MAX}
          hint={`${BULK_ADD_MIN} to ${BULK_ADD_MAX}. Only rows with a name are added.`}
          value={countText}
          onValueChange={onCountChange}
          error={parseCount(countText) === null ? COUNT_ERROR : undefined}
        />
      </div>
      <ol className="bulk-add__rows" role="list">
        {rows.map((row, index) => (
          <li key={index}>
            <fieldset className="fieldset bulk-add__row">
              <legend className="fieldset__legend">Player {index + 1}</legend>
              <div className="bulk-add__fields">
                <PlayerFields
                  values={row}
                  errors={rowErrors[index] ?? {}}
                  nameRequired={false}
                  onChange={(field, value) => onRowChange(index, field, value)}
                />
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
    </FormModal>
  );
}
