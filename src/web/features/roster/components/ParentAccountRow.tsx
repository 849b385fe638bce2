import type { SyncedParent } from '../../../../shared/api/roster.ts';
import { PARENT_ACCOUNT_LABELS, type ParentAccountStatus } from '../../../../shared/teams.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { Tag, type TagTone } from '../../../components/Tag.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';

const STATUS_TONES: Record<ParentAccountStatus, TagTone> = {
  no_account: 'neutral',
  invited: 'info',
  joined: 'success',
  unassigned: 'warning',
};

/** Where the parent stands, in plain words: 'Invited 11/20/2026', 'Joined', 'No account', 'Unassigned'. */
export function parentStatusLabel(parent: SyncedParent, timeZone: string): string {
  const label = PARENT_ACCOUNT_LABELS[parent.status];
  if (parent.status !== 'invited') return label;
  const date = formatDate(parent.invite_sent_at, timeZone);
  return date ? `${label} ${date}` : label;
}

interface ParentAccountRowProps {
  parent: SyncedParent;
  onAssign: (parent: SyncedParent & { user_id: number }) => void;
}

/** A parent account: who, their children, the account badge, and Assign for one without a child. */
export function ParentAccountRow({ parent, onAssign }: ParentAccountRowProps) {
  const timeZone = useTeamTimeZone();
  const userId = parent.user_id;
  return (
    <li className="account-row">
      <div className="account-row__main">
        <p className="account-row__name">
          {parent.name} <Tag tone={STATUS_TONES[parent.status]}>{parentStatusLabel(parent, timeZone)}</Tag>
        </p>
        <p className="account-row__detail">{parent.email}</p>
        {parent.phone && (
          <p className="account-row__detail">
            <a href={`tel:${parent.phone.replace(/[^0-9+]/g, '')}`}>{parent.phone}</a>
          </p>
        )}
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
