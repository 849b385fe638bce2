import { useRef } from 'react';
import type { RosterImportResult } from '../../../../shared/api/roster-import.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInviteNewParents } from '../api/invite-new-parents.ts';

export const INVITE_NEW_FAILED = 'Failed to send invites';

interface ImportResultDialogProps {
  teamId: number;
  result: RosterImportResult;
  onClose: () => void;
}

/**
 * What the import did, and 'Invite all': imported contacts get no invite until the coach asks here
 * (or later in Parent Accounts); only those never invited get one.
 */
export function ImportResultDialog({ teamId, result, onClose }: ImportResultDialogProps) {
  const doneRef = useRef<HTMLButtonElement>(null);
  const invite = useInviteNewParents(teamId);
  const offerInvite = result.contacts_added > 0 && !invite.isSuccess;
  return (
    <Modal
      open
      title="Roster Imported"
      size="sm"
      onClose={onClose}
      initialFocusRef={doneRef}
      footer={
        <>
          {offerInvite && (
            <button
              type="button"
              className="button button--secondary"
              disabled={invite.isPending}
              onClick={() => invite.mutate()}
            >
              {invite.isPending ? 'Inviting...' : 'Invite all'}
            </button>
          )}
          <button ref={doneRef} type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <p>{result.message}</p>
      {offerInvite && (
        <p className="muted">
          Invite all emails an invite to each imported parent who has never been invited. They join the team
          when they follow it.
        </p>
      )}
      {invite.isSuccess && <Alert tone="success">{invite.data.message}</Alert>}
      {invite.isError && <Alert tone="error">{errorMessage(invite.error, INVITE_NEW_FAILED)}</Alert>}
    </Modal>
  );
}
