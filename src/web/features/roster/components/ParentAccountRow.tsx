import type { SyncedParent } from '../../../../shared/api/teams.ts';
import type { ParentAccountStatus } from '../../../../shared/teams.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { Tag, type TagTone } from '../../../components/Tag.tsx';

const STATUS_TAGS: Record<ParentAccountStatus, { label: string; tone: TagTone }> = {
  unassigned: { label: 'Unassigned', tone: 'warning' },
  synced: { label: 'Synced', tone: 'success' },
  pending: { label: 'Pending', tone: 'neutral' },
};

interface ParentAccountRowProps {
  parent: SyncedParent;
  onAssign: (parent: SyncedParent & { user_id: number }) => void;
}

/** A parent account: who, their children, the account badge, and Assign for one without a child. */
export function ParentAccountRow({ parent, onAssign }: ParentAccountRowProps) {
  const tag = STATUS_TAGS[parent.status];
  const userId = parent.user_id;
  return (
    <li className="account-row">
      <div className="account-row__main">
        <p className="account-row__name">
          {parent.name} <Tag tone={tag.tone}>{tag.label}</Tag>
        </p>
        <p className="account-row__detail">{parent.email}</p>
        <p className="account-row__detail">
          {parent.children.length > 0 ? `Children: ${parent.children.join(', ')}` : 'No children linked'}
        </p>
      </div>
      {parent.status === 'unassigned' && userId !== null && (
        <ActionButton
          label="Assign to Player"
          subject={`for ${parent.name}`}
          onClick={() => onAssign({ ...parent, user_id: userId })}
        />
      )}
    </li>
  );
}
