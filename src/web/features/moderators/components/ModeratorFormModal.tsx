import { useState } from 'react';
import { MODERATOR_MESSAGES, type Moderator } from '../../../../shared/api/moderators.ts';
import type { PermissionKey } from '../../../../shared/permissions.ts';
import { ROLE_LABELS } from '../../../../shared/roles.ts';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useAssignModerator } from '../api/assign-moderator.ts';
import { usePermissionDefinitions, usePotentialModerators } from '../api/get-moderators.ts';
import { MODERATOR_RESULTS, moderatorFailure } from './messages.ts';

interface ModeratorFormModalProps {
  teamId: number;
  /** The moderator whose permissions are edited; null adds one. */
  moderator: Moderator | null;
  onClose: () => void;
}

/** 'Add Moderator' (choose a parent or player, then permissions) and 'Edit Moderator Permissions'. */
export function ModeratorFormModal({ teamId, moderator, onClose }: ModeratorFormModalProps) {
  const definitions = usePermissionDefinitions();
  const candidates = usePotentialModerators(teamId, moderator === null);
  const assign = useAssignModerator(teamId);
  const [userId, setUserId] = useState('');
  const [initialKeys] = useState(() => new Set(moderator?.permissions ?? []));
  const [keys, setKeys] = useState<Set<string>>(initialKeys);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (key: string, on: boolean) => {
    setProblem(null);
    setKeys((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  };

  const onSubmit = () => {
    const target = moderator?.user_id ?? Number(userId);
    if (!target || keys.size === 0) {
      setProblem(
        moderator ? MODERATOR_MESSAGES.selectPermission : MODERATOR_MESSAGES.selectUserAndPermission,
      );
      return;
    }
    setProblem(null);
    assign.mutate(
      { userId: target, keys: [...keys] as PermissionKey[] },
      {
        onSuccess: () => {
          showToast('success', moderator ? MODERATOR_RESULTS.updated : MODERATOR_RESULTS.granted);
          onClose();
        },
      },
    );
  };

  const options = (candidates.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${ROLE_LABELS[c.role]})`,
  }));
  const error =
    problem ?? (assign.isError ? moderatorFailure(moderator ? 'update' : 'grant', assign.error) : null);
  const dirty = userId !== '' || [...keys].sort().join() !== [...initialKeys].sort().join();

  return (
    <FormModal
      title={moderator ? 'Edit Moderator Permissions' : 'Add Moderator'}
      formLabel="Moderator permissions"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={moderator ? 'Update Permissions' : 'Grant Permissions'}
      busyLabel="Saving..."
      busy={assign.isPending}
      error={error}
      isDirty={dirty}
    >
      {moderator ? (
        <p>
          <strong>{moderator.user_name}</strong> <span className="muted">{moderator.user_email}</span>
        </p>
      ) : candidates.isPending ? (
        <p role="status">Loading team members...</p>
      ) : options.length === 0 ? (
        <p className="muted">
          Every parent and player of the team is already a moderator, or nobody has joined yet.
        </p>
      ) : (
        <SelectField
          label="Team member"
          value={userId}
          options={options}
          placeholder="Choose a parent or player"
          onValueChange={(v) => {
            setProblem(null);
            setUserId(v);
          }}
        />
      )}
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Permissions</legend>
        {definitions.isPending ? (
          <p role="status">Loading permissions...</p>
        ) : (
          <div className="permission-list">
            {(definitions.data ?? []).map((definition) => (
              <CheckboxField
                key={definition.permission_key}
                label={definition.permission_name}
                description={definition.description}
                checked={keys.has(definition.permission_key)}
                onCheckedChange={(on) => toggle(definition.permission_key, on)}
              />
            ))}
          </div>
        )}
      </fieldset>
    </FormModal>
  );
}
