import { useState } from 'react';
import type { ParentContact, Player } from '../../../../shared/api/teams.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { useDeleteParent } from '../api/delete-parent.ts';
import { useSyncParent } from '../api/sync-parent.ts';
import { failedTo, PARENT_MESSAGES, syncParentMessage } from '../lib/messages.ts';
import { AddParentForm } from './AddParentForm.tsx';
import { EditParentModal } from './EditParentModal.tsx';
import { ParentContactItem } from './ParentContactItem.tsx';

interface Notice {
  tone: 'success' | 'error';
  text: string;
}

interface ManageParentsModalProps {
  teamId: number;
  player: Player;
  onClose: () => void;
}

/** 'Manage Parents': current parents on the left, the add-parent form on the right, and Done. */
export function ManageParentsModal({ teamId, player, onClose }: ManageParentsModalProps) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<ParentContact | null>(null);
  const [removing, setRemoving] = useState<ParentContact | null>(null);
  const syncMutation = useSyncParent(teamId);
  const deleteMutation = useDeleteParent(teamId);
  const success = (text: string) => setNotice({ tone: 'success', text });
  const failure = (text: string) => setNotice({ tone: 'error', text });

  const onSync = (parent: ParentContact) => {
    if (!parent.id) return failure(PARENT_MESSAGES.missingId('sync'));
    setNotice(null);
    syncMutation.mutate(parent.id, {
      onSuccess: (result) => success(syncParentMessage(result)),
      onError: (error) => failure(failedTo('sync parent', error)),
    });
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
        onError: (error) => failure(failedTo('remove parent', error)),
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
        footer={
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        }
      >
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
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
                    onSync={onSync}
                    onEdit={onEdit}
                    onRemove={onRemove}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="manage-parents__add">
            <AddParentForm teamId={teamId} playerId={player.id} onAdded={success} />
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
