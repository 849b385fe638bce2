import type { JoinRequest } from '../../../../shared/api/joining.ts';
import { ROLE_LABELS } from '../../../../shared/roles.ts';
import { Tag } from '../../../components/Tag.tsx';
import { formatDate } from '../../../lib/dates.ts';

interface PastRequestItemProps {
  request: JoinRequest;
  timeZone: string;
}

/** A decided request: its status, who decided and when, and the reason of a rejection. */
export function PastRequestItem({ request, timeZone }: PastRequestItemProps) {
  const approved = request.status === 'approved';
  const reviewed = formatDate(request.reviewed_at, timeZone);
  return (
    <li className="request-card request-card--past">
      <div className="request-card__main">
        <h4 className="request-card__name">
          {request.user_name}{' '}
          <Tag tone={approved ? 'success' : 'danger'}>{approved ? 'Approved' : 'Rejected'}</Tag>
        </h4>
        <p className="request-card__detail">
          {request.user_email} · {ROLE_LABELS[request.role]}
        </p>
        {(request.reviewer_name || reviewed) && (
          <p className="request-card__detail">
            Reviewed{request.reviewer_name && ` by ${request.reviewer_name}`}
            {reviewed && ` on ${reviewed}`}
          </p>
        )}
        {request.rejection_reason && (
          <p className="request-card__detail">Reason: {request.rejection_reason}</p>
        )}
      </div>
    </li>
  );
}
