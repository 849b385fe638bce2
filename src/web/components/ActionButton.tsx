const TONES = {
  primary: 'button--primary',
  secondary: 'button--secondary',
  danger: 'button--danger-outline',
} as const;

interface ActionButtonProps {
  label: string;
  /** What it acts on, added for screen readers: label 'Edit' with subject 'Ann Lee' reads 'Edit Ann Lee'. */
  subject: string;
  tone?: keyof typeof TONES;
  disabled?: boolean;
  onClick: () => void;
}

/** A small button in a list row, named after the thing it acts on. */
export function ActionButton({ label, subject, tone = 'secondary', disabled, onClick }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`button button--small ${TONES[tone]}`}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
      <span className="visually-hidden"> {subject}</span>
    </button>
  );
}
