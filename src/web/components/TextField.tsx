import type { InputHTMLAttributes } from 'react';
import { FormField } from './FormField.tsx';

/** Input settings for the kinds of text the forms ask for, so phones show the right keyboard. */
const KINDS = {
  text: {},
  name: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  tel: { type: 'tel', autoComplete: 'tel' },
  number: { type: 'number', inputMode: 'numeric' },
  date: { type: 'date' },
  url: { type: 'url', inputMode: 'url' },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  kind?: keyof typeof KINDS;
  error?: string | undefined;
  hint?: string;
}

/** A labelled text input wired to its hint and error (FormField), for the common cases. */
export function TextField({
  label,
  value,
  onValueChange,
  kind = 'text',
  error,
  hint,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FormField label={label} error={error} required={input.required} {...(hint ? { hint } : {})}>
      {(field) => (
        <input
          {...KINDS[kind]}
          {...input}
          {...field}
          className={className ?? 'input'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
