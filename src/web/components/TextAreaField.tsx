import type { TextareaHTMLAttributes } from 'react';
import { FormField } from './FormField.tsx';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'>;

interface TextAreaFieldProps extends TextAreaProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

/** A labelled multi-line text input wired to its hint and error (FormField). */
export function TextAreaField({ label, value, onValueChange, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} {...(hint ? { hint } : {})}>
      {(field) => (
        <textarea
          rows={3}
          {...textarea}
          {...field}
          className="input textarea"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
