import type { JoinRequest } from '../../../../shared/api/joining.ts';
import { ROLE_LABELS } from '../../../../shared/roles.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { formatDate } from '../../../lib/dates.ts';

interface JoinRequestCardProps {
  request: JoinRequest;
  timeZone: string;
  onApprove: (request: JoinRequest) => void;
  onReject: (request: JoinRequest) => void;
}

/** A pending request: who, as what, their message and when, with Approve and Reject. */
export function JoinRequestCard({ request, timeZone, onApprove, onReject }: JoinRequestCardProps) {
  return (
    <li className="request-card">
      <div className="request-card__main">
        <h4 className="request-card__name">{request.user_name}</h4>
        <p className="request-card__detail">
          {request.user_email} · {ROLE_LABELS[request.role]}
        </p>
        <p className="request-card__detail">Requested {formatDate(request.created_at, timeZone)}</p>
        {request.message && <blockquote className="request-card__message">{request.message}</blockquote>}
      </div>
      <div className="player-actions">
        <ActionButton
          label="Approve"
          subject={request.user_name}
          tone="primary"
          onClick={() => onApprove(request)}
        />
        <ActionButton
          label="Reject"
          subject={request.user_name}
          tone="danger"
          onClick={() => onReject(request)}
        />
      </div>
    </li>
  );
}
