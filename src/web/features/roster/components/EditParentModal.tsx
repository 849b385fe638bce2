import { useRef, useState } from 'react';
import type { ParentContact } from '../../../../shared/api/roster.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useUpdateParent } from '../api/update-parent.ts';
import { failedTo, isGone, PARENT_GONE, PARENT_MESSAGES } from '../lib/messages.ts';
import { useParentFields } from '../lib/use-parent-fields.ts';
import { ParentContactFields } from './ParentContactFields.tsx';

interface EditParentModalProps {
  teamId: number;
  parent: ParentContact;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function updateFailure(error: unknown): string {
  return isGone(error) ? PARENT_GONE : failedTo('update parent', error);
}

/** 'Edit Parent': name, email and phone of a parent contact. */
export function EditParentModal({ teamId, parent, onClose, onSaved }: EditParentModalProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => ({
    name: parent.name,
    email: parent.email ?? '',
    phone: parent.phone ?? '',
  }));
  const fields = useParentFields(initial);
  const mutation = useUpdateParent(teamId);

  const onSubmit = () => {
    const body = fields.check(formRef.current);
    if (body)
      mutation.mutate({ parentId: parent.id, body }, { onSuccess: () => onSaved(PARENT_MESSAGES.updated) });
  };

  return (
    <FormModal
      title="Edit Parent"
      size="sm"
      formLabel="Parent details"
      formRef={formRef}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={mutation.isPending}
      error={fields.formError ?? (mutation.isError ? updateFailure(mutation.error) : null)}
      isDirty={JSON.stringify(fields.values) !== JSON.stringify(initial)}
    >
      <ParentContactFields values={fields.values} errors={fields.errors} onChange={fields.onChange} />
    </FormModal>
  );
}
