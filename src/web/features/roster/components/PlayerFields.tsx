import { AGE_MAX, AGE_MIN, JERSEY_MAX, JERSEY_MIN, POSITIONS } from '../../../../shared/teams.ts';
import { plainOptions, SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { PlayerErrors, PlayerField, PlayerValues } from '../lib/player-form.ts';

const POSITION_OPTIONS = plainOptions(POSITIONS);

interface PlayerFieldsProps {
  values: PlayerValues;
  errors: PlayerErrors;
  onChange: (field: PlayerField, value: string) => void;
  /** Name marked required (the single-player form); Bulk Add skips rows without a name. */
  nameRequired?: boolean;
}

/** Name, Position, Jersey Number and Age of one player. */
export function PlayerFields({ values, errors, onChange, nameRequired = true }: PlayerFieldsProps) {
  const bind = (field: PlayerField) => ({
    value: values[field],
    onValueChange: (value: string) => onChange(field, value),
    error: errors[field],
  });
  return (
    <>
      <TextField label="Name" required={nameRequired} autoComplete="off" {...bind('name')} />
      <SelectField
        label="Position"
        placeholder="No position"
        options={POSITION_OPTIONS}
        {...bind('position')}
      />
      <TextField
        label="Jersey Number"
        kind="number"
        min={JERSEY_MIN}
        max={JERSEY_MAX}
        {...bind('jersey_number')}
      />
      <TextField label="Age" kind="number" min={AGE_MIN} max={AGE_MAX} {...bind('age')} />
    </>
  );
}
