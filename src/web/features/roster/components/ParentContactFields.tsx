import { TextField } from '../../../components/TextField.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import type { ParentField, ParentValues } from '../lib/parent-form.ts';

interface ParentContactFieldsProps {
  values: ParentValues;
  errors: FieldErrors<ParentField>;
  onChange: (field: ParentField, value: string) => void;
}

/** Parent Name, Email and Phone (optional): the add and edit forms. */
export function ParentContactFields({ values, errors, onChange }: ParentContactFieldsProps) {
  const bind = (field: ParentField) => ({
    value: values[field],
    onValueChange: (value: string) => onChange(field, value),
    error: errors[field],
    autoComplete: 'off',
  });
  return (
    <>
      <TextField label="Parent Name" required {...bind('name')} />
      <TextField label="Email" kind="email" required {...bind('email')} />
      <TextField label="Phone (optional)" kind="tel" {...bind('phone')} />
    </>
  );
}
