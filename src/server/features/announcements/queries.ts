import { and, desc, eq, getTableColumns, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RelatedEventType } from '../../../shared/announcements.ts';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { unclaimedChatPost } from './chat-outbox.ts';
import {
  announcementComments,
  announcements,
  chatPostOutbox,
  games,
  practices,
  teams,
  tournaments,
  users,
} from '../../db/schema.ts';

// Every query names the team: an announcement id alone never reads or writes a row. The list is one
// statement (announcements with author and related event, and all their comments), never one per row.

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

/** A team or announcement id: a value, or the placeholder of a prepared statement. */
type Id = number | Placeholder;

/** An announcement with its author and related event, as one flat row (joined within the team). */
const announcementFields = {
  ...getTableColumns(announcements),
  authorUserId: users.id,
  authorName: users.name,
  authorEmail: users.email,
  tournamentName: tournaments.name,
  tournamentDate: tournaments.startDate,
  gameOpponent: games.opponent,
  gameDate: games.date,
  practiceTitle: practices.title,
  practiceDate: practices.date,
};
/** The joined columns are null when there is no such row. */
type AnnouncementFlat = AnnouncementRow & {
  authorUserId: number | null;
  authorName: string | null;
  authorEmail: string | null;
  tournamentName: string | null;
  tournamentDate: string | null;
  gameOpponent: string | null;
  gameDate: string | null;
  practiceTitle: string | null;
  practiceDate: string | null;
};
const teamsAnnouncements = (teamId: Id, announcementId?: Id) =>
  and(
    eq(announcements.teamId, teamId),
    announcementId === undefined ? undefined : eq(announcements.id, announcementId),
  );

const commentFields = {
  id: announcementComments.id,
  announcementId: announcementComments.announcementId,
  content: announcementComments.content,
  createdAt: announcementComments.createdAt,
  authorId: commentAuthor.id,
  authorName: commentAuthor.name,
  authorEmail: commentAuthor.email,
};
type CommentFlat = Omit<ListedComment, 'author'> & {
  authorId: number | null;
  authorName: string | null;
  authorEmail: string | null;
};

const packedAnnouncements = pack(
  announcementFields,
  sql`${announcements.createdAt} desc, ${announcements.id} desc`,
);
const packedComments = pack(
  commentFields,
  sql`${announcementComments.createdAt}, ${announcementComments.id}`,
);
const params = { team: sql.placeholder('teamId'), announcement: sql.placeholder('announcementId') };
/** The list (`one` false) or one announcement of it, prepared once each per handle. */
const announcementList = (one: boolean) =>
  preparedPerHandle((db) => {
    const announcementId = one ? params.announcement : undefined;
    const listed = db
      .select({ id: announcements.id })
      .from(announcements)
      .where(teamsAnnouncements(params.team, announcementId));
    return db
      .select({
        announcements: sql<string>`${db
          .select({ rows: packedAnnouncements.value })
          .from(announcements)
          .leftJoin(users, eq(users.id, announcements.authorId))
          .leftJoin(
            tournaments,
            and(eq(tournaments.id, announcements.relatedTournamentId), eq(tournaments.teamId, params.team)),
          )
          .leftJoin(games, and(eq(games.id, announcements.relatedGameId), eq(games.teamId, params.team)))
          .leftJoin(
            practices,
            and(eq(practices.id, announcements.relatedPracticeId), eq(practices.teamId, params.team)),
          )
          .where(teamsAnnouncements(params.team, announcementId))}`,
        comments: sql<string>`${db
          .select({ rows: packedComments.value })
          .from(announcementComments)
          .leftJoin(commentAuthor, eq(commentAuthor.id, announcementComments.authorId))
          .where(
            and(
              eq(announcementComments.teamId, params.team),
              inArray(announcementComments.announcementId, listed),
            ),
          )}`,
      })
      .from(teams)
      .where(eq(teams.id, params.team))
      .prepare(one ? 'announcement_one' : 'announcement_list');
  });
const listOfAnnouncements = announcementList(false);
const oneAnnouncement = announcementList(true);

const personOf = (id: number | null, name: string | null, email: string | null): Person | null =>
  id !== null && name !== null && email !== null ? { id, name, email } : null;

/**
 * The team's announcements (or one), newest first, with their authors and related events (joined within
 * the team), and all their comments, oldest first: one statement (db/packed-rows.ts).
 */
export async function announcementsOfTeam(
  db: Db,
  teamId: number,
  announcementId?: number,
): Promise<{ items: ListedAnnouncement[]; comments: ListedComment[] }> {
  const [read] =
    announcementId === undefined
      ? await listOfAnnouncements(db).execute({ teamId })
      : await oneAnnouncement(db).execute({ teamId, announcementId });
  const rows: AnnouncementFlat[] = packedAnnouncements.unpack(read?.announcements ?? null);
  const items = rows.map((r): ListedAnnouncement => {
    const {
      authorUserId,
      authorName,
      authorEmail,
      tournamentName,
      tournamentDate,
      gameOpponent,
      gameDate,
      practiceTitle,
      practiceDate,
      ...row
    } = r;
    const event =
      tournamentName !== null
        ? { title: tournamentName, date: tournamentDate }
        : gameOpponent !== null
          ? { title: `vs ${gameOpponent}`, date: gameDate }
          : practiceTitle !== null
            ? { title: practiceTitle, date: practiceDate }
            : null;
    return { row, author: personOf(authorUserId, authorName, authorEmail), event };
  });
  const commentRows: CommentFlat[] = packedComments.unpack(read?.comments ?? null);
  const comments = commentRows.map(({ authorId, authorName, authorEmail, ...comment }): ListedComment => ({
    ...comment,
    author: personOf(authorId, authorName, authorEmail),
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
