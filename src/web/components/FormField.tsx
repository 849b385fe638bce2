import { useId, type ReactNode } from 'react';

/** Attributes FormField hands to its input so label, hint and error are wired to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FormFieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Marks the label with an asterisk (the control itself carries `required`). */
  required?: boolean | undefined;
  /** Shown under the input, e.g. the password checklist; also referenced by aria-describedby. */
  extra?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with an optional hint and error message:
 * <FormField label="Email" error={errors.email}>{(props) => <input {...props} type="email" />}</FormField>
 */
export function FormField({ label, error, hint, required, extra, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const extraId = `${id}-extra`;
  const describedBy = [hint ? hintId : '', error ? errorId : '', extra ? extraId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {/* Outside the label, so the label reads as the field's name; the control says it is required. */}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          <span aria-hidden="true">✗ </span>
          {error}
        </p>
      )}
      {extra && <div id={extraId}>{extra}</div>}
    </div>
  );
}
