import { useId } from 'react';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A line under the label saying what ticking it means (read after the name, not as part of it). */
  description?: string;
}

/** A checkbox with its label as a 44px tap target. */
export function CheckboxField({ label, checked, onCheckedChange, description }: CheckboxFieldProps) {
  const descriptionId = useId();
  const box = (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        aria-describedby={description ? descriptionId : undefined}
      />
      <span>{label}</span>
    </label>
  );
  if (!description) return box;
  return (
    <div className="checkbox-field">
      {box}
      <p id={descriptionId} className="checkbox__description">
        {description}
      </p>
    </div>
  );
}
