import type { SelectHTMLAttributes } from 'react';
import { FormField } from './FormField.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'>;

interface SelectFieldProps extends SelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** A first option with the value '', e.g. 'No position'. */
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled select wired to its hint and error (FormField). */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  placeholder,
  error,
  hint,
  ...select
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} required={select.required} {...(hint ? { hint } : {})}>
      {(field) => (
        <select
          {...select}
          {...field}
          className="input select"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Options whose value is also their label. */
export function plainOptions(values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: value }));
}
