import type { TeamDocument } from '../../../../shared/api/documents.ts';
import { DOCUMENT_MESSAGES } from '../../../../shared/documents.ts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTournamentDocuments } from '../api/get-tournament-documents.ts';
import { DeleteDocumentDialog } from './DeleteDocumentDialog.tsx';
import { DocumentItem } from './DocumentItem.tsx';
import { UploadTournamentDocumentModal } from './UploadTournamentDocumentModal.tsx';
import { useDocumentFile } from './use-document-file.tsx';
import './documents.css';

export interface TournamentDocumentsProps {
  teamId: number;
  tournamentId: number;
  /** The user may upload files to the team (can_upload_files, or a coach). */
  canUpload: boolean;
  /** Upload Tournament Document is open (the detail view's Upload File opens it too). */
  uploading: boolean;
  onUploadingChange: (open: boolean) => void;
}

/** The tournament detail view's 'Tournament Documents' (docs/product/documents.md). */
export function TournamentDocuments({
  teamId,
  tournamentId,
  canUpload,
  uploading,
  onUploadingChange,
}: TournamentDocumentsProps) {
  const documents = useTournamentDocuments(teamId, tournamentId);
  const file = useDocumentFile(DOCUMENT_MESSAGES.downloadFailedTitle);
  const [deleting, setDeleting] = useState<TeamDocument | null>(null);
  const list = documents.data ?? [];

  return (
    <section className="card" aria-labelledby="tournament-documents-title">
      <div className="section-header">
        <h3 id="tournament-documents-title" className="card__title">
          Tournament Documents
        </h3>
        {canUpload && list.length > 0 && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onUploadingChange(true)}
          >
            Upload additional document
          </button>
        )}
      </div>
      {documents.isPending ? (
        <p role="status">Loading documents...</p>
      ) : documents.isError ? (
        <p role="alert">
          {DOCUMENT_MESSAGES.loadFailed}: {errorMessage(documents.error, 'check your connection')}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">
          No documents yet.
          {canUpload && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => onUploadingChange(true)}>
                Upload a document
              </button>
            </>
          )}
        </p>
      ) : (
        <ul className="document-list document-list--compact" aria-label="Tournament documents">
          {list.map((doc) => (
            <DocumentItem
              key={doc.id}
              document={doc}
              showTournament={false}
              headingLevel={4}
              fetching={file.fetching === doc.id}
              onDownload={() => file.download(doc)}
              onView={() => file.view(doc)}
              onDelete={doc.can_manage ? () => setDeleting(doc) : undefined}
            />
          ))}
        </ul>
      )}
      {uploading && (
        <UploadTournamentDocumentModal
          teamId={teamId}
          tournamentId={tournamentId}
          onClose={() => onUploadingChange(false)}
        />
      )}
      <DeleteDocumentDialog teamId={teamId} document={deleting} onClose={() => setDeleting(null)} />
      {file.failureDialog}
    </section>
  );
}
