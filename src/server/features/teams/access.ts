import { type Capability, hasCapability, type ModeratorFlag } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.ts';
import type { Db } from '../../db/connect.ts';
import { forbidden, notFound } from '../../http-error.ts';
import type { UserRow } from '../auth/queries.ts';
import { findTeamWithMembership, type TeamRow } from './queries.ts';

// The one permission check (docs/product/teams-and-joining.md 'Team access'). Every team-scoped route
// loads the caller's access first: a team the user does not belong to answers 404 (as if it did not
// exist); a write then needs a capability, which coaches of the team and admins always hold and others
// hold through moderator flags.

export const TEAM_NOT_FOUND = 'Team not found';

export interface TeamAccess {
  team: TeamRow;
  user: UserRow;
  /** Coach of this team, or a club admin (who acts as a coach on every team). */
  isCoach: boolean;
  /** 'admin' for a club admin, otherwise the role of the membership. */
  role: Role;
  /** Moderator flags the user holds on this team. */
  flags: readonly ModeratorFlag[];
}

/**
 * The caller's standing on a team. Throws 404 when the team does not exist or the user is not a member
 * (admins see every team); `notFoundDetail` lets a route name what it was looking for instead.
 */
export async function loadTeamAccess(
  db: Db,
  user: UserRow,
  teamId: number,
  notFoundDetail = TEAM_NOT_FOUND,
): Promise<TeamAccess> {
  const found = await findTeamWithMembership(db, teamId, user.id);
  if (!found) throw notFound(notFoundDetail);
  const { team, membership } = found;
  const flags = membership?.permissions ?? [];
  if (user.role === 'admin') return { team, user, isCoach: true, role: 'admin', flags };
  if (!membership) throw notFound(notFoundDetail);
  return { team, user, isCoach: membership.role === 'coach', role: membership.role, flags };
}

const CAPABILITY_WORDS: Record<Capability, string> = {
  update_scores: "update this team's scores",
  make_announcements: 'make announcements for this team',
  create_tournaments: 'create tournaments for this team',
  manage_roster: "manage this team's roster",
  upload_files: 'upload files for this team',
  send_messages: 'send messages to this team',
  manage_events: "manage this team's events",
  edit_team_info: "edit this team's settings",
  manage_equipment: "manage this team's kits",
  view_private_documents: "see this team's not-public documents",
  review_join_requests: "review this team's join requests",
  manage_moderators: "manage this team's moderators",
  regenerate_invite_code: "change this team's invite code",
};

/** 403 unless the caller holds the capability on this team. */
export function requireCapability(access: TeamAccess, capability: Capability): void {
  if (!hasCapability(access, capability)) {
    throw forbidden(`You do not have permission to ${CAPABILITY_WORDS[capability]}`);
  }
}
