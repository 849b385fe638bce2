import { EVENT_LIMITS } from '../../../../shared/events.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useKitNames } from '../api/get-kit-names.ts';

interface KitFieldProps {
  teamId: number;
  value: string;
  onValueChange: (value: string) => void;
}

/** The kit to wear: one of the team's kits by name, or free text when the team has none yet. */
export function KitField({ teamId, value, onValueChange }: KitFieldProps) {
  const kits = useKitNames(teamId);
  const names = kits.data ?? [];
  if (names.length === 0) {
    return (
      <TextField
        label="Kit"
        value={value}
        onValueChange={onValueChange}
        maxLength={EVENT_LIMITS.nameMax}
        placeholder="e.g. Home"
      />
    );
  }
  // A kit renamed or removed since the game was saved stays selectable as it was.
  const options = [...names, ...(value && !names.includes(value) ? [value] : [])];
  return (
    <SelectField
      label="Kit"
      value={value}
      placeholder="No kit chosen"
      options={options.map((name) => ({ value: name, label: name }))}
      onValueChange={onValueChange}
    />
  );
}
