import { useId, useState } from 'react';
import type { Player, SyncedParent } from '../../../../shared/api/teams.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { Message } from '../../../components/MessageDialog.tsx';
import { useBulkSyncParents, type BulkSyncResult } from '../api/bulk-sync-parents.ts';
import { useSyncedParents } from '../api/get-synced-parents.ts';
import { PARENT_MESSAGES } from '../lib/messages.ts';
import { AssignParentModal } from './AssignParentModal.tsx';
import { ParentAccountRow } from './ParentAccountRow.tsx';

export const BULK_SYNC_CONFIRM =
  'This creates a user account for every parent contact who does not have one yet and emails each of them an invite to set a password. Parents who already have an account are left as they are.';

function syncSummary(result: BulkSyncResult): Message {
  return {
    title: 'Parent Sync Complete',
    text: (
      <ul className="summary-list" role="list">
        <li>Created: {result.synced_count}</li>
        <li>Existing: {result.skipped_count}</li>
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

/** 'Parent Accounts' (coaches and admins): who can sign in, Show/Hide, Assign, and Sync All Parents. */
export function ParentAccountsSection({ teamId, players, onMessage }: ParentAccountsSectionProps) {
  const titleId = useId();
  const listId = useId();
  const [shown, setShown] = useState(false);
  const [assigning, setAssigning] = useState<(SyncedParent & { user_id: number }) | null>(null);
  const [confirmSync, setConfirmSync] = useState(false);
  const parents = useSyncedParents(teamId, shown);
  const bulkSync = useBulkSyncParents(teamId);
  const rows = parents.data ?? [];

  const syncAll = () => {
    setConfirmSync(false);
    bulkSync.mutate(undefined, {
      onSuccess: (result) => onMessage(syncSummary(result)),
      onError: () => onMessage({ title: 'Error', text: PARENT_MESSAGES.bulkSyncFailed }),
    });
  };

  return (
    <section className="card parent-accounts" aria-labelledby={titleId}>
      <div className="section-header">
        <h2 id={titleId} className="card__title">
          Parent Accounts
        </h2>
        <div className="section-header__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={bulkSync.isPending}
            onClick={() => setConfirmSync(true)}
          >
            {bulkSync.isPending ? 'Syncing...' : 'Sync All Parents'}
          </button>
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
        Parents with an account sign in to see the schedule and the roster. Synced: signed in and linked to a
        child. Pending: invited, no password set yet. Unassigned: has an account but no child linked.
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
        title="Sync All Parents"
        message={BULK_SYNC_CONFIRM}
        confirmLabel="Sync All"
        onConfirm={syncAll}
        onCancel={() => setConfirmSync(false)}
      />
    </section>
  );
}
