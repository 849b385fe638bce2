import { useState } from 'react';
import type { Tournament } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { addDays, EVENT_LIMITS, EVENT_MESSAGES } from '../../../../shared/events.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveTournament } from '../api/save-tournament.ts';
import { EVENT_TITLES, failure } from '../lib/messages.ts';
import { PlaceFields } from './EventFields.tsx';

interface TournamentValues {
  name: string;
  location: string;
  address: string;
  url: string;
  start_date: string;
  end_date: string;
  notes: string;
}

function initialValues(t: Tournament | null): TournamentValues {
  return {
    name: t?.name ?? '',
    location: t?.location ?? '',
    address: t?.address ?? '',
    url: t?.url ?? '',
    start_date: t?.start_date ?? '',
    end_date: t?.end_date ?? '',
    notes: t?.notes ?? '',
  };
}

interface TournamentFormModalProps {
  team: Team;
  /** The tournament to edit; null creates one. */
  tournament: Tournament | null;
  onClose: () => void;
}

/** Create New Tournament and Edit Tournament. */
export function TournamentFormModal({ team, tournament, onClose }: TournamentFormModalProps) {
  const [initial] = useState(() => initialValues(tournament));
  const [values, setValues] = useState(initial);
  const save = useSaveTournament(team.id);
  const set = (field: keyof TournamentValues, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const missing = !values.name.trim() || !values.location.trim() || !values.start_date || !values.end_date;
  const endBeforeStart = Boolean(values.start_date && values.end_date && values.end_date < values.start_date);

  const onSubmit = () => {
    const body = { ...values };
    const done = tournament ? EVENT_MESSAGES.tournamentUpdated : EVENT_MESSAGES.tournamentCreated;
    save.mutate(tournament ? { tournamentId: tournament.id, body } : { body }, {
      onSuccess: () => {
        showToast('success', done);
        onClose();
      },
    });
  };

  return (
    <FormModal
      title={tournament ? 'Edit Tournament' : 'Create New Tournament'}
      formLabel="Tournament details"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={tournament ? 'Save Changes' : 'Create Tournament'}
      busyLabel="Saving..."
      busy={save.isPending}
      submitDisabled={missing || endBeforeStart}
      error={
        save.isError
          ? failure(tournament ? EVENT_TITLES.updateFailed : 'Tournament Creation Failed', save.error)
          : null
      }
      isDirty={JSON.stringify(values) !== JSON.stringify(initial)}
    >
      {missing && <p className="field__hint">{EVENT_MESSAGES.tournamentRequired}</p>}
      <TextField
        label="Tournament Name"
        value={values.name}
        onValueChange={(v) => set('name', v)}
        maxLength={EVENT_LIMITS.nameMax}
        required
      />
      <PlaceFields
        location={values.location}
        address={values.address}
        onChange={set}
        locationPlaceholder="e.g. Riverside Sports Complex"
      />
      <div className="form-grid">
        <TextField
          label="Start Date"
          kind="date"
          value={values.start_date}
          // Choosing a start date sets the end date to the next day.
          onValueChange={(v) =>
            setValues((old) => ({ ...old, start_date: v, end_date: v ? addDays(v, 1) : old.end_date }))
          }
          required
        />
        <TextField
          label="End Date"
          kind="date"
          value={values.end_date}
          min={values.start_date || undefined}
          onValueChange={(v) => set('end_date', v)}
          required
          error={endBeforeStart ? EVENT_MESSAGES.endBeforeStart : undefined}
        />
      </div>
      <TextField
        label="Website"
        kind="url"
        value={values.url}
        onValueChange={(v) => set('url', v)}
        maxLength={EVENT_LIMITS.urlMax}
        placeholder="https://"
      />
      <TextAreaField
        label="Notes"
        value={values.notes}
        onValueChange={(v) => set('notes', v)}
        maxLength={EVENT_LIMITS.notesMax}
      />
    </FormModal>
  );
}
