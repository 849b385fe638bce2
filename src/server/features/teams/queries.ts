import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '../../../shared/roles.ts';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { changeCacheOf } from '../../db/change-cache.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { teamMembers, teams, users } from '../../db/schema.ts';

export type TeamRow = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;
export type MemberRow = typeof teamMembers.$inferSelect;

/** The teams the user belongs to, each with the membership, oldest first (one query). */
export function membershipsOf(db: Db, userId: number): Promise<{ team: TeamRow; membership: MemberRow }[]> {
  return db
    .select({ team: teams, membership: teamMembers })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.id));
}

/** Every team of the club, a page at a time (an admin's list). */
export function allTeams(db: Db, page: { limit: number; offset: number }): Promise<TeamRow[]> {
  return db.select().from(teams).orderBy(asc(teams.id)).limit(page.limit).offset(page.offset);
}

/** The team and the user's membership of it (undefined when not a member), in one query. */
export async function findTeamWithMembership(
  db: Db,
  teamId: number,
  userId: number,
): Promise<{ team: TeamRow; membership: MemberRow | null } | undefined> {
  const load = async () => (await teamWithMembership(db).execute({ teamId, userId }))[0];
  // Kept per process until anything under the team changes (its data version, its members' flags).
  return changeCacheOf(db)?.teamAccess(teamId, userId, load) ?? load();
}

/** Runs on every team-scoped request: a prepared statement. */
const teamWithMembership = preparedPerHandle((db) =>
  db
    .select({ team: teams, membership: teamMembers })
    .from(teams)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, sql.placeholder('userId'))),
    )
    .where(eq(teams.id, sql.placeholder('teamId')))
    .prepare('find_team_with_membership'),
);

export async function findTeamByInviteCode(db: Db, inviteCode: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.inviteCode, inviteCode));
  return row;
}

/** A team by id, for a caller who already holds a right to it (an invite of theirs names it). */
export async function findTeamById(db: Db, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** Inserts the team; undefined when its invite code is already taken (the caller draws another). */
export async function insertTeam(db: Db, values: NewTeam): Promise<TeamRow | undefined> {
  const [row] = await db
    .insert(teams)
    .values(values)
    .onConflictDoNothing({ target: teams.inviteCode })
    .returning();
  return row;
}

export async function updateTeam(db: Db, id: number, values: Partial<NewTeam>): Promise<TeamRow | undefined> {
  if (Object.values(values).every((v) => v === undefined)) return findTeamById(db, id);
  const [row] = await db.update(teams).set(values).where(eq(teams.id, id)).returning();
  return row;
}

/** Gives the team a new invite code; undefined when the code is taken by another team (draw again). */
export async function setInviteCode(db: Db, id: number, inviteCode: string): Promise<TeamRow | undefined> {
  try {
    const [row] = await db.update(teams).set({ inviteCode }).where(eq(teams.id, id)).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'teams_invite_code_key')) return undefined;
    throw error;
  }
}

/** Adds the membership unless the user already belongs to the team (then their role stays). */
export async function addMember(db: Db, teamId: number, userId: number, role: MemberRole): Promise<void> {
  await db.insert(teamMembers).values({ teamId, userId, role }).onConflictDoNothing();
}

export async function belongsToAnyTeam(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row !== undefined;
}

export function membersOfTeam(db: Db, teamId: number) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      userRole: users.role,
      memberRole: teamMembers.role,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.name), asc(users.id));
}
