import { useEffect, useState } from 'react';
import { Alert } from '../../../components/Alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { clearFlash, peekFlash } from '../../../lib/flash.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { useMyInvites } from '../api/get-my-invites.ts';
import { useMyJoinRequests } from '../api/get-my-join-requests.ts';
import { useAcceptInviteInApp } from '../api/join-in-app.ts';
import { JoinByCodeForm } from './JoinByCodeForm.tsx';

/**
 * What a parent or player without a team sees (issue 6): invites waiting for them, where their join
 * request stands, and a way to join with a code, all without signing out or filling a sign-up form.
 */
export function NoTeamPanel() {
  const timeZone = useTeamTimeZone();
  // Kept in this panel's state, removed from storage once the panel is on the page (flash.ts).
  const [flash] = useState(peekFlash);
  useEffect(clearFlash, []);
  const requests = useMyJoinRequests(true);
  const invites = useMyInvites(true);
  const accept = useAcceptInviteInApp();
  const latest = requests.data?.[0];

  if (requests.isPending || invites.isPending) {
    return (
      <p className="card" role="status">
        Loading...
      </p>
    );
  }

  return (
    <>
      {flash && <Alert tone="success">{flash}</Alert>}
      {(invites.data ?? []).map((invite) => (
        <section key={invite.id} className="card" aria-labelledby={`invite-${invite.id}`}>
          <h2 id={`invite-${invite.id}`} className="card__title">
            {invite.team_name} invited you to join
          </h2>
          <p>The coach added you as a parent contact. Accept to see the team and your child.</p>
          {accept.isError && <Alert tone="error">{errorMessage(accept.error, 'Failed to join team')}</Alert>}
          <button
            type="button"
            className="button button--primary"
            disabled={accept.isPending}
            onClick={() => accept.mutate(invite.id)}
          >
            {accept.isPending ? 'Joining...' : `Accept and join ${invite.team_name}`}
          </button>
        </section>
      ))}
      {latest?.status === 'pending' ? (
        <section className="card" aria-labelledby="pending-join-title">
          <h2 id="pending-join-title" className="card__title">
            Your request to join {latest.team_name} is awaiting approval
          </h2>
          <p>
            Sent {formatDate(latest.created_at, timeZone)}. A coach will review it; we will email you when
            they decide.
          </p>
        </section>
      ) : (
        <section className="card" aria-labelledby="join-team-title">
          {latest?.status === 'rejected' ? (
            <>
              <h2 id="join-team-title" className="card__title">
                Your request to join {latest.team_name} was declined
              </h2>
              {latest.rejection_reason && <p>Reason from the coach: {latest.rejection_reason}</p>}
              <p>Check the code with your coach and try again.</p>
            </>
          ) : (
            <>
              <h2 id="join-team-title" className="card__title">
                You are not on a team yet
              </h2>
              <p>Enter the 8-character invite code from your coach; a coach confirms the request.</p>
            </>
          )}
          <JoinByCodeForm />
        </section>
      )}
    </>
  );
}
