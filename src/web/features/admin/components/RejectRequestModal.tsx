import { useState } from 'react';
import type { JoinRequest } from '../../../../shared/api/joining.ts';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { useRejectJoinRequest } from '../api/reject-join-request.ts';
import { decisionFailure } from './decision-failure.ts';

interface RejectRequestModalProps {
  teamId: number;
  request: JoinRequest;
  onClose: () => void;
}

/** Reject a join request with an optional reason, which the requester receives by email. */
export function RejectRequestModal({ teamId, request, onClose }: RejectRequestModalProps) {
  const [reason, setReason] = useState('');
  const mutation = useRejectJoinRequest(teamId);

  const reject = () =>
    mutation.mutate(
      { requestId: request.id, reason },
      { onSuccess: onClose, onError: (error) => console.error('Rejecting the join request failed', error) },
    );

  return (
    <FormModal
      size="sm"
      title="Reject Join Request"
      submitLabel="Reject"
      busyLabel="Rejecting..."
      busy={mutation.isPending}
      danger
      error={mutation.isError ? decisionFailure('reject', mutation.error) : null}
      onSubmit={reject}
      onClose={onClose}
      isDirty={reason.trim() !== ''}
    >
      <p>
        Reject the request of <strong>{request.user_name}</strong> ({request.user_email})?
      </p>
      <TextAreaField
        label="Reason (optional)"
        hint="Included in the email to the requester."
        maxLength={500}
        value={reason}
        onValueChange={setReason}
      />
    </FormModal>
  );
}
