import {
  documentSchema,
  type DocumentUpdateBody,
  type TeamDocument,
} from '../../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';
import { documentKeys } from './keys.ts';

export interface UpdateDocumentInput {
  documentId: number;
  body: DocumentUpdateBody;
}

/** PUT /api/documents/{id}: title, category, description, is_public. */
export function updateDocument({ documentId, body }: UpdateDocumentInput): Promise<TeamDocument> {
  return apiRequest(`/documents/${documentId}`, {
    method: 'PUT',
    json: body,
    schema: import.meta.env.DEV ? documentSchema : undefined,
  });
}

export function useUpdateDocument(teamId: number) {
  return useReloadingMutation(updateDocument, [documentKeys.team(teamId)]);
}
