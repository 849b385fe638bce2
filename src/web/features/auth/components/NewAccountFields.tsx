import { NewPasswordField } from '../../../components/NewPasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';

export type AccountField = 'name' | 'email' | 'phone' | 'password';
export type AccountValues = Record<AccountField, string>;

interface NewAccountFieldsProps {
  values: AccountValues;
  errors: FieldErrors<AccountField>;
  onChange: (field: AccountField, value: string) => void;
  /** 'Choose a password' on an invite's page, where the account already exists without one. */
  passwordLabel?: string;
}

/** The fields of a new account, shared by coach sign-up and joining a team. */
export function NewAccountFields({
  values,
  errors,
  onChange,
  passwordLabel = 'Password',
}: NewAccountFieldsProps) {
  return (
    <>
      <TextField
        label="Full Name"
        kind="name"
        value={values.name}
        onValueChange={(v) => onChange('name', v)}
        error={errors.name}
      />
      <TextField
        label="Email"
        kind="email"
        value={values.email}
        onValueChange={(v) => onChange('email', v)}
        error={errors.email}
      />
      <TextField
        label="Phone (optional)"
        kind="tel"
        value={values.phone}
        onValueChange={(v) => onChange('phone', v)}
        error={errors.phone}
      />
      <NewPasswordField
        label={passwordLabel}
        value={values.password}
        onValueChange={(v) => onChange('password', v)}
        error={errors.password}
      />
    </>
  );
}
