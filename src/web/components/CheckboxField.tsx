interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A checkbox with its label as a 44px tap target. */
export function CheckboxField({ label, checked, onCheckedChange }: CheckboxFieldProps) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onCheckedChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
