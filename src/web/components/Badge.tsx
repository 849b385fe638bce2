import { badgeText } from '../../shared/display.ts';

interface BadgeProps {
  count: number;
  /** What the number counts, read by screen readers after it, e.g. 'unread messages'. */
  label: string;
}

/** A count bubble: nothing for zero, '99+' above 99. */
export function Badge({ count, label }: BadgeProps) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="badge" data-testid="badge">
      {text}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}
