import type { User } from '../../shared/api/auth.ts';
import { initials } from '../../shared/display.ts';
import { ROLE_LABELS } from '../../shared/roles.ts';

interface UserBlockProps {
  user: User;
  onOpenAccount: () => void;
}

/** Who is signed in; opens Account Settings. */
export function UserBlock({ user, onOpenAccount }: UserBlockProps) {
  return (
    <button type="button" className="user-block" onClick={onOpenAccount} title="Account Settings">
      <span className="user-block__avatar" aria-hidden="true">
        {initials(user.name)}
      </span>
      <span className="user-block__text">
        <span className="user-block__name">{user.name}</span>
        <span className="user-block__role">{ROLE_LABELS[user.role]}</span>
      </span>
    </button>
  );
}
