import { useState } from 'react';
import type { Practice } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { SERIES_MESSAGES, type PracticeScope } from '../../../../shared/practice-series.ts';
import {
  arrivalCheck,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  formatDate,
  weeklyDates,
} from '../../../../shared/events.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useCreatePractices, useUpdatePractice } from '../api/save-practice.ts';
import { EVENT_TITLES, failure, isGone } from '../lib/messages.ts';
import { useTimeGap } from '../lib/time-gap.ts';
import { SeriesScopeDialog } from './SeriesScopeDialog.tsx';
import { ArrivalField, DateTimeFields, PlaceFields } from './EventFields.tsx';

interface PracticeValues {
  title: string;
  date: string;
  time: string;
  location: string;
  address: string;
  duration: string;
  focus: string;
  notes: string;
  equipment_needed: string;
  arrival_time: string;
  repeat_weeks: string;
}

function initialValues(p: Practice | null): PracticeValues {
  return {
    title: p?.title ?? '',
    date: p?.date ?? '',
    time: p?.time ?? '',
    location: p?.location ?? '',
    address: p?.address ?? '',
    duration: p?.duration ? String(p.duration) : '',
    focus: p?.focus ?? '',
    notes: p?.notes ?? '',
    equipment_needed: p?.equipment_needed ?? '',
    arrival_time: p?.arrival_time ?? '',
    repeat_weeks: '0',
  };
}

const REPEAT_OPTIONS = [
  { value: '0', label: 'No repeat' },
  ...Array.from({ length: EVENT_LIMITS.repeatWeeksMax }, (_, i) => ({
    value: String(i + 1),
    label: i === 0 ? 'Every week for 1 week' : `Every week for ${i + 1} weeks`,
  })),
];

interface PracticeFormModalProps {
  team: Team;
  /** The practice to edit (of a series: asks for it alone or with the following); null adds some. */
  practice: Practice | null;
  onClose: () => void;
}

/** Add Practice (one, or a weekly series in one request) and Edit Practice. */
export function PracticeFormModal({ team, practice, onClose }: PracticeFormModalProps) {
  const [initial] = useState(() => initialValues(practice));
  const [values, setValues] = useState(initial);
  const [asking, setAsking] = useState(false);
  const create = useCreatePractices(team.id);
  const update = useUpdatePractice(team.id);
  const mutation = practice ? update : create;
  const set = (field: keyof PracticeValues, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const missing = !values.title.trim() || !values.date || !values.time || !values.location.trim();
  const weeks = Number(values.repeat_weeks);
  const series = !practice && weeks > 0 && values.date ? weeklyDates(values.date, weeks) : [];
  // Every week of a series: one of them may fall on the night the clocks go forward.
  const timeGap = useTimeGap(series.length > 0 ? series : [values.date], values.time);
  const lateArrival = arrivalCheck(values.arrival_time, values.time);

  const save = (scope: PracticeScope) => {
    const { repeat_weeks: _r, ...fields } = values;
    if (!practice) return;
    setAsking(false);
    update.mutate(
      { practiceId: practice.id, body: fields, scope },
      {
        onSuccess: () => {
          showToast(
            'success',
            scope === 'following' ? SERIES_MESSAGES.practicesUpdated : 'Practice updated successfully.',
          );
          onClose();
        },
      },
    );
  };

  const onSubmit = () => {
    const { repeat_weeks: _r, ...fields } = values;
    if (practice) {
      // A practice of a series asks whether the change is for it alone or the rest of the series too.
      if (practice.series_id !== null) setAsking(true);
      else save('this');
      return;
    }
    create.mutate(
      { team_id: team.id, ...fields, repeat_weeks: weeks },
      {
        onSuccess: (answer) => {
          showToast(
            'success',
            answer.message ||
              (answer.practices.length > 1
                ? EVENT_MESSAGES.practicesCreated(answer.practices.length)
                : EVENT_MESSAGES.practiceCreated),
          );
          onClose();
        },
      },
    );
  };

  return (
    <>
      <FormModal
        title={practice ? 'Edit Practice' : 'Add Practice'}
        formLabel="Practice details"
        onClose={onClose}
        onSubmit={onSubmit}
        submitLabel={
          practice ? 'Save Changes' : series.length > 1 ? `Add ${series.length} Practices` : 'Add Practice'
        }
        busyLabel="Saving..."
        busy={mutation.isPending}
        submitDisabled={missing || timeGap !== undefined || lateArrival !== undefined}
        error={
          mutation.isError
            ? practice && isGone(mutation.error)
              ? `${EVENT_TITLES.updateFailed}: ${EVENT_MESSAGES.practiceNotFound}`
              : failure(practice ? EVENT_TITLES.updateFailed : 'Practice Creation Failed', mutation.error)
            : null
        }
        isDirty={JSON.stringify(values) !== JSON.stringify(initial)}
      >
        <TextField
          label="Title"
          value={values.title}
          onValueChange={(v) => set('title', v)}
          maxLength={EVENT_LIMITS.nameMax}
          required
          placeholder="e.g. Team Practice"
        />
        <DateTimeFields date={values.date} time={values.time} onChange={set} timeError={timeGap} />
        <ArrivalField value={values.arrival_time} start={values.time} onChange={set} />
        <PlaceFields location={values.location} address={values.address} onChange={set} />
        <div className="form-grid">
          <TextField
            label="Duration (minutes)"
            kind="number"
            min={1}
            max={EVENT_LIMITS.durationMaxMinutes}
            value={values.duration}
            onValueChange={(v) => set('duration', v)}
          />
          <TextField
            label="Focus"
            value={values.focus}
            onValueChange={(v) => set('focus', v)}
            maxLength={EVENT_LIMITS.locationMax}
            placeholder="e.g. Passing"
          />
        </div>
        <TextField
          label="Equipment Needed"
          value={values.equipment_needed}
          onValueChange={(v) => set('equipment_needed', v)}
          maxLength={EVENT_LIMITS.locationMax}
          placeholder="e.g. Shin guards, water bottle"
        />
        <TextAreaField
          label="Notes"
          value={values.notes}
          onValueChange={(v) => set('notes', v)}
          maxLength={EVENT_LIMITS.notesMax}
        />
        {!practice && (
          <SelectField
            label="Repeat"
            value={values.repeat_weeks}
            options={REPEAT_OPTIONS}
            onValueChange={(v) => set('repeat_weeks', v)}
            {...(series.length > 1
              ? {
                  hint: `${series.length} practices, ${formatDate(series[0] ?? null)} to ${formatDate(series.at(-1) ?? null)}`,
                }
              : {})}
          />
        )}
      </FormModal>
      {practice && (
        <SeriesScopeDialog
          open={asking}
          title="Save Changes"
          message={`"${practice.title}" on ${formatDate(practice.date)} is one of a weekly series. Save the changes to this practice only, or to this and the following practices of the series? A new date moves each of them by as many days.`}
          cancelLabel="Back"
          onChoose={save}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
