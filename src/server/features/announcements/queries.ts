import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RelatedEventType } from '../../../shared/announcements.ts';
import type { Db } from '../../db/connect.ts';
import { unclaimedChatPost } from './chat-outbox.ts';
import {
  announcementComments,
  announcements,
  chatPostOutbox,
  games,
  practices,
  tournaments,
  users,
} from '../../db/schema.ts';

// Every query names the team: an announcement id alone never reads or writes a row. The list is two
// queries (announcements with author and related event, then all their comments), never one per row.

export type AnnouncementRow = typeof announcements.$inferSelect;

export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface ListedAnnouncement {
  row: AnnouncementRow;
  author: Person | null;
  event: { title: string; date: string | null } | null;
}

export interface ListedComment {
  id: number;
  announcementId: number;
  content: string;
  createdAt: Date;
  author: Person | null;
}

export type AnnouncementValues = Pick<
  typeof announcements.$inferInsert,
  | 'title'
  | 'content'
  | 'priority'
  | 'allowComments'
  | 'relatedTournamentId'
  | 'relatedGameId'
  | 'relatedPracticeId'
  | 'expiresAt'
  | 'postToGroupme'
>;

const commentAuthor = alias(users, 'comment_author');

/** The team's announcements, newest first, with their authors and related events (joined within the team). */
export async function announcementsOfTeam(
  db: Db,
  teamId: number,
  announcementId?: number,
): Promise<{ items: ListedAnnouncement[]; comments: ListedComment[] }> {
  const rows = await db
    .select({
      row: announcements,
      authorId: users.id,
      authorName: users.name,
      authorEmail: users.email,
      tournamentName: tournaments.name,
      tournamentDate: tournaments.startDate,
      gameOpponent: games.opponent,
      gameDate: games.date,
      practiceTitle: practices.title,
      practiceDate: practices.date,
    })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .leftJoin(
      tournaments,
      and(eq(tournaments.id, announcements.relatedTournamentId), eq(tournaments.teamId, teamId)),
    )
    .leftJoin(games, and(eq(games.id, announcements.relatedGameId), eq(games.teamId, teamId)))
    .leftJoin(practices, and(eq(practices.id, announcements.relatedPracticeId), eq(practices.teamId, teamId)))
    .where(
      and(
        eq(announcements.teamId, teamId),
        announcementId === undefined ? undefined : eq(announcements.id, announcementId),
      ),
    )
    .orderBy(desc(announcements.createdAt), desc(announcements.id));

  const items = rows.map((r): ListedAnnouncement => {
    const event =
      r.tournamentName !== null
        ? { title: r.tournamentName, date: r.tournamentDate }
        : r.gameOpponent !== null
          ? { title: `vs ${r.gameOpponent}`, date: r.gameDate }
          : r.practiceTitle !== null
            ? { title: r.practiceTitle, date: r.practiceDate }
            : null;
    return {
      row: r.row,
      author:
        r.authorId !== null && r.authorName !== null && r.authorEmail !== null
          ? { id: r.authorId, name: r.authorName, email: r.authorEmail }
          : null,
      event,
    };
  });
  const ids = items.map((i) => i.row.id);
  if (ids.length === 0) return { items, comments: [] };
  const commentRows = await db
    .select({
      id: announcementComments.id,
      announcementId: announcementComments.announcementId,
      content: announcementComments.content,
      createdAt: announcementComments.createdAt,
      authorId: commentAuthor.id,
      authorName: commentAuthor.name,
      authorEmail: commentAuthor.email,
    })
    .from(announcementComments)
    .leftJoin(commentAuthor, eq(commentAuthor.id, announcementComments.authorId))
    .where(and(eq(announcementComments.teamId, teamId), inArray(announcementComments.announcementId, ids)))
    .orderBy(asc(announcementComments.createdAt), asc(announcementComments.id));
  const comments = commentRows.map((c) => ({
    id: c.id,
    announcementId: c.announcementId,
    content: c.content,
    createdAt: c.createdAt,
    author:
      c.authorId !== null && c.authorName !== null && c.authorEmail !== null
        ? { id: c.authorId, name: c.authorName, email: c.authorEmail }
        : null,
  }));
  return { items, comments };
}

/** The team an announcement belongs to, for loading the caller's access before anything else is read. */
export async function teamOfAnnouncement(db: Db, announcementId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: announcements.teamId })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  return row?.teamId;
}

/** Who wrote the team's announcement, and its expiry. */
export async function ownerOfAnnouncement(
  db: Db,
  teamId: number,
  announcementId: number,
): Promise<{ authorId: number | null; expiresAt: Date | null } | undefined> {
  const [row] = await db
    .select({ authorId: announcements.authorId, expiresAt: announcements.expiresAt })
    .from(announcements)
    .where(and(eq(announcements.teamId, teamId), eq(announcements.id, announcementId)));
  return row;
}

/** The announcement's commenting state, read within its team. */
export async function commentState(
  db: Db,
  teamId: number,
  announcementId: number,
): Promise<{ allowComments: boolean; expiresAt: Date | null } | undefined> {
  const [row] = await db
    .select({ allowComments: announcements.allowComments, expiresAt: announcements.expiresAt })
    .from(announcements)
    .where(and(eq(announcements.teamId, teamId), eq(announcements.id, announcementId)));
  return row;
}

/** Whether the event exists on this team. */
export async function eventOfTeam(
  db: Db,
  teamId: number,
  type: RelatedEventType,
  eventId: number,
): Promise<boolean> {
  const table = type === 'tournament' ? tournaments : type === 'game' ? games : practices;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.teamId, teamId), eq(table.id, eventId)));
  return row !== undefined;
}

export async function insertAnnouncement(
  db: Db,
  teamId: number,
  authorId: number,
  values: AnnouncementValues,
): Promise<AnnouncementRow> {
  const [row] = await db
    .insert(announcements)
    .values({ ...values, teamId, authorId })
    .returning();
  if (!row) throw new Error('insert returned no announcement');
  return row;
}

export async function updateAnnouncement(
  db: Db,
  teamId: number,
  announcementId: number,
  values: AnnouncementValues,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(announcements.teamId, teamId), eq(announcements.id, announcementId)))
    .returning();
  return row;
}

export async function deleteAnnouncement(db: Db, teamId: number, announcementId: number): Promise<boolean> {
  const rows = await db
    .delete(announcements)
    .where(and(eq(announcements.teamId, teamId), eq(announcements.id, announcementId)))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

export async function insertComment(
  db: Db,
  teamId: number,
  announcementId: number,
  authorId: number,
  content: string,
): Promise<void> {
  await db.insert(announcementComments).values({ teamId, announcementId, authorId, content });
}

/** The comment's author, when the comment belongs to the announcement of the team. */
export async function commentOf(
  db: Db,
  teamId: number,
  announcementId: number,
  commentId: number,
): Promise<{ authorId: number | null } | undefined> {
  const [row] = await db
    .select({ authorId: announcementComments.authorId })
    .from(announcementComments)
    .where(
      and(
        eq(announcementComments.teamId, teamId),
        eq(announcementComments.announcementId, announcementId),
        eq(announcementComments.id, commentId),
      ),
    );
  return row;
}

export async function deleteComment(
  db: Db,
  teamId: number,
  announcementId: number,
  commentId: number,
): Promise<boolean> {
  const rows = await db
    .delete(announcementComments)
    .where(
      and(
        eq(announcementComments.teamId, teamId),
        eq(announcementComments.announcementId, announcementId),
        eq(announcementComments.id, commentId),
      ),
    )
    .returning({ id: announcementComments.id });
  return rows.length > 0;
}

/** Queues a group-chat cross-post; pass the transaction's handle to queue it with the announcement. */
/**
 * Queues the announcement's cross-post. An earlier post of the same announcement that has not gone out
 * (waiting, not claimed by a sender right now) is replaced, so an edit during an outage posts once.
 */
export async function enqueueChatPost(
  db: Db,
  teamId: number,
  announcementId: number,
  botId: string,
  text: string,
): Promise<void> {
  await db
    .delete(chatPostOutbox)
    .where(
      and(
        eq(chatPostOutbox.announcementId, announcementId),
        isNull(chatPostOutbox.sentAt),
        isNull(chatPostOutbox.gaveUpAt),
        unclaimedChatPost(),
      ),
    );
  await db.insert(chatPostOutbox).values({ teamId, announcementId, botId, text });
}

/** The team's latest cross-post, when it has not gone out and its last try failed (retrying or given up). */
export async function lastChatPostError(
  db: Db,
  teamId: number,
): Promise<{ lastError: string; at: Date } | undefined> {
  const [row] = await db
    .select({
      lastError: chatPostOutbox.lastError,
      sentAt: chatPostOutbox.sentAt,
      gaveUpAt: chatPostOutbox.gaveUpAt,
      createdAt: chatPostOutbox.createdAt,
    })
    .from(chatPostOutbox)
    .where(eq(chatPostOutbox.teamId, teamId))
    .orderBy(desc(chatPostOutbox.id))
    .limit(1);
  if (!row || row.sentAt !== null || !row.lastError) return undefined;
  return { lastError: row.lastError, at: row.gaveUpAt ?? row.createdAt };
}
