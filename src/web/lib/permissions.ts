import type { Team } from '../../shared/api/teams.ts';
import { hasCapability, type Capability, type ModeratorFlag } from '../../shared/permissions.ts';

const NO_FLAGS: readonly ModeratorFlag[] = [];

/**
 * Whether the signed-in user may use a capability on a team (DECISIONS.md: coach of the team and admin
 * hold every capability; others need the moderator flag). The one place the screens ask; the moderator
 * flags of GET /api/moderators/my-permissions/{teamId} plug in here when moderators arrive.
 */
export function useTeamCapability(
  team: Pick<Team, 'id' | 'is_coach'> | null,
  capability: Capability,
): boolean {
  if (!team) return false;
  return hasCapability({ isCoach: team.is_coach, flags: NO_FLAGS }, capability);
}
