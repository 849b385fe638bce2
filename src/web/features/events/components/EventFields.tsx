import { arrivalCheck, EVENT_LIMITS } from '../../../../shared/events.ts';
import { TextField } from '../../../components/TextField.tsx';

// The fields every event dialog asks alike: when (a game, a practice) and where (those and a
// tournament), with the same limits and the same required marks.

export function DateTimeFields({
  date,
  time,
  onChange,
  timeError,
}: {
  date: string;
  time: string;
  onChange: (field: 'date' | 'time', value: string) => void;
  /** A time the clocks skip on that date (useTimeGap). */
  timeError?: string | undefined;
}) {
  return (
    <div className="form-grid">
      <TextField label="Date" kind="date" value={date} onValueChange={(v) => onChange('date', v)} required />
      <TextField
        label="Time"
        type="time"
        value={time}
        onValueChange={(v) => onChange('time', v)}
        error={timeError}
        required
      />
    </div>
  );
}

/**
 * 'Arrive by': an optional time, in the team's zone like the start (docs/product/events.md 'Arrival
 * time'); blank leaves none (or clears it on an edit). The error is the server's refusal, said first.
 */
export function ArrivalField({
  value,
  start,
  onChange,
}: {
  value: string;
  start: string;
  onChange: (field: 'arrival_time', value: string) => void;
}) {
  return (
    <TextField
      label="Arrive by"
      type="time"
      value={value}
      onValueChange={(v) => onChange('arrival_time', v)}
      hint="Optional: when players should be there"
      error={arrivalCheck(value, start)}
    />
  );
}

export function PlaceFields({
  location,
  address,
  onChange,
  locationPlaceholder,
}: {
  location: string;
  address: string;
  onChange: (field: 'location' | 'address', value: string) => void;
  locationPlaceholder?: string;
}) {
  return (
    <>
      <TextField
        label="Location"
        value={location}
        onValueChange={(v) => onChange('location', v)}
        maxLength={EVENT_LIMITS.locationMax}
        required
        {...(locationPlaceholder ? { placeholder: locationPlaceholder } : {})}
      />
      <TextField
        label="Address"
        value={address}
        onValueChange={(v) => onChange('address', v)}
        maxLength={EVENT_LIMITS.addressMax}
        autoComplete="street-address"
      />
    </>
  );
}
