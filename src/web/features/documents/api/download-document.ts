import type { TeamDocument } from '../../../../shared/api/documents.ts';
import { DOCUMENT_CONTENT_TYPES } from '../../../../shared/documents.ts';
import { API_BASE, ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth-token.ts';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../lib/network-status.ts';

// Download and View (docs/product/documents.md 'Files'). The file is fetched
// with the bearer header and handed to the browser as a blob, so the token never appears in an address,
// the history or a server log (the ?token= form exists for plain links; this page does not use it).

/** Blob addresses are given back after this long: enough for the browser to start the save or the tab. */
const REVOKE_AFTER_MS = 60_000;

async function detailOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
      return body.detail;
    }
  } catch {
    // Not JSON.
  }
  return response.statusText || `Server error: ${response.status}`;
}

/** GET /api/documents/download/{id}[?inline=true] as a blob. */
export async function fetchDocument(document: TeamDocument, inline = false): Promise<Blob> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/documents/download/${document.id}${inline ? '?inline=true' : ''}`, {
      headers,
    });
  } catch {
    reportNetworkFailure();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  reportNetworkSuccess();
  if (!response.ok) throw new ApiError(response.status, await detailOf(response));
  try {
    return await response.blob();
  } catch {
    reportNetworkFailure();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/** Saves the file under its original name. */
export async function downloadDocument(document: TeamDocument): Promise<void> {
  const blob = await fetchDocument(document);
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.original_filename || document.filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Whether a browser shows this type itself without running anything (View is offered only for those). */
export function canView(document: TeamDocument): boolean {
  return DOCUMENT_CONTENT_TYPES[document.file_type].inline;
}

/**
 * Opens the file in a new tab. The tab is opened at once, inside the tap (a tab opened after a fetch is
 * taken for a pop-up and blocked), and shown the file when it arrives; on a failure it is closed again.
 */
export async function viewDocument(document: TeamDocument): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const fetched = await fetchDocument(document, true);
    // The type the server names for a safe type; never an HTML or script type from elsewhere.
    const blob = new Blob([fetched], { type: DOCUMENT_CONTENT_TYPES[document.file_type].contentType });
    const url = URL.createObjectURL(blob);
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      // Pop-ups refused: a link opened by the page itself.
      const link = window.document.createElement('a');
      link.href = url;
      link.target = '_blank';
      link.rel = 'noopener';
      link.click();
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
