/** Two or more ways to show a list (Cards | List, Compact | Detailed): the chosen one pressed. */
export function ViewSwitch<V extends string>({
  label,
  options,
  value,
  onChange,
  className = 'segmented',
}: {
  /** The group's spoken name: 'Tournament view', 'Practice view'. */
  label: string;
  options: readonly (readonly [V, string])[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          className="segmented__button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
