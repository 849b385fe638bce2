import { INVITE_CODE_LENGTH } from '../../shared/teams.ts';
import { FormField } from './FormField.tsx';

interface InviteCodeFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

/** The team's 8-character invite code, upper-cased as it is typed. */
export function InviteCodeField({ value, onValueChange, error }: InviteCodeFieldProps) {
  return (
    <FormField label="Invite Code" hint="Your 8-character team invite code" error={error}>
      {(field) => (
        <input
          {...field}
          className="input input--code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={INVITE_CODE_LENGTH}
          value={value}
          onChange={(e) => onValueChange(e.target.value.toUpperCase())}
        />
      )}
    </FormField>
  );
}
