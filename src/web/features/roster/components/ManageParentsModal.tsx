import { useRef, useState } from 'react';
import type { ParentContact, Player } from '../../../../shared/api/roster.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useDeleteParent } from '../api/delete-parent.ts';
import { useSyncParent } from '../api/sync-parent.ts';
import { failedTo, isGone, PARENT_GONE, PARENT_MESSAGES, syncParentMessage } from '../lib/messages.ts';
import { AddParentForm } from './AddParentForm.tsx';
import { EditParentModal } from './EditParentModal.tsx';
import { ParentContactItem } from './ParentContactItem.tsx';

interface ManageParentsModalProps {
  teamId: number;
  player: Player;
  onClose: () => void;
}

/**
 * 'Manage Parents': current parents on the left, the add-parent form on the right, and Done. Results
 * are toasts, so a phone that scrolled down to the add form still sees them. Closing with a filled add
 * form asks whether to add that parent, discard the input, or keep editing.
 */
export function ManageParentsModal({ teamId, player, onClose }: ManageParentsModalProps) {
  const [editing, setEditing] = useState<ParentContact | null>(null);
  const [removing, setRemoving] = useState<ParentContact | null>(null);
  const [addDirty, setAddDirty] = useState(false);
  const addFormRef = useRef<HTMLFormElement>(null);
  const closeAfterAdd = useRef(false);
  const syncMutation = useSyncParent(teamId);
  const deleteMutation = useDeleteParent(teamId);
  const success = (text: string) => showToast('success', text);
  const failure = (text: string) => showToast('error', text);
  const writeFailure = (action: string, error: unknown) =>
    failure(isGone(error) ? PARENT_GONE : failedTo(action, error));

  const onSync = (parent: ParentContact) => {
    if (!parent.id) return failure(PARENT_MESSAGES.missingId('sync'));
    syncMutation.mutate(parent.id, {
      onSuccess: (result) => success(syncParentMessage(result)),
      onError: (error) => writeFailure('sync parent', error),
    });
  };

  const addThenClose = () => {
    closeAfterAdd.current = true;
    addFormRef.current?.requestSubmit();
  };

  const onAdded = ({ tone, text }: { tone: 'success' | 'warning'; text: string }) => {
    showToast(tone, text);
    if (closeAfterAdd.current) onClose();
  };

  const onEdit = (parent: ParentContact) => {
    if (!parent.id) return failure(PARENT_MESSAGES.missingId('edit'));
    setEditing(parent);
  };

  const onRemove = (parent: ParentContact) => {
    if (!parent.id) return failure(PARENT_MESSAGES.missingId('remove'));
    setRemoving(parent);
  };

  const confirmRemove = () => {
    const parent = removing;
    setRemoving(null);
    if (!parent) return;
    deleteMutation.mutate(
      { playerId: player.id, parentId: parent.id },
      {
        onSuccess: () => success(PARENT_MESSAGES.removed),
        onError: (error) => writeFailure('remove parent', error),
      },
    );
  };

  return (
    <>
      <Modal
        open
        title={`Manage Parents: ${player.name}`}
        size="xl"
        onClose={onClose}
        isDirty={addDirty}
        saveAction={{ label: 'Add parent', onSave: addThenClose }}
        footer={(requestClose) => (
          <button type="button" className="button button--primary" onClick={requestClose}>
            Done
          </button>
        )}
      >
        <div className="manage-parents">
          <section className="manage-parents__current" aria-labelledby="current-parents-title">
            <h3 id="current-parents-title" className="section-title">
              Current Parents
            </h3>
            {player.parent_contacts.length === 0 ? (
              <p className="muted">No parents added yet.</p>
            ) : (
              <ul className="parent-list" role="list">
                {player.parent_contacts.map((parent) => (
                  <ParentContactItem
                    key={parent.id}
                    parent={parent}
                    busy={syncMutation.isPending}
                    removing={
                      deleteMutation.isPending ? deleteMutation.variables.parentId === parent.id : null
                    }
                    onSync={onSync}
                    onEdit={onEdit}
                    onRemove={onRemove}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="manage-parents__add">
            <AddParentForm
              teamId={teamId}
              playerId={player.id}
              formRef={addFormRef}
              onAdded={onAdded}
              onNotAdded={() => {
                closeAfterAdd.current = false;
              }}
              onDirtyChange={setAddDirty}
            />
          </section>
        </div>
      </Modal>
      {editing && (
        <EditParentModal
          teamId={teamId}
          parent={editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            success(text);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove Parent"
        message={PARENT_MESSAGES.removeConfirm}
        confirmLabel="Remove"
        danger
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
