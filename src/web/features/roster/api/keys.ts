import { queryKeys } from '../../../lib/query-client.ts';

// The roster's answers, under the team's key: a roster write reloads `queryKeys.team(teamId)`, all of them.
export const rosterKeys = {
  players: (teamId: number) => [...queryKeys.team(teamId), 'players'] as const,
  contactSheet: (teamId: number) => [...queryKeys.team(teamId), 'contact-sheet'] as const,
  syncedParents: (teamId: number) => [...queryKeys.team(teamId), 'parents', 'synced'] as const,
};
