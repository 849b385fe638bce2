import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Tournament, TournamentGame } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  arrivalCheck,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  formatDate,
  formatDateRange,
  GAME_STATUS_LABELS,
  GAME_STATUSES,
  gameDateCheck,
  isClockTime,
  NEW_TOURNAMENT_GAME_STATUSES,
  type GameStatus,
} from '../../../../shared/events.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveTournamentGame } from '../api/save-tournament-game.ts';
import { EVENT_TITLES, failure, isGone } from '../lib/messages.ts';
import { useTimeGap } from '../lib/time-gap.ts';
import { ArrivalField } from './EventFields.tsx';
import { KitField } from './KitField.tsx';

interface GameValues {
  opponent: string;
  round_name: string;
  date: string;
  time: string;
  field: string;
  kit: string;
  status: GameStatus;
  condition: string;
  notes: string;
  arrival_time: string;
}

function initialValues(game: TournamentGame | null): GameValues {
  return {
    opponent: game?.opponent ?? '',
    round_name: game?.round_name ?? '',
    date: game?.date ?? '',
    time: game?.time && isClockTime(game.time) ? game.time : '',
    field: game?.field ?? '',
    kit: game?.kit ?? '',
    status: game?.status ?? 'scheduled',
    condition: game?.condition ?? '',
    notes: game?.notes ?? '',
    arrival_time: game?.arrival_time ?? '',
  };
}

interface TournamentGameFormModalProps {
  team: Team;
  tournament: Tournament;
  /** The game to edit; null adds one. */
  game: TournamentGame | null;
  onClose: () => void;
}

/** Add Tournament Game (scheduled or conditional) and Edit Tournament Game (every status). */
export function TournamentGameFormModal({ team, tournament, game, onClose }: TournamentGameFormModalProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => initialValues(game));
  const [values, setValues] = useState(initial);
  const [opponentError, setOpponentError] = useState<string>();
  const [asking, setAsking] = useState<'warning' | 'notice' | null>(null);
  const save = useSaveTournamentGame(team.id);
  const set = <K extends keyof GameValues>(field: K, value: GameValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const statuses = game ? GAME_STATUSES : NEW_TOURNAMENT_GAME_STATUSES;
  const timeGap = useTimeGap([values.date], values.time);
  const lateArrival = arrivalCheck(values.arrival_time, values.time);

  const send = () => {
    setAsking(null);
    // A time left blank stays TBD; the scores are saved through Add Score.
    const body = { ...values, time: values.time || null };
    const done = game ? EVENT_MESSAGES.gameUpdated : EVENT_MESSAGES.gameCreated;
    const options = {
      onSuccess: () => {
        showToast('success', done);
        onClose();
      },
    };
    if (game) save.mutate({ tournamentId: tournament.id, gameId: game.id, body }, options);
    else
      save.mutate(
        { tournamentId: tournament.id, body: { ...body, our_score: null, opponent_score: null } },
        options,
      );
  };

  const onSubmit = () => {
    if (!values.opponent.trim()) {
      flushSync(() => setOpponentError(EVENT_MESSAGES.opponentRequired));
      return focusFirstInvalid(formRef.current);
    }
    // A date outside the tournament is asked about once more (only when it is new or changed).
    const check =
      values.date && values.date !== initial.date
        ? gameDateCheck(values.date, tournament.start_date, tournament.end_date)
        : undefined;
    if (check) setAsking(check);
    else send();
  };

  const dates = formatDateRange(tournament.start_date, tournament.end_date);
  const when =
    values.date < tournament.start_date ? 'before the tournament starts' : 'after the tournament ends';

  return (
    <>
      <FormModal
        title={game ? 'Edit Tournament Game' : 'Add Tournament Game'}
        formLabel="Game details"
        formRef={formRef}
        onClose={onClose}
        onSubmit={onSubmit}
        submitLabel={game ? 'Save Changes' : 'Add Game'}
        busyLabel="Saving..."
        busy={save.isPending}
        submitDisabled={timeGap !== undefined || lateArrival !== undefined}
        error={
          save.isError
            ? isGone(save.error)
              ? `${EVENT_TITLES.updateFailed}: ${EVENT_MESSAGES.gameNotFound}`
              : failure(game ? EVENT_TITLES.updateFailed : EVENT_TITLES.gameCreationFailed, save.error)
            : null
        }
        isDirty={JSON.stringify(values) !== JSON.stringify(initial)}
      >
        <p className="muted">
          {tournament.name} · {dates}
        </p>
        <TextField
          label="Opponent"
          value={values.opponent}
          onValueChange={(v) => {
            set('opponent', v);
            setOpponentError(undefined);
          }}
          maxLength={EVENT_LIMITS.nameMax}
          required
          error={opponentError}
        />
        <TextField
          label="Round"
          value={values.round_name}
          onValueChange={(v) => set('round_name', v)}
          maxLength={EVENT_LIMITS.nameMax}
          placeholder="e.g. Group stage, Semi-final"
        />
        <div className="form-grid">
          <TextField label="Date" kind="date" value={values.date} onValueChange={(v) => set('date', v)} />
          <TextField
            label="Time"
            type="time"
            value={values.time}
            onValueChange={(v) => set('time', v)}
            error={timeGap}
            hint="Leave blank while it is TBD"
          />
        </div>
        <ArrivalField value={values.arrival_time} start={values.time} onChange={set} />
        <div className="form-grid">
          <TextField
            label="Field"
            value={values.field}
            onValueChange={(v) => set('field', v)}
            maxLength={EVENT_LIMITS.nameMax}
          />
          <KitField teamId={team.id} value={values.kit} onValueChange={(v) => set('kit', v)} />
        </div>
        <SelectField
          label="Status"
          value={values.status}
          options={statuses.map((s) => ({ value: s, label: GAME_STATUS_LABELS[s] }))}
          onValueChange={(v) => set('status', statuses.find((s) => s === v) ?? 'scheduled')}
        />
        {values.status === 'conditional' && (
          <TextField
            label="Condition"
            value={values.condition}
            onValueChange={(v) => set('condition', v)}
            maxLength={EVENT_LIMITS.locationMax}
            placeholder="e.g. If we win group A"
          />
        )}
        <TextAreaField
          label="Notes"
          value={values.notes}
          onValueChange={(v) => set('notes', v)}
          maxLength={EVENT_LIMITS.notesMax}
        />
      </FormModal>
      <ConfirmDialog
        open={asking === 'warning'}
        title="Game Date Warning"
        message={`The game date ${formatDate(values.date)} is well ${when} (${dates}). Please check the date. Save the game anyway?`}
        confirmLabel="Save Anyway"
        cancelLabel="Change Date"
        danger
        onConfirm={send}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'notice'}
        title="Date Notice"
        message={`The game date ${formatDate(values.date)} is just ${when} (${dates}). Continue?`}
        confirmLabel="Continue"
        onConfirm={send}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
