import {
  type Capability,
  hasCapability,
  holderOnTeam,
  type ModeratorFlag,
} from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.ts';
import type { Db } from '../../db/connect.ts';
import { forbidden, notFound } from '../../http-error.ts';
import type { UserRow } from '../auth/queries.ts';
import { findTeamWithMembership, type MemberRow, membershipsOf, type TeamRow } from './queries.ts';

// The one permission check (docs/product/teams-and-joining.md 'Team access'). Every team-scoped route has the caller's access loaded by
// the signed-in scope (plugins/team-scope.ts) before its handler: a team the user does not belong to
// answers 404 (as if it did not exist); a write then needs a capability, which coaches of the team and
// admins always hold and others hold through moderator flags. Services receive the TeamAccess; only
// reads across the caller's teams (their team list, their RSVPs on every team) load it here themselves,
// with accessesOfMember (docs/decisions/036).

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

/** The user's standing on a team from their membership of it (none: undefined, unless an admin). */
function standing(user: UserRow, team: TeamRow, membership: MemberRow | null): TeamAccess | undefined {
  const holder = holderOnTeam({
    accountRole: user.role,
    memberRole: membership?.role ?? null,
    flags: membership?.permissions ?? [],
  });
  if (user.role === 'admin') return { team, user, ...holder, role: 'admin' };
  if (!membership) return undefined;
  return { team, user, ...holder, role: membership.role };
}

/**
 * The caller's standing on a team: the signed-in scope's, for the team a route names. Throws 404 when
 * the team does not exist or the user is not a member (admins see every team); `notFoundDetail` lets a
 * route name what it was looking for instead.
 */
export async function loadTeamAccess(
  db: Db,
  user: UserRow,
  teamId: number,
  notFoundDetail = TEAM_NOT_FOUND,
): Promise<TeamAccess> {
  const found = await findTeamWithMembership(db, teamId, user.id);
  const access = found && standing(user, found.team, found.membership);
  if (!access) throw notFound(notFoundDetail);
  return access;
}

/**
 * The caller's standing on every team they are a member of, oldest membership first, in one query: for
 * reads that span the caller's teams and name none. An admin gets the teams they are a member of (with
 * an admin's standing), not every team of the club.
 */
export async function accessesOfMember(db: Db, user: UserRow): Promise<TeamAccess[]> {
  return (await membershipsOf(db, user.id)).flatMap(({ team, membership }) => {
    const access = standing(user, team, membership);
    return access ? [access] : [];
  });
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
  view_invite_code: "see this team's invite code",
  view_member_emails: "see the email addresses of this team's members",
  view_rsvp_overview: "see this team's RSVP overview",
  moderate_announcements: "delete others' announcements and comments on this team",
  relate_announcement_events: "relate this team's announcements to its events",
  view_chat_post_status: "see this team's group-chat status",
  moderate_documents: "change others' documents on this team",
  view_all_votes: "see every vote of this team's polls",
  record_attendance: "record this team's attendance",
  answer_for_all_players: 'answer for every player of this team',
  import_roster: "import this team's roster",
  view_contact_sheet: "see this team's contact sheet",
  view_coach_dashboard: "see this team's coach dashboard",
};

/**
 * 403 unless the caller holds the capability on this team; `refusal` is the answer's detail when the
 * feature words it its own way (the spec's messages), else it says what the caller may not do.
 */
export function requireCapability(access: TeamAccess, capability: Capability, refusal?: string): void {
  if (!hasCapability(access, capability)) {
    throw forbidden(refusal ?? `You do not have permission to ${CAPABILITY_WORDS[capability]}`);
  }
}
