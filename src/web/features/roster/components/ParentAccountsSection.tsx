import { useId, useState } from 'react';
import type { Player, SyncedParent } from '../../../../shared/api/roster.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Message } from '../../../components/MessageDialog.tsx';
import { useBulkSyncParents, type BulkSyncResult } from '../api/bulk-sync-parents.ts';
import { useSyncedParents } from '../api/get-synced-parents.ts';
import { PARENT_MESSAGES } from '../lib/messages.ts';
import { AssignParentModal } from './AssignParentModal.tsx';
import { ParentAccountRow } from './ParentAccountRow.tsx';

export const BULK_SYNC_CONFIRM =
  'This emails an invite to every parent contact who has not joined yet. Each parent joins the team and is linked to their child only when they follow the link. Parents invited in the last 10 minutes are skipped.';

function syncSummary(result: BulkSyncResult): Message {
  return {
    title: 'Invites Sent',
    text: (
      <ul className="summary-list" role="list">
        <li>Invited: {result.synced_count}</li>
        <li>Skipped (invited in the last 10 minutes): {result.skipped_count}</li>
        <li>Failed: {result.failed_count}</li>
      </ul>
    ),
  };
}

interface ParentAccountsSectionProps {
  teamId: number;
  players: readonly Player[];
  onMessage: (message: Message) => void;
}

/** 'Parent Accounts' (coaches and admins): where each parent stands, Show/Hide, Assign, and Invite all. */
export function ParentAccountsSection({ teamId, players, onMessage }: ParentAccountsSectionProps) {
  const titleId = useId();
  const listId = useId();
  const [shown, setShown] = useState(false);
  const [assigning, setAssigning] = useState<(SyncedParent & { user_id: number }) | null>(null);
  const [confirmSync, setConfirmSync] = useState(false);
  const parents = useSyncedParents(teamId, shown);
  const bulkSync = useBulkSyncParents(teamId);
  const rows = parents.data ?? [];
  // Everyone with a contact has joined: there is nobody to invite.
  const nobodyToInvite = players.every((player) =>
    player.parent_contacts.every((contact) => contact.user_id !== null),
  );

  const syncAll = () => {
    setConfirmSync(false);
    bulkSync.mutate(undefined, {
      onSuccess: (result) => onMessage(syncSummary(result)),
      // The server's reason when it gave one (e.g. confirm your email first), else the spec's fallback.
      onError: (error) =>
        onMessage({ title: 'Error', text: errorMessage(error, PARENT_MESSAGES.bulkSyncFailed) }),
    });
  };

  return (
    <section className="card parent-accounts" aria-labelledby={titleId}>
      <div className="section-header">
        <h2 id={titleId} className="card__title">
          Parent Accounts
        </h2>
        <div className="section-header__actions">
          {nobodyToInvite ? null : (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={bulkSync.isPending}
              onClick={() => setConfirmSync(true)}
            >
              {bulkSync.isPending ? 'Inviting...' : 'Invite all'}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={shown}
            aria-controls={listId}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> parent accounts</span>
          </button>
        </div>
      </div>
      <p className="muted">
        Parents who joined sign in to see the schedule and the roster. Invited: an invite email went out; the
        parent joins and is linked to their child when they follow it. No account: not invited yet.
        Unassigned: joined the team, no child linked yet.
      </p>
      <div id={listId} hidden={!shown}>
        {shown && parents.isPending && <p role="status">Loading parent accounts...</p>}
        {shown && !parents.isPending && rows.length === 0 && <p className="muted">No parent accounts yet.</p>}
        {rows.length > 0 && (
          <ul className="account-list" role="list">
            {rows.map((parent) => (
              <ParentAccountRow
                key={`${parent.parent_id ?? 'u'}-${parent.user_id ?? 'none'}-${parent.email}`}
                parent={parent}
                onAssign={setAssigning}
              />
            ))}
          </ul>
        )}
      </div>
      {assigning && (
        <AssignParentModal
          teamId={teamId}
          parent={assigning}
          players={players}
          onClose={() => setAssigning(null)}
          onAssigned={(text) => {
            setAssigning(null);
            onMessage({ title: 'Parent Assigned', text });
          }}
        />
      )}
      <ConfirmDialog
        open={confirmSync}
        title="Invite all parents"
        message={BULK_SYNC_CONFIRM}
        confirmLabel="Send invites"
        onConfirm={syncAll}
        onCancel={() => setConfirmSync(false)}
      />
    </section>
  );
}
