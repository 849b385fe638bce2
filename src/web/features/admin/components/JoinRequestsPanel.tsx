import { useState } from 'react';
import type { Player } from '../../../../shared/api/roster.ts';
import type { JoinRequest } from '../../../../shared/api/joining.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { ApproveRequestModal } from './ApproveRequestModal.tsx';
import { JoinRequestCard } from './JoinRequestCard.tsx';
import { PastRequests } from './PastRequests.tsx';
import { RejectRequestModal } from './RejectRequestModal.tsx';
import './admin.css';

type Decision = { kind: 'approve' | 'reject'; request: JoinRequest };

interface JoinRequestsPanelProps {
  teamId: number;
  requests: readonly JoinRequest[];
  loading: boolean;
  players: readonly Player[];
}

/** Join Requests: pending ones first with Approve and Reject, then the collapsible Past Requests. */
export function JoinRequestsPanel({ teamId, requests, loading, players }: JoinRequestsPanelProps) {
  const timeZone = useTeamTimeZone();
  const [decision, setDecision] = useState<Decision | null>(null);
  const pending = requests.filter((request) => request.status === 'pending');
  const past = requests.filter((request) => request.status !== 'pending');
  const close = () => setDecision(null);

  return (
    <>
      <h2 className="section-title">Join Requests</h2>
      <section className="join-requests" aria-labelledby="pending-requests-title">
        <h3 id="pending-requests-title" className="section-title">
          Pending Requests
        </h3>
        {loading ? (
          <p role="status">Loading join requests...</p>
        ) : pending.length === 0 ? (
          <p className="muted">No pending join requests.</p>
        ) : (
          <ul className="request-list" role="list">
            {pending.map((request) => (
              <JoinRequestCard
                key={request.id}
                request={request}
                timeZone={timeZone}
                onApprove={(r) => setDecision({ kind: 'approve', request: r })}
                onReject={(r) => setDecision({ kind: 'reject', request: r })}
              />
            ))}
          </ul>
        )}
      </section>
      <PastRequests requests={past} timeZone={timeZone} />
      {decision?.kind === 'approve' && (
        <ApproveRequestModal teamId={teamId} request={decision.request} players={players} onClose={close} />
      )}
      {decision?.kind === 'reject' && (
        <RejectRequestModal teamId={teamId} request={decision.request} onClose={close} />
      )}
    </>
  );
}
