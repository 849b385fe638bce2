import { useQuery } from '@tanstack/react-query';
import { myPermissionsSchema, type MyPermissions } from '../../shared/api/moderators.ts';
import type { Team } from '../../shared/api/teams.ts';
import {
  hasCapability,
  isCoachCapability,
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
  return apiRequest(`/moderators/my-permissions/${teamId}`, {
    schema: import.meta.env.DEV ? myPermissionsSchema : undefined,
  });
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

/**
 * What the team's own answer tells without its moderator flags (coach of the team or admin): for a list
 * of teams whose flags are not loaded, e.g. the other teams an upload may go to.
 */
export function canWithoutFlags(team: Pick<Team, 'is_coach'>, capability: Capability): boolean {
  return hasCapability({ isCoach: team.is_coach, flags: [] }, capability);
}

/**
 * Whether the signed-in user may use `capability` on `team`; false while the flags load. The screens'
 * only way to ask what a user may do: never `team.is_coach` or a role.
 */
export function useCan(team: Pick<Team, 'id' | 'is_coach'> | null, capability: Capability): boolean {
  // A capability no flag grants needs no flags: no request.
  const needsFlags = team !== null && !team.is_coach && !isCoachCapability(capability);
  const permissions = useMyPermissions(needsFlags ? team.id : null);
  if (!team) return false;
  return hasCapability({ isCoach: team.is_coach, flags: heldFlags(permissions.data) }, capability);
}
