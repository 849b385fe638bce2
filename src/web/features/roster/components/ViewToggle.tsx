export type RosterView = 'roster' | 'detailed';

const VIEWS: readonly { id: RosterView; label: string }[] = [
  { id: 'roster', label: 'Roster' },
  { id: 'detailed', label: 'Detailed' },
];

interface ViewToggleProps {
  view: RosterView;
  onChange: (view: RosterView) => void;
}

/** Roster list or Detailed card grid: two toggle buttons, the pressed one is the current view. */
export function ViewToggle({ view, onChange }: ViewToggleProps) {
  return (
    <div className="segmented" role="group" aria-label="Roster view">
      {VIEWS.map((option) => (
        <button
          key={option.id}
          type="button"
          className="segmented__button"
          aria-pressed={view === option.id}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
