import { queryKeys } from '../../../lib/query-client.ts';

export const moderatorKeys = {
  list: (teamId: number) => [...queryKeys.team(teamId), 'moderators'] as const,
  /** Under the list's key: assigning or revoking reloads who may still be chosen. */
  potential: (teamId: number) => [...queryKeys.team(teamId), 'moderators', 'potential'] as const,
  /** The flags' names and descriptions, the same for every team. */
  definitions: ['moderator-permissions'] as const,
};
