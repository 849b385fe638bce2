import { useState } from 'react';
import type { TeamDocument } from '../../../../shared/api/documents.ts';
import { DOCUMENT_MESSAGES } from '../../../../shared/documents.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { downloadDocument, viewDocument } from '../api/download-document.ts';

/** Download and View for a list of documents; a second tap on a file being fetched does nothing. */
export function useDocumentFile() {
  const [fetching, setFetching] = useState<number | null>(null);
  const run = (doc: TeamDocument, action: (doc: TeamDocument) => Promise<void>) => {
    if (fetching !== null) return;
    setFetching(doc.id);
    action(doc)
      .catch((error: unknown) =>
        showToast('error', `${DOCUMENT_MESSAGES.downloadFailed}: ${errorMessage(error, 'Unknown error')}`),
      )
      .finally(() => setFetching(null));
  };
  return {
    fetching,
    download: (doc: TeamDocument) => run(doc, downloadDocument),
    view: (doc: TeamDocument) => run(doc, viewDocument),
  };
}
