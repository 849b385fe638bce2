import { and, asc, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { inviteTokens, joinRequests, teams, users } from '../../db/schema.ts';

export type JoinRequestRow = typeof joinRequests.$inferSelect;
export type NewJoinRequest = typeof joinRequests.$inferInsert;

/** The team a join request is for, for loading the caller's access before anything else is read. */
export async function teamOfJoinRequest(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: joinRequests.teamId })
    .from(joinRequests)
    .where(eq(joinRequests.id, id));
  return row?.teamId;
}

export async function findJoinRequest(
  db: Db,
  teamId: number,
  id: number,
): Promise<JoinRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.teamId, teamId), eq(joinRequests.id, id)));
  return row;
}

export async function findPendingRequest(
  db: Db,
  teamId: number,
  userId: number,
): Promise<JoinRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(joinRequests)
    .where(
      and(
        eq(joinRequests.teamId, teamId),
        eq(joinRequests.userId, userId),
        eq(joinRequests.status, 'pending'),
      ),
    );
  return row;
}

/** Inserts the request; undefined when the user already has a pending one for the team (the index decides). */
export async function insertJoinRequest(db: Db, values: NewJoinRequest): Promise<JoinRequestRow | undefined> {
  const [row] = await db.insert(joinRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** Decides a pending request of the team; undefined when it is not pending any more. */
export async function reviewRequest(
  db: Db,
  teamId: number,
  id: number,
  values: {
    status: 'approved' | 'rejected';
    reviewedBy: number;
    playerId?: number | null;
    rejectionReason?: string | null;
  },
): Promise<JoinRequestRow | undefined> {
  const [row] = await db
    .update(joinRequests)
    .set({ ...values, reviewedAt: sql`now()` })
    .where(and(eq(joinRequests.id, id), eq(joinRequests.teamId, teamId), eq(joinRequests.status, 'pending')))
    .returning();
  return row;
}

const requester = alias(users, 'requester');
const reviewer = alias(users, 'reviewer');

/** The team's requests (or one of them) with the names of who asked and who decided. */
/** How many requests wait for the coach (the Admin badge): one indexed count, no rows. */
export async function countPending(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(joinRequests)
    .where(and(eq(joinRequests.teamId, teamId), eq(joinRequests.status, 'pending')));
  return Number(row?.count ?? 0);
}

export function requestViews(db: Db, teamId: number, id?: number) {
  return db
    .select({
      request: joinRequests,
      userName: requester.name,
      userEmail: requester.email,
      reviewerName: reviewer.name,
    })
    .from(joinRequests)
    .innerJoin(requester, eq(requester.id, joinRequests.userId))
    .leftJoin(reviewer, eq(reviewer.id, joinRequests.reviewedBy))
    .where(and(eq(joinRequests.teamId, teamId), id === undefined ? undefined : eq(joinRequests.id, id)))
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id));
}

export type JoinRequestView = Awaited<ReturnType<typeof requestViews>>[number];

const packedViews = pack(
  {
    ...getTableColumns(joinRequests),
    userName: requester.name,
    userEmail: requester.email,
    reviewerName: reviewer.name,
  },
  sql`${joinRequests.createdAt}, ${joinRequests.id}`,
);
const requestList = preparedPerHandle((db) =>
  db
    .select({ rows: packedViews.value })
    .from(joinRequests)
    .innerJoin(requester, eq(requester.id, joinRequests.userId))
    .leftJoin(reviewer, eq(reviewer.id, joinRequests.reviewedBy))
    .where(eq(joinRequests.teamId, sql.placeholder('teamId')))
    .prepare('join_request_list'),
);

/**
 * The team's requests as requestViews reads them, in one prepared statement (db/prepared.ts) that
 * sends them packed in one row (db/packed-rows.ts): the Join Requests tab's read.
 */
export async function requestViewsOfTeam(db: Db, teamId: number): Promise<JoinRequestView[]> {
  const [row] = await requestList(db).execute({ teamId });
  return packedViews.unpack(row?.rows ?? null).map(({ userName, userEmail, reviewerName, ...request }) => ({
    request,
    userName,
    userEmail,
    reviewerName,
  }));
}

/** The user's own join requests with their teams' names, newest first. */
export function requestsOfUser(db: Db, userId: number) {
  return db
    .select({ request: joinRequests, teamName: teams.name })
    .from(joinRequests)
    .innerJoin(teams, eq(teams.id, joinRequests.teamId))
    .where(eq(joinRequests.userId, userId))
    .orderBy(desc(joinRequests.createdAt), desc(joinRequests.id));
}

/** The user's unused, unexpired invites with their teams' names, newest first. */
export function invitesOfUser(db: Db, userId: number) {
  return db
    .select({ invite: inviteTokens, teamName: teams.name })
    .from(inviteTokens)
    .innerJoin(teams, eq(teams.id, inviteTokens.teamId))
    .where(
      and(
        eq(inviteTokens.userId, userId),
        isNull(inviteTokens.usedAt),
        gt(inviteTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(inviteTokens.id));
}
