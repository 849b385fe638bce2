import { useQuery } from '@tanstack/react-query';
import { contactSheetSchema, type ContactSheet } from '../../../../shared/api/roster-import.ts';
import { API_BASE, ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth-token.ts';
import { rosterKeys } from './keys.ts';

export function getContactSheet(teamId: number): Promise<ContactSheet> {
  return apiRequest(`/teams/${teamId}/contact-sheet`, {
    schema: import.meta.env.DEV ? contactSheetSchema : undefined,
  });
}

export function useContactSheet(teamId: number) {
  return useQuery({ queryKey: rosterKeys.contactSheet(teamId), queryFn: () => getContactSheet(teamId) });
}

/** The server's CSV of the sheet (its cells safe for a spreadsheet), saved under the name it gives. */
export async function downloadContactSheet(teamId: number): Promise<void> {
  let response: Response;
  try {
    const token = getToken();
    response = await fetch(`${API_BASE}/teams/${teamId}/contact-sheet.csv`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, 'The contact sheet could not be downloaded');
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? 'contacts.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
