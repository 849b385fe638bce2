import type { ParentContact } from '../../../../shared/api/roster.ts';
import { RELATIONSHIP_LABELS } from '../../../../shared/teams.ts';
import { Tag } from '../../../components/Tag.tsx';

interface ParentNamesProps {
  parents: readonly ParentContact[];
}

/**
 * A player's parents: names and the Primary badge for everyone; relationship, email and phone only when
 * the server sent them (to coaches and admins).
 */
export function ParentNames({ parents }: ParentNamesProps) {
  if (parents.length === 0) return <p className="parent-names__none">No parents listed</p>;
  return (
    <ul className="parent-names" role="list" aria-label="Parents">
      {parents.map((parent) => (
        <li key={parent.id} className="parent-names__item">
          <span className="parent-names__name">{parent.name}</span>
          {parent.relationship && (
            <span className="parent-names__detail">({RELATIONSHIP_LABELS[parent.relationship]})</span>
          )}
          {parent.is_primary && <Tag tone="success">Primary</Tag>}
          {parent.email && (
            <a className="link parent-names__contact" href={`mailto:${parent.email}`}>
              {parent.email}
            </a>
          )}
          {parent.phone && (
            <a className="link parent-names__contact" href={`tel:${parent.phone}`}>
              {parent.phone}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
