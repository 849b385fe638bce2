import type { DocumentCategory } from '../../../../shared/documents.ts';

// The documents' answers, kept under the team's key: coming back to the tab reloads them, switching teams
// never shows another team's files, and one invalidation of `team` reloads every list of that team.
export const documentKeys = {
  team: (teamId: number) => ['teams', teamId, 'documents'] as const,
  list: (teamId: number, filter: DocumentFilter) => ['teams', teamId, 'documents', 'list', filter] as const,
  tournament: (teamId: number, tournamentId: number) =>
    ['teams', teamId, 'documents', 'tournament', tournamentId] as const,
};

export interface DocumentFilter {
  category: DocumentCategory | 'all';
  includeTournamentDocs: boolean;
}

/** docs/product/documents.md: the Documents page reloads its list this often while the page is visible. */
export const DOCUMENTS_REFRESH_MS = 30_000;
