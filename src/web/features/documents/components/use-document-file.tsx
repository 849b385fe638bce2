import { useState } from 'react';
import type { TeamDocument } from '../../../../shared/api/documents.ts';
import { DOCUMENT_MESSAGES } from '../../../../shared/documents.ts';
import { MessageDialog } from '../../../components/MessageDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadDocument, viewDocument } from '../api/download-document.ts';

/** 'Failed to download document: File is missing': the spec's message, then the reason when there is one. */
function downloadFailure(error: unknown): string {
  const reason = error instanceof ApiError && error.detail ? error.detail : '';
  return reason ? `${DOCUMENT_MESSAGES.downloadFailed}: ${reason}` : DOCUMENT_MESSAGES.downloadFailed;
}

/**
 * Download and View for a list of documents; a second tap on a file being fetched does nothing. A
 * failure is a message under `failureTitle` (docs/product/documents.md: 'Error' on the documents page,
 * 'Download Failed' on the events screen); render `failureDialog` once beside the list.
 */
export function useDocumentFile(failureTitle: string) {
  const [fetching, setFetching] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = (doc: TeamDocument, action: (doc: TeamDocument) => Promise<void>) => {
    if (fetching !== null) return;
    setFetching(doc.id);
    action(doc)
      .catch((error: unknown) => setFailure(downloadFailure(error)))
      .finally(() => setFetching(null));
  };
  return {
    fetching,
    download: (doc: TeamDocument) => run(doc, downloadDocument),
    view: (doc: TeamDocument) => run(doc, viewDocument),
    failureDialog: (
      <MessageDialog open={failure !== null} title={failureTitle} onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    ),
  };
}
