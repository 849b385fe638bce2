import { useState } from 'react';
import type { TeamDocument } from '../../../../shared/api/documents.ts';
import { DOCUMENT_MESSAGES } from '../../../../shared/documents.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { isFileMissing, useDeleteDocument } from '../api/delete-document.ts';

interface DeleteDocumentDialogProps {
  teamId: number;
  /** The document to delete; null while closed. */
  document: TeamDocument | null;
  onClose: () => void;
}

/**
 * Delete with its confirmation (docs/product/documents.md 'The Documents page'). A document whose stored
 * file is gone answers 404 'File is missing': the user is offered to remove the record anyway (DELETE
 * ?force=true).
 */
export function DeleteDocumentDialog({ teamId, document, onClose }: DeleteDocumentDialogProps) {
  const remove = useDeleteDocument(teamId);
  const [missing, setMissing] = useState<TeamDocument | null>(null);

  const run = (doc: TeamDocument, force: boolean) => {
    remove.mutate(
      { documentId: doc.id, force },
      {
        onSuccess: () => showToast('success', DOCUMENT_MESSAGES.deleted),
        onError: (error) => {
          if (!force && isFileMissing(error)) {
            setMissing(doc);
            return;
          }
          showToast('error', `${DOCUMENT_MESSAGES.deleteFailed}: ${errorMessage(error, 'Unknown error')}`);
        },
      },
    );
  };

  return (
    <>
      <ConfirmDialog
        open={document !== null}
        title="Delete Document"
        message={document ? DOCUMENT_MESSAGES.deleteConfirm(document.title) : ''}
        confirmLabel="Delete"
        danger
        onConfirm={() => {
          if (document) run(document, false);
          onClose();
        }}
        onCancel={onClose}
      />
      <ConfirmDialog
        open={missing !== null}
        title={DOCUMENT_MESSAGES.fileMissing}
        message={
          missing
            ? `The file of "${missing.title}" is missing from storage. Remove the document from the list anyway?`
            : ''
        }
        confirmLabel="Remove Record"
        danger
        onConfirm={() => {
          if (missing) run(missing, true);
          setMissing(null);
        }}
        onCancel={() => setMissing(null)}
      />
    </>
  );
}
