import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { teamMembers, users } from '../../db/schema.ts';
import type { ModeratorFlag } from '../../../shared/permissions.ts';

// Moderators are memberships with flags (team_members.permissions, read by every access check) and the
// date they were granted; a revoked moderator keeps the date and loses the flags.

const ELIGIBLE_ROLES = ['parent', 'player'] as const;

/** The team's moderators, active first; or one of them when `userId` is given. */
export function moderatorsOfTeam(db: Db, teamId: number, userId?: number) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: teamMembers.role,
      since: teamMembers.moderatorSince,
      permissions: teamMembers.permissions,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        isNotNull(teamMembers.moderatorSince),
        userId === undefined ? undefined : eq(teamMembers.userId, userId),
      ),
    )
    .orderBy(desc(sql`cardinality(${teamMembers.permissions}) > 0`), asc(users.name), asc(users.id));
}

export type ModeratorRow = Awaited<ReturnType<typeof moderatorsOfTeam>>[number];

/** Parents and players of the team who hold no flag now (revoked moderators may be chosen again). */
export function potentialModerators(db: Db, teamId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        inArray(teamMembers.role, [...ELIGIBLE_ROLES]),
        sql`cardinality(${teamMembers.permissions}) = 0`,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Sets the member's whole set of flags. A member who held none becomes a moderator as of now; one who
 * did keeps their date. Only parents and players qualify: undefined when the user is not one on the team.
 */
export async function setModeratorFlags(
  db: Db,
  teamId: number,
  userId: number,
  flags: ModeratorFlag[],
): Promise<ModeratorRow | undefined> {
  const [updated] = await db
    .update(teamMembers)
    .set({
      permissions: flags,
      moderatorSince: sql`case when cardinality(${teamMembers.permissions}) = 0 or ${teamMembers.moderatorSince} is null then now() else ${teamMembers.moderatorSince} end`,
    })
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
        inArray(teamMembers.role, [...ELIGIBLE_ROLES]),
      ),
    )
    .returning({ userId: teamMembers.userId });
  if (!updated) return undefined;
  const [row] = await moderatorsOfTeam(db, teamId, userId);
  return row;
}

/** Clears every flag; the moderator stays listed as inactive. False when they were no active moderator. */
export async function revokeModerator(db: Db, teamId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(teamMembers)
    .set({ permissions: [] })
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
        sql`cardinality(${teamMembers.permissions}) > 0`,
      ),
    )
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}
