import { useState } from 'react';
import type { Conversation, Recipient } from '../../../../shared/api/conversations.ts';
import {
  childrenAmong,
  conversationTypeOf,
  MESSAGE_LIMITS,
  MESSAGING_MESSAGES,
  PARTICIPANT_GROUP_LABELS,
  PARTICIPANT_GROUPS,
  RECIPIENT_GROUPS,
} from '../../../../shared/conversations.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateConversation } from '../api/create-conversation.ts';
import { useRecipients, useTeamMembers } from '../api/get-recipients.ts';

type GroupKey = (typeof RECIPIENT_GROUPS)[number]['key'];

interface NewConversationModalProps {
  teamId: number;
  /** The signed-in user: never among those a group left out. */
  userId: number;
  onClose: () => void;
  onCreated: (conversation: Conversation) => void;
}

/**
 * 'Start New Message' (docs/product/conversations.md): an optional name and the people the user may
 * message, grouped as Coaches, Admins, Parents, Players, with quick groups (All parents, All players,
 * All coaches, Whole team) and a search by name. A group adds only people of the recipients list (whom
 * the server lets the user message) and says whom of the team it left out. Closing with a choice made
 * asks first.
 */
export function NewConversationModal({ teamId, userId, onClose, onCreated }: NewConversationModalProps) {
  const recipients = useRecipients(teamId);
  const members = useTeamMembers(teamId);
  const create = useCreateConversation(teamId);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [noneChosen, setNoneChosen] = useState(false);
  const [search, setSearch] = useState('');
  const [leftOut, setLeftOut] = useState<readonly string[]>([]);

  const people = recipients.data ?? [];
  const inGroup = (key: GroupKey) => {
    const roles: readonly string[] = RECIPIENT_GROUPS.find((g) => g.key === key)?.roles ?? [];
    // eslint-disable-next-line no-restricted-syntax -- picks the people of a group, decides no permission
    return people.filter((r) => roles.includes(r.role));
  };
  const groupChosen = (key: GroupKey) => {
    const group = inGroup(key);
    return group.length > 0 && group.every((r) => chosen.has(r.user_id));
  };
  /** A group toggles its people: adds them all, or takes them all out when every one is in. */
  const toggleGroup = (key: GroupKey) => {
    const group = inGroup(key);
    const roles: readonly string[] = RECIPIENT_GROUPS.find((g) => g.key === key)?.roles ?? [];
    const allowed = new Set(people.map((r) => r.user_id));
    // Members of the group's roles the server does not let the user message: named, never added.
    setLeftOut(
      (members.data ?? [])
        // eslint-disable-next-line no-restricted-syntax -- picks the people of a group, decides no permission
        .filter((m) => m.user_id !== userId && roles.includes(m.role) && !allowed.has(m.user_id))
        .map((m) => m.name)
        .sort((a, b) => a.localeCompare(b)),
    );
    setNoneChosen(false);
    const off = groupChosen(key);
    setChosen((old) => {
      const next = new Set(old);
      for (const person of group) {
        if (off) next.delete(person.user_id);
        else next.add(person.user_id);
      }
      return next;
    });
  };

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

  const needle = search.trim().toLocaleLowerCase();
  const groups = PARTICIPANT_GROUPS.map((role) => ({
    role,
    people: people.filter((r) => r.role === role).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((g) => g.people.length > 0);
  const shown = groups
    .map((g) => ({
      ...g,
      people: needle ? g.people.filter((r) => r.name.toLocaleLowerCase().includes(needle)) : g.people,
    }))
    .filter((g) => g.people.length > 0);
  const quickGroups = RECIPIENT_GROUPS.filter((g) => {
    const roles: readonly string[] = g.roles;
    // eslint-disable-next-line no-restricted-syntax -- picks the people of a group, decides no permission
    return (members.data ?? people).some((m) => m.user_id !== userId && roles.includes(m.role));
  });
  const playerChosen = childrenAmong(people).some((id) => chosen.has(id));

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
        <>
          <div className="recipient-quick" role="group" aria-label="Add a group">
            {quickGroups.map((g) => (
              <button
                key={g.key}
                type="button"
                className="button button--secondary button--small"
                aria-pressed={groupChosen(g.key)}
                onClick={() => toggleGroup(g.key)}
              >
                {g.label}
              </button>
            ))}
          </div>
          {leftOut.length > 0 && (
            <p className="recipient-note" role="status">
              {MESSAGING_MESSAGES.leftOut(leftOut)}
            </p>
          )}
          <TextField
            label={MESSAGING_MESSAGES.searchLabel}
            type="search"
            value={search}
            onValueChange={setSearch}
            autoComplete="off"
          />
          <p className="muted recipient-count" aria-live="polite">
            {MESSAGING_MESSAGES.chosenCount(chosen.size)}
          </p>
          {playerChosen && <p className="recipient-note">{MESSAGING_MESSAGES.playersKeptSafe}</p>}
          {shown.length === 0 && <p className="muted">{MESSAGING_MESSAGES.noMatch}</p>}
          <div className="recipient-groups">
            {shown.map((group) => (
              <RecipientGroup
                key={group.role}
                label={PARTICIPANT_GROUP_LABELS[group.role]}
                people={group.people}
                chosen={chosen}
                onToggle={toggle}
              />
            ))}
          </div>
        </>
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
