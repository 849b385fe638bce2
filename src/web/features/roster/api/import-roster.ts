import {
  rosterImportProblems,
  rosterImportResponse,
  type RosterImportResult,
} from '../../../../shared/api/roster-import.ts';
import type { ImportRow, RowProblem } from '../../../../shared/roster-rows.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useRosterMutation } from '../lib/use-roster-mutation.ts';

/** Saves the confirmed rows, all or none (POST /api/teams/{id}/roster-import). */
export function importRoster(teamId: number, rows: ImportRow[]): Promise<RosterImportResult> {
  return apiRequest(`/teams/${teamId}/roster-import`, {
    method: 'POST',
    json: { rows },
    schema: import.meta.env.DEV ? rosterImportResponse : undefined,
  });
}

/** The rows' problems the server found (the roster changed since the preview), if that is the failure. */
export function problemsOf(error: unknown): RowProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = rosterImportProblems.safeParse(error.body);
  return parsed.success ? parsed.data.problems : null;
}

export function useImportRoster(teamId: number) {
  return useRosterMutation(teamId, importRoster);
}
