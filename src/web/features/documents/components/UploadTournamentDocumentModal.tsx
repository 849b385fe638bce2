import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  formatFileSize,
  titleFromFilename,
} from '../../../../shared/documents.ts';
import { Alert } from '../../../components/Alert.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { documentKeys } from '../api/keys.ts';
import { uploadDocument } from '../api/upload-document.ts';
import { fileProblem, randomKey } from '../lib/files.ts';
import { FileDropZone } from './FileDropZone.tsx';

interface UploadTournamentDocumentModalProps {
  teamId: number;
  /** The tournament the file belongs to; null shows 'No tournament selected for file upload'. */
  tournamentId: number | null;
  onClose: () => void;
}

/**
 * 'Upload Tournament Document' (docs/product/documents.md): one file, shown with its name and size, an
 * optional description, Upload. Stored under the category 'tournament', titled after the file's name. A
 * failure keeps the chosen file and says why ('Upload Failed'); success says so and reloads the lists.
 */
export function UploadTournamentDocumentModal({
  teamId,
  tournamentId,
  onClose,
}: UploadTournamentDocumentModalProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const sending = useRef(false);
  const key = useRef(randomKey());
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const problem = file ? fileProblem(file) : null;

  const onSubmit = async () => {
    if (sending.current) return;
    if (tournamentId === null) {
      setFailure(DOCUMENT_MESSAGES.noTournament);
      return;
    }
    if (!file) {
      setFailure(DOCUMENT_MESSAGES.noFile);
      return;
    }
    if (problem) return;
    sending.current = true;
    setFailure(null);
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await uploadDocument(
        teamId,
        {
          title: titleFromFilename(file.name).slice(0, DOCUMENT_LIMITS.titleMax) || file.name,
          description: description.trim(),
          category: 'tournament',
          isPublic: true,
          tournamentId,
        },
        file,
        { signal: controller.signal, idempotencyKey: key.current, onProgress: setProgress },
      );
      void queryClient.invalidateQueries({ queryKey: documentKeys.team(teamId) });
      showToast('success', DOCUMENT_MESSAGES.fileUploaded);
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailure(
        `${DOCUMENT_MESSAGES.uploadFailedTitle}: ${errorMessage(error, DOCUMENT_MESSAGES.uploadFailed)}`,
      );
      setProgress(null);
    } finally {
      sending.current = false;
      abort.current = null;
    }
  };

  const busy = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <FormModal
      title="Upload Tournament Document"
      formLabel="Tournament document"
      onClose={onClose}
      onSubmit={() => void onSubmit()}
      submitLabel="Upload"
      busyLabel="Uploading..."
      busy={busy}
      error={failure}
      isDirty={file !== null || description.trim() !== ''}
    >
      {tournamentId === null ? (
        <Alert tone="error">{DOCUMENT_MESSAGES.noTournament}</Alert>
      ) : (
        <>
          <FileDropZone
            multiple={false}
            disabled={busy}
            onFiles={(files) => {
              setFailure(null);
              setFile(files[0] ?? null);
              key.current = randomKey();
            }}
          />
          {file && (
            <div className={`upload-file${problem ? ' upload-file--error' : ''}`}>
              <div className="upload-file__head">
                <span className="upload-file__name">{file.name}</span>
                <span className="upload-file__size">{formatFileSize(file.size)}</span>
              </div>
              {problem && (
                <p className="upload-file__problem" role="alert">
                  {problem}
                </p>
              )}
              {busy && (
                <div className="upload-file__progress">
                  <progress max={100} value={percent} aria-label={`Upload progress of ${file.name}`} />
                  <span aria-hidden="true">{percent}%</span>
                </div>
              )}
            </div>
          )}
          <TextAreaField
            label="Description (optional)"
            value={description}
            onValueChange={setDescription}
            maxLength={DOCUMENT_LIMITS.descriptionMax}
          />
        </>
      )}
    </FormModal>
  );
}
