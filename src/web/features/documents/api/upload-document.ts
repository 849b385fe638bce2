import { documentSchema, type TeamDocument } from '../../../../shared/api/documents.ts';
import type { DocumentCategory } from '../../../../shared/documents.ts';
import { API_BASE, ApiError, NETWORK_ERROR_MESSAGE, WRITE_TIMEOUT_MS } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth-token.ts';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../lib/network-status.ts';

// POST /api/documents/upload/{teamId} (docs/product/documents.md): one request per team per file,
// multipart, the text fields before the file so the server has them before the bytes. Sent with
// XMLHttpRequest because fetch reports no upload progress. A file of 10 MB takes a while on a weak
// signal, so the deadline is not the whole upload: the request fails when no byte has moved (or, once
// sent, no answer has come) for WRITE_TIMEOUT_MS, with the same network message as every other write.

export interface UploadFields {
  title: string;
  description: string;
  category: DocumentCategory;
  isPublic: boolean;
  tournamentId?: number | null;
}

export interface UploadOptions {
  /** Bytes of the file sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retry of the same file to the same team is the same upload. */
  idempotencyKey?: string;
}

function detailOf(xhr: XMLHttpRequest): string {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object' && 'detail' in body) {
      const { detail } = body;
      if (typeof detail === 'string' && detail) return detail;
      if (Array.isArray(detail)) {
        const first: unknown = detail[0];
        if (first && typeof first === 'object' && 'msg' in first && typeof first.msg === 'string') {
          return first.msg;
        }
      }
    }
  } catch {
    // Not JSON.
  }
  if (xhr.status === 413) return 'The file is too large';
  return `Upload failed: ${xhr.status}`;
}

export function uploadDocument(
  teamId: number,
  fields: UploadFields,
  file: File,
  { onProgress, signal, idempotencyKey }: UploadOptions = {},
): Promise<TeamDocument | null> {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('description', fields.description);
  form.append('category', fields.category);
  form.append('is_public', String(fields.isPublic));
  if (fields.tournamentId) form.append('tournament_id', String(fields.tournamentId));
  form.append('file', file, file.name);

  return new Promise<TeamDocument | null>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const networkFailure = () =>
      finish(() => {
        reportNetworkFailure();
        reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
      });
    // Nothing moved for the deadline: give up, as a dropped connection.
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        networkFailure();
      }, WRITE_TIMEOUT_MS);
    };
    const onAbort = () => {
      xhr.abort();
      finish(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
    };

    xhr.open('POST', `${API_BASE}/documents/upload/${teamId}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      arm();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => {
      onProgress?.(1);
      arm();
    };
    xhr.onerror = networkFailure;
    xhr.onload = () =>
      finish(() => {
        reportNetworkSuccess();
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(new ApiError(xhr.status, detailOf(xhr)));
          return;
        }
        // Stored: whatever the answer's shape, the file is there (the list reloads to show it).
        let stored: TeamDocument | null = null;
        try {
          const parsed = documentSchema.safeParse(JSON.parse(xhr.responseText));
          if (parsed.success) stored = parsed.data;
        } catch {
          // Not JSON: still stored.
        }
        resolve(stored);
      });

    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
    xhr.send(form);
  });
}
