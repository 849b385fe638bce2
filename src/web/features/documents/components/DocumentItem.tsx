import type { TeamDocument } from '../../../../shared/api/documents.ts';
import { DOCUMENT_CATEGORY_LABELS, formatFileSize } from '../../../../shared/documents.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { canView } from '../api/download-document.ts';
import { formatCreatedDate } from '../lib/dates.ts';

interface DocumentItemProps {
  document: TeamDocument;
  /** This document's file is being fetched. */
  fetching: boolean;
  /** Show the tournament's name (the page's list; the tournament's own list leaves it out). */
  showTournament?: boolean;
  /**
   * The title's heading level, one under the heading above the list: 2 on the Documents page (its h1),
   * 4 in a tournament's 'Tournament Documents' (an h3). A skipped level misleads screen-reader users.
   */
  headingLevel: 2 | 4;
  onDownload: () => void;
  onView: () => void;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

/** One document: title, category, description, size, date, uploader and tournament, with its actions. */
export function DocumentItem({
  document: doc,
  fetching,
  showTournament = true,
  headingLevel,
  onDownload,
  onView,
  onEdit,
  onDelete,
}: DocumentItemProps) {
  const Title = headingLevel === 2 ? 'h2' : 'h4';
  return (
    <li className="document-item">
      <div className="document-item__head">
        <Title className="document-item__title">{doc.title}</Title>
        {/* In a tournament's own list every file is a tournament document: the tag would only repeat it. */}
        {(showTournament || doc.category !== 'tournament') && (
          <span className="tag tag--info">{DOCUMENT_CATEGORY_LABELS[doc.category]}</span>
        )}
        {!doc.is_public && <span className="tag tag--neutral">Not public</span>}
      </div>
      {doc.description && <p className="document-item__description">{doc.description}</p>}
      <dl className="document-item__facts">
        <div>
          <dt>File</dt>
          <dd className="document-item__file">{doc.original_filename || doc.filename}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatFileSize(doc.file_size)}</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>{formatCreatedDate(doc.created_at)}</dd>
        </div>
        {doc.uploader && (
          <div>
            <dt>By</dt>
            <dd>{doc.uploader.name}</dd>
          </div>
        )}
        {showTournament && doc.tournament && (
          <div>
            <dt>Tournament</dt>
            <dd>{doc.tournament.name}</dd>
          </div>
        )}
      </dl>
      <div className="document-item__actions">
        <ActionButton
          label={fetching ? 'Downloading...' : 'Download'}
          subject={doc.title}
          tone="primary"
          disabled={fetching}
          onClick={onDownload}
        />
        {canView(doc) && (
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={fetching}
            onClick={onView}
          >
            View<span className="visually-hidden"> {doc.title} (opens in a new tab)</span>
          </button>
        )}
        {onEdit && <ActionButton label="Edit" subject={doc.title} onClick={onEdit} />}
        {onDelete && <ActionButton label="Delete" subject={doc.title} tone="danger" onClick={onDelete} />}
      </div>
    </li>
  );
}
