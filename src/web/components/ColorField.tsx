import { FormField } from './FormField.tsx';

interface ColorFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** Preset colours offered as one-tap buttons, with the name each is read as. */
  swatches?: readonly { color: string; name: string }[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A colour picker with the chosen hex code shown beside it, and optional preset swatches. */
export function ColorField({ label, value, onValueChange, error, swatches }: ColorFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(field) => (
        <div className="color-field">
          <input
            {...field}
            type="color"
            className="color-field__input"
            value={value.toLowerCase()}
            onChange={(e) => onValueChange(e.target.value.toUpperCase())}
          />
          <span className="color-field__hex" aria-hidden="true">
            {value}
          </span>
          {swatches && (
            <div className="swatches" role="group" aria-label={`${label} presets`}>
              {swatches.map(({ color, name }) => (
                <button
                  key={color}
                  type="button"
                  className="swatch"
                  style={{ backgroundColor: color }}
                  aria-label={`${name} ${color}`}
                  aria-pressed={same(color, value)}
                  onClick={() => onValueChange(color)}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </FormField>
  );
}
