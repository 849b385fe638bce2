import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { teamMembers, teams } from '../../db/schema.ts';

export type TeamRow = typeof teams.$inferSelect;

/** Teams the user belongs to (with the given membership role, when given), oldest first. */
export async function teamsOfMember(
  db: Db,
  userId: number,
  role?: 'coach' | 'parent' | 'player',
): Promise<TeamRow[]> {
  const rows = await db
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      role ? and(eq(teamMembers.userId, userId), eq(teamMembers.role, role)) : eq(teamMembers.userId, userId),
    )
    .orderBy(asc(teams.id));
  return rows.map((row) => row.team);
}

export function allTeams(db: Db): Promise<TeamRow[]> {
  return db.select().from(teams).orderBy(asc(teams.id));
}
