import { useId, useState, type FormEvent, type RefObject } from 'react';
import type { Relationship } from '../../../../shared/teams.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { useReportDirty } from '../../../lib/use-report-dirty.ts';
import { MISSING_PARENT_ID, useAddParent } from '../api/add-parent.ts';
import { addParentMessage, failedTo } from '../lib/messages.ts';
import { useParentFields } from '../lib/use-parent-fields.ts';
import { ParentContactFields } from './ParentContactFields.tsx';
import { RelationshipFields } from './RelationshipFields.tsx';

interface AddParentFormProps {
  teamId: number;
  playerId: number;
  formRef: RefObject<HTMLFormElement | null>;
  /** Added: the message to show, a warning when the invite asked for was not sent. */
  onAdded: (message: { tone: 'success' | 'warning'; text: string }) => void;
  /** The submit stopped: input to fix, or the server refused or could not be reached. */
  onNotAdded: () => void;
  /** Something was typed: closing Manage Parents asks before discarding it. */
  onDirtyChange: (dirty: boolean) => void;
}

/** The right column of Manage Parents: a new parent contact, by default invited by email. */
export function AddParentForm({
  teamId,
  playerId,
  formRef,
  onAdded,
  onNotAdded,
  onDirtyChange,
}: AddParentFormProps) {
  const titleId = useId();
  const fields = useParentFields();
  const dirty = Object.values(fields.values).some((value) => value.trim() !== '');
  useReportDirty(dirty, onDirtyChange);
  const [relationship, setRelationship] = useState<Relationship>('parent');
  const [isPrimary, setIsPrimary] = useState(false);
  const [sendInvite, setSendInvite] = useState(true);
  const mutation = useAddParent(teamId);

  const reset = () => {
    fields.reset();
    setRelationship('parent');
    setIsPrimary(false);
    setSendInvite(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const contact = fields.check(formRef.current);
    if (!contact) return onNotAdded();
    const body = {
      parent_name: contact.name,
      parent_email: contact.email,
      parent_phone: contact.phone,
      player_id: playerId,
      relationship_type: relationship,
      is_primary: isPrimary,
      send_invite: sendInvite,
    };
    mutation.mutate(
      { playerId, body },
      {
        onSuccess: (parent) => {
          reset();
          onAdded(addParentMessage(body.send_invite, parent));
        },
        onError: onNotAdded,
      },
    );
  };

  const failure = mutation.isError
    ? mutation.error.message === MISSING_PARENT_ID
      ? MISSING_PARENT_ID
      : failedTo('add parent', mutation.error)
    : null;
  const error = fields.formError ?? failure;

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <h3 id={titleId} className="section-title">
        Add Parent
      </h3>
      {error && <Alert tone="error">{error}</Alert>}
      <ParentContactFields values={fields.values} errors={fields.errors} onChange={fields.onChange} />
      <RelationshipFields
        relationship={relationship}
        isPrimary={isPrimary}
        onRelationshipChange={setRelationship}
        onPrimaryChange={setIsPrimary}
      />
      <CheckboxField label="Send invite email" checked={sendInvite} onCheckedChange={setSendInvite} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Adding...' : 'Add Parent'}
        </button>
      </div>
    </form>
  );
}
