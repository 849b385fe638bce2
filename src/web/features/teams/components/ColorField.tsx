import { FormField } from '../../../components/FormField.tsx';

interface ColorFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

/** A colour picker with the chosen hex code shown beside it. */
export function ColorField({ label, value, onValueChange, error }: ColorFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(field) => (
        <div className="color-field">
          <input
            {...field}
            type="color"
            className="color-field__input"
            value={value}
            onChange={(e) => onValueChange(e.target.value)}
          />
          <span className="color-field__hex" aria-hidden="true">
            {value}
          </span>
        </div>
      )}
    </FormField>
  );
}
