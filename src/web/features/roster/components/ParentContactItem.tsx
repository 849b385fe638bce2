import type { ParentContact } from '../../../../shared/api/roster.ts';
import { RELATIONSHIP_LABELS } from '../../../../shared/teams.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { Tag } from '../../../components/Tag.tsx';

interface ParentContactItemProps {
  parent: ParentContact;
  busy: boolean;
  /** A removal is running: true for this parent (its Remove reads 'Removing...'), false for another. */
  removing: boolean | null;
  onSync: (parent: ParentContact) => void;
  onEdit: (parent: ParentContact) => void;
  onRemove: (parent: ParentContact) => void;
}

/** One current parent in Manage Parents, with Send/Resend invite (until they join), Edit and Remove. */
export function ParentContactItem({
  parent,
  busy,
  removing,
  onSync,
  onEdit,
  onRemove,
}: ParentContactItemProps) {
  return (
    <li className="parent-item">
      <div className="parent-item__header">
        <span className="parent-item__name">{parent.name}</span>
        {parent.is_primary && <Tag tone="success">Primary</Tag>}
        {parent.user_id !== null ? (
          <Tag tone="success">Joined</Tag>
        ) : (
          parent.invite_sent_at && <Tag tone="info">Invited</Tag>
        )}
      </div>
      {parent.relationship && (
        <p className="parent-item__detail">{RELATIONSHIP_LABELS[parent.relationship]}</p>
      )}
      {parent.email && <p className="parent-item__detail">{parent.email}</p>}
      {parent.phone && <p className="parent-item__detail">{parent.phone}</p>}
      <div className="player-actions">
        {parent.user_id === null && (
          <ActionButton
            label={busy ? 'Sending...' : parent.invite_sent_at ? 'Resend invite' : 'Send invite'}
            subject={`to ${parent.name}`}
            disabled={busy}
            onClick={() => onSync(parent)}
          />
        )}
        <ActionButton label="Edit" subject={parent.name} onClick={() => onEdit(parent)} />
        <ActionButton
          label={removing ? 'Removing...' : 'Remove'}
          subject={parent.name}
          tone="danger"
          disabled={removing !== null}
          onClick={() => onRemove(parent)}
        />
      </div>
    </li>
  );
}
