import { FormField } from './FormField.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { PasswordInput } from './PasswordInput.tsx';

interface NewPasswordFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

/** A new password with the show/hide toggle and the live checklist of the password policy under it. */
export function NewPasswordField({ label, value, onValueChange, error }: NewPasswordFieldProps) {
  return (
    <FormField label={label} error={error} extra={<PasswordChecklist password={value} />}>
      {(field) => (
        <PasswordInput
          {...field}
          autoComplete="new-password"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
