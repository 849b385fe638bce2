import { useState } from 'react';
import type { Game } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  arrivalCheck,
  DEFAULT_GAME_TYPE,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  GAME_STATUS_LABELS,
  GAME_TYPE_LABELS,
  GAME_TYPES,
  INDIVIDUAL_GAME_STATUSES,
} from '../../../../shared/events.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveGame } from '../api/save-game.ts';
import { EVENT_TITLES, failure, isGone } from '../lib/messages.ts';
import { useTimeGap } from '../lib/time-gap.ts';
import { KitField } from './KitField.tsx';
import { ArrivalField, DateTimeFields, PlaceFields } from './EventFields.tsx';

type IndividualStatus = (typeof INDIVIDUAL_GAME_STATUSES)[number];

interface GameValues {
  opponent: string;
  date: string;
  time: string;
  location: string;
  address: string;
  type: (typeof GAME_TYPES)[number];
  home: 'home' | 'away';
  kit: string;
  notes: string;
  arrival_time: string;
  status: IndividualStatus;
  our_score: string;
  opponent_score: string;
}

function initialValues(game: Game | null): GameValues {
  const status = INDIVIDUAL_GAME_STATUSES.find((s) => s === game?.status) ?? 'scheduled';
  return {
    opponent: game?.opponent ?? '',
    date: game?.date ?? '',
    time: game?.time ?? '',
    location: game?.location ?? '',
    address: game?.address ?? '',
    type: game?.type ?? DEFAULT_GAME_TYPE,
    home: game && !game.is_home ? 'away' : 'home',
    kit: game?.kit ?? '',
    notes: game?.notes ?? '',
    arrival_time: game?.arrival_time ?? '',
    status,
    our_score: game?.our_score === null || !game ? '' : String(game.our_score),
    opponent_score: game?.opponent_score === null || !game ? '' : String(game.opponent_score),
  };
}

const isScore = (value: string) => value.trim() === '' || /^\d+$/.test(value.trim());

interface GameFormModalProps {
  team: Team;
  /** The game to edit; null adds one. */
  game: Game | null;
  onClose: () => void;
}

/** Add Individual Game and Edit Individual Game. */
export function GameFormModal({ team, game, onClose }: GameFormModalProps) {
  const [initial] = useState(() => initialValues(game));
  const [values, setValues] = useState(initial);
  const [scoreError, setScoreError] = useState(false);
  const save = useSaveGame(team.id);
  const set = <K extends keyof GameValues>(field: K, value: GameValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const missing = !values.opponent.trim() || !values.date || !values.time || !values.location.trim();
  const timeGap = useTimeGap([values.date], values.time);
  const lateArrival = arrivalCheck(values.arrival_time, values.time);

  const onSubmit = () => {
    const ours = values.our_score.trim();
    const theirs = values.opponent_score.trim();
    // Both scores or neither, whole numbers of 0 or more.
    if (!isScore(ours) || !isScore(theirs) || (ours === '') !== (theirs === '')) return setScoreError(true);
    setScoreError(false);
    const { home, our_score: _o, opponent_score: _t, ...rest } = values;
    const body = {
      ...rest,
      is_home: home === 'home',
      our_score: ours === '' ? null : Number(ours),
      opponent_score: theirs === '' ? null : Number(theirs),
    };
    const done = game ? EVENT_MESSAGES.gameUpdated : EVENT_MESSAGES.gameCreated;
    const options = {
      onSuccess: () => {
        showToast('success', done);
        onClose();
      },
    };
    if (game) save.mutate({ gameId: game.id, body }, options);
    else save.mutate({ body }, options);
  };

  return (
    <FormModal
      title={game ? 'Edit Individual Game' : 'Add Individual Game'}
      formLabel="Game details"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={game ? 'Save Changes' : 'Add Game'}
      busyLabel="Saving..."
      busy={save.isPending}
      submitDisabled={missing || timeGap !== undefined || lateArrival !== undefined}
      error={
        scoreError
          ? EVENT_MESSAGES.scoresInvalid
          : save.isError
            ? isGone(save.error)
              ? `${EVENT_TITLES.updateFailed}: ${EVENT_MESSAGES.gameNotFound}`
              : failure(game ? EVENT_TITLES.updateFailed : EVENT_TITLES.gameCreationFailed, save.error)
            : null
      }
      isDirty={JSON.stringify(values) !== JSON.stringify(initial)}
    >
      <TextField
        label="Opponent"
        value={values.opponent}
        onValueChange={(v) => set('opponent', v)}
        maxLength={EVENT_LIMITS.nameMax}
        required
      />
      <DateTimeFields date={values.date} time={values.time} onChange={set} timeError={timeGap} />
      <ArrivalField value={values.arrival_time} start={values.time} onChange={set} />
      <PlaceFields location={values.location} address={values.address} onChange={set} />
      <div className="form-grid">
        <SelectField
          label="Type"
          value={values.type}
          options={GAME_TYPES.map((t) => ({ value: t, label: GAME_TYPE_LABELS[t] }))}
          onValueChange={(v) => set('type', GAME_TYPES.find((t) => t === v) ?? DEFAULT_GAME_TYPE)}
        />
        <SelectField
          label="Home or Away"
          value={values.home}
          options={[
            { value: 'home', label: 'Home' },
            { value: 'away', label: 'Away' },
          ]}
          onValueChange={(v) => set('home', v === 'away' ? 'away' : 'home')}
        />
      </div>
      <KitField teamId={team.id} value={values.kit} onValueChange={(v) => set('kit', v)} />
      <SelectField
        label="Status"
        value={values.status}
        options={INDIVIDUAL_GAME_STATUSES.map((s) => ({ value: s, label: GAME_STATUS_LABELS[s] }))}
        onValueChange={(v) => set('status', INDIVIDUAL_GAME_STATUSES.find((s) => s === v) ?? 'scheduled')}
      />
      <div className="form-grid">
        <TextField
          label="Our Score"
          kind="number"
          min={0}
          step={1}
          value={values.our_score}
          onValueChange={(v) => set('our_score', v)}
          hint="Saving both scores marks the game completed"
        />
        <TextField
          label="Opponent Score"
          kind="number"
          min={0}
          step={1}
          value={values.opponent_score}
          onValueChange={(v) => set('opponent_score', v)}
        />
      </div>
      <TextAreaField
        label="Notes"
        value={values.notes}
        onValueChange={(v) => set('notes', v)}
        maxLength={EVENT_LIMITS.notesMax}
      />
    </FormModal>
  );
}
