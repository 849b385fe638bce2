import { useId } from 'react';
import { passwordChecklist } from '../../shared/password-policy.ts';

interface PasswordChecklistProps {
  password: string;
}

/** The password rules, each ticked off live as the user types. */
export function PasswordChecklist({ password }: PasswordChecklistProps) {
  const items = passwordChecklist(password);
  const titleId = useId();
  return (
    <div className="checklist">
      <p className="checklist__title" id={titleId}>
        Password requirements
      </p>
      <ul className="checklist__list" role="list" aria-labelledby={titleId}>
        {items.map((item) => (
          <li
            key={item.id}
            className={`checklist__item ${item.ok ? 'checklist__item--met' : 'checklist__item--unmet'}`}
            data-met={item.ok}
          >
            <span className="checklist__mark" aria-hidden="true">
              {item.ok ? '✓' : '✗'}
            </span>
            <span className="visually-hidden">{item.ok ? 'Met: ' : 'Not met: '}</span>
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
