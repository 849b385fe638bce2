import { useState } from 'react';
import type { Conversation, Recipient } from '../../../../shared/api/conversations.ts';
import {
  conversationTypeOf,
  MESSAGE_LIMITS,
  MESSAGING_MESSAGES,
  PARTICIPANT_GROUP_LABELS,
  PARTICIPANT_GROUPS,
} from '../../../../shared/conversations.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateConversation } from '../api/create-conversation.ts';
import { useRecipients } from '../api/get-recipients.ts';

interface NewConversationModalProps {
  teamId: number;
  onClose: () => void;
  onCreated: (conversation: Conversation) => void;
}

/**
 * 'Start New Message' (docs/product/conversations.md): an optional name and the people the user may
 * message, grouped as Coaches, Admins, Parents, Players. Closing with a choice made asks first.
 */
export function NewConversationModal({ teamId, onClose, onCreated }: NewConversationModalProps) {
  const recipients = useRecipients(teamId);
  const create = useCreateConversation(teamId);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [noneChosen, setNoneChosen] = useState(false);

  const toggle = (userId: number, on: boolean) => {
    setNoneChosen(false);
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  };

  const onSubmit = () => {
    if (chosen.size === 0) {
      setNoneChosen(true);
      return;
    }
    const participant_ids = [...chosen];
    create.mutate(
      {
        name: name.trim() || null,
        // The creator is in it too; the server decides the type again from the final participants.
        conversation_type: conversationTypeOf(participant_ids.length + 1),
        participant_ids,
      },
      { onSuccess: (conversation) => onCreated(conversation) },
    );
  };

  const groups = PARTICIPANT_GROUPS.map((role) => ({
    role,
    people: (recipients.data ?? [])
      .filter((r) => r.role === role)
      .sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((g) => g.people.length > 0);

  return (
    <FormModal
      title="Start New Message"
      formLabel="New conversation"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Start Conversation"
      busyLabel="Creating..."
      busy={create.isPending}
      isDirty={name.trim() !== '' || chosen.size > 0}
    >
      {create.isError && (
        <Alert tone="error">
          <strong>{MESSAGING_MESSAGES.createTitle}</strong>{' '}
          {errorMessage(create.error, MESSAGING_MESSAGES.createFailed)}
        </Alert>
      )}
      {noneChosen && chosen.size === 0 && <Alert tone="error">{MESSAGING_MESSAGES.selectParticipant}</Alert>}
      <TextField
        label="Conversation name (optional)"
        value={name}
        onValueChange={setName}
        maxLength={MESSAGE_LIMITS.conversationNameMax}
        placeholder="e.g. Carpool to Saturday's game"
      />
      {recipients.isPending ? (
        <p role="status">Loading team members...</p>
      ) : recipients.isError ? (
        <p role="alert">
          Could not load the team members. Close this and try again when the connection is back.
        </p>
      ) : groups.length === 0 ? (
        <p className="card muted">{MESSAGING_MESSAGES.noMembers}</p>
      ) : (
        <div className="recipient-groups">
          {groups.map((group) => (
            <RecipientGroup
              key={group.role}
              label={PARTICIPANT_GROUP_LABELS[group.role]}
              people={group.people}
              chosen={chosen}
              onToggle={toggle}
            />
          ))}
        </div>
      )}
    </FormModal>
  );
}

function RecipientGroup({
  label,
  people,
  chosen,
  onToggle,
}: {
  label: string;
  people: readonly Recipient[];
  chosen: ReadonlySet<number>;
  onToggle: (userId: number, on: boolean) => void;
}) {
  return (
    <fieldset className="fieldset recipient-group">
      <legend className="fieldset__legend">{label}</legend>
      {people.map((person) => (
        <CheckboxField
          key={person.user_id}
          label={person.name}
          checked={chosen.has(person.user_id)}
          onCheckedChange={(on) => onToggle(person.user_id, on)}
        />
      ))}
    </fieldset>
  );
}
