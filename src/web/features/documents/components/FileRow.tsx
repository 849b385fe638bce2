import { formatFileSize } from '../../../../shared/documents.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';

export interface FileEntry {
  key: string;
  file: File;
  /** Why the page will not send it (type, size), found before sending. */
  problem: string | null;
  status: 'ready' | 'uploading' | 'done' | 'failed';
  /** 0..1 over all the teams it goes to. */
  progress: number;
  /** After a failure: the teams it still has to reach (Retry sends it only there). */
  pendingTeamIds: number[];
  error: string | null;
  /**
   * Whether it was sent as one of several files (its title then ends with its own name), kept from the
   * first try so that a Retry stores it under the same title when the others are gone from the list.
   */
  several: boolean | null;
}

interface FileRowProps {
  entry: FileEntry;
  /** An upload is running: rows cannot be removed or retried meanwhile. */
  busy: boolean;
  /** Names of the teams a failed file did not reach. */
  failedFor: readonly string[];
  onRemove: () => void;
  onRetry: () => void;
}

/** One chosen file: its name and size, what is wrong with it, its progress and its result. */
export function FileRow({ entry, busy, failedFor, onRemove, onRetry }: FileRowProps) {
  const { file, problem, status, progress, error } = entry;
  const percent = Math.round(progress * 100);
  const invalid = problem !== null;
  return (
    <li className={`upload-file${invalid || status === 'failed' ? ' upload-file--error' : ''}`}>
      <div className="upload-file__head">
        <span className="upload-file__name">{file.name}</span>
        <span className="upload-file__size">{formatFileSize(file.size)}</span>
        {status !== 'uploading' && status !== 'done' && (
          <div className="upload-file__actions">
            {status === 'failed' && (
              <ActionButton
                label="Retry"
                subject={file.name}
                tone="primary"
                disabled={busy}
                onClick={onRetry}
              />
            )}
            <ActionButton
              label="Remove"
              subject={file.name}
              tone="danger"
              disabled={busy}
              onClick={onRemove}
            />
          </div>
        )}
      </div>
      {invalid && <p className="upload-file__problem">{problem}</p>}
      {(status === 'uploading' || status === 'done') && (
        <div className="upload-file__progress">
          <progress max={100} value={percent} aria-label={`Upload progress of ${file.name}`} />
          <span aria-hidden="true">{status === 'done' ? 'Uploaded' : `${percent}%`}</span>
        </div>
      )}
      {status === 'failed' && (
        <p className="upload-file__problem" role="status">
          Not uploaded{failedFor.length > 0 ? ` to ${failedFor.join(', ')}` : ''}: {error}
        </p>
      )}
    </li>
  );
}
