import './dashboard.css';

interface QuickActionsProps {
  /** A coach of the team (`view_coach_dashboard`); a moderator gets the members' actions. */
  coachActions: boolean;
}

/** Links to what each role does most (docs/product/shell-and-navigation.md 'Dashboard'). */
const ACTIONS = {
  coach: [
    { label: 'Create Tournament', href: '#tournaments?add=tournament' },
    { label: 'View Messages', href: '#messages' },
    { label: 'Manage Team', href: '#team' },
  ],
  member: [
    { label: 'View Team Events', href: '#tournaments' },
    { label: 'View Calendar', href: '#calendar' },
    { label: 'View Team', href: '#team' },
    { label: 'View Messages', href: '#messages' },
  ],
} as const;

export function QuickActions({ coachActions }: QuickActionsProps) {
  return (
    <section className="card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="card__title">
        Quick Actions
      </h2>
      <ul className="quick-actions">
        {ACTIONS[coachActions ? 'coach' : 'member'].map((action) => (
          <li key={action.label}>
            <a className="button button--secondary button--block" href={action.href}>
              {action.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
