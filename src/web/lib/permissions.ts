import { useQuery } from '@tanstack/react-query';
import { myPermissionsSchema, type MyPermissions } from '../../shared/api/moderators.ts';
import type { Team } from '../../shared/api/teams.ts';
import {
  hasCapability,
  MODERATOR_FLAGS,
  type Capability,
  type ModeratorFlag,
} from '../../shared/permissions.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-client.ts';

// The one place the screens ask what the signed-in user may do on a team
// (docs/product/moderators-and-admin.md: coaches of the team and admins hold every capability; others
// hold what their moderator flags grant). The flags come from GET
// /api/moderators/my-permissions/{teamId}, cached per team under the team's key (so they reload when the
// tab regains focus) and cleared with the rest of the cache on sign-out.

export function getMyPermissions(teamId: number): Promise<MyPermissions> {
  return apiRequest(`/moderators/my-permissions/${teamId}`, { schema: myPermissionsSchema });
}

export function useMyPermissions(teamId: number | null) {
  return useQuery({
    queryKey: queryKeys.myPermissions(teamId ?? 0),
    queryFn: () => getMyPermissions(teamId ?? 0),
    enabled: teamId !== null,
  });
}

function heldFlags(permissions: MyPermissions | undefined): ModeratorFlag[] {
  return permissions ? MODERATOR_FLAGS.filter((flag) => permissions[flag]) : [];
}

/** Whether the signed-in user may use `capability` on `team`; false while the flags load. */
export function useCan(team: Pick<Team, 'id' | 'is_coach'> | null, capability: Capability): boolean {
  const permissions = useMyPermissions(team && !team.is_coach ? team.id : null);
  if (!team) return false;
  return hasCapability({ isCoach: team.is_coach, flags: heldFlags(permissions.data) }, capability);
}
