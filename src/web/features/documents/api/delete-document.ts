import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { DOCUMENT_MESSAGES } from '../../../../shared/documents.ts';
import { documentKeys } from './keys.ts';

export interface DeleteDocumentInput {
  documentId: number;
  /** Removes the record even though its file is missing (the server's 404 'File is missing'). */
  force?: boolean;
}

/** DELETE /api/documents/{id}[?force=true] */
export function deleteDocument({ documentId, force = false }: DeleteDocumentInput): Promise<unknown> {
  return apiRequest(`/documents/${documentId}${force ? '?force=true' : ''}`, { method: 'DELETE' });
}

export function useDeleteDocument(teamId: number) {
  return useReloadingMutation(deleteDocument, [documentKeys.team(teamId)]);
}

/** The delete failed because the stored file is gone: the record can be removed with force. */
export function isFileMissing(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 500 || (error.status === 404 && error.detail === DOCUMENT_MESSAGES.fileMissing))
  );
}
