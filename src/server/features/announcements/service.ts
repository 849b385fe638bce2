import { ANNOUNCEMENT_MESSAGES, isArchived } from '../../../shared/announcements.ts';
import type {
  Announcement,
  AnnouncementAuthor,
  AnnouncementInput,
  ChatPostError,
} from '../../../shared/api/announcements.ts';
import { hasCapability } from '../../../shared/permissions.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import { spendWriteAllowance } from '../../write-limits.ts';
import { notifyTeam } from '../notifications/notify.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import { announcementNotice } from './notice.ts';
import * as queries from './queries.ts';

// Announcements (docs/product/announcements.md 'Fields and defaults', 'Cross-posts to the group chat'; docs/decisions/018).
// Members read and comment; making one needs make_announcements, and tells every other member in the
// same transaction (notice.ts; high priority: announcement_urgent; edits tell nobody). Only the author
// edits, and only while still holding make_announcements; the author or a coach/admin of the team
// deletes an announcement or a comment (moderation, 018: moderate_announcements).
// An id of a team the caller is not in answers 404 'Announcement not found' (the routes find the team
// with teamOf, and the scope loads the caller's access to it).

/** Emails of others only for those the roster shows them to (coaches, admins); always one's own. */
function authorFor(access: TeamAccess, person: queries.Person | null): AnnouncementAuthor | null {
  if (!person) return null;
  const email =
    person.id === access.user.id || hasCapability(access, 'view_member_emails') ? person.email : null;
  return { name: person.name, email };
}

function toAnnouncement(
  access: TeamAccess,
  item: queries.ListedAnnouncement,
  comments: queries.ListedComment[],
  now: Date,
): Announcement {
  const { row } = item;
  const related =
    row.relatedTournamentId !== null
      ? { type: 'tournament' as const, id: row.relatedTournamentId }
      : row.relatedGameId !== null
        ? { type: 'game' as const, id: row.relatedGameId }
        : row.relatedPracticeId !== null
          ? { type: 'practice' as const, id: row.relatedPracticeId }
          : null;
  const expiresAt = row.expiresAt?.toISOString() ?? null;
  return {
    id: row.id,
    team_id: row.teamId,
    title: row.title,
    content: row.content,
    priority: row.priority,
    author_id: row.authorId,
    author: authorFor(access, item.author),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: expiresAt,
    is_archived: isArchived(expiresAt, now),
    allow_comments: row.allowComments,
    comments: comments.map((c) => ({
      id: c.id,
      author_id: c.author?.id ?? null,
      author: authorFor(access, c.author),
      content: c.content,
      created_at: c.createdAt.toISOString(),
    })),
    event_info: item.event,
    related_event_type: related?.type ?? null,
    related_event_id: related?.id ?? null,
    post_to_groupme: row.postToGroupme,
  };
}

export interface AnnouncementDeps {
  db: Db;
  config: Pick<Config, 'ANNOUNCEMENT_LIMIT_PER_USER_PER_HOUR' | 'COMMENT_LIMIT_PER_USER_PER_HOUR'>;
  /** Tells the chat-post sender something was queued. */
  chatPostQueued: () => void;
}

export function createAnnouncementService({ db, config, chatPostQueued }: AnnouncementDeps) {
  /** An announcement reaches the team, and its cross-post the group chat: one allowance for both. */
  const spendAnnouncement = (tx: Db, access: TeamAccess) =>
    spendWriteAllowance(tx, 'announcements', access.user.id, config.ANNOUNCEMENT_LIMIT_PER_USER_PER_HOUR);

  /** Who wrote the announcement of the caller's team, and its expiry; another team's is not found. */
  async function ownerOf(access: TeamAccess, id: number) {
    const owner = await queries.ownerOfAnnouncement(db, access.team.id, id);
    if (!owner) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    return owner;
  }

  async function readOne(access: TeamAccess, id: number): Promise<Announcement> {
    const { items, comments } = await queries.announcementsOfTeam(db, access.team.id, id);
    const [item] = items;
    if (!item) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    return toAnnouncement(access, item, comments, new Date());
  }

  /** `stored`: the expiry kept now, on an edit; sent back unchanged it may be past (018). */
  async function values(
    access: TeamAccess,
    input: AnnouncementInput,
    stored: Date | null = null,
  ): Promise<queries.AnnouncementValues> {
    const expiry = input.expires_at === null ? null : Date.parse(input.expires_at);
    if (expiry !== null && expiry <= Date.now() && expiry !== stored?.getTime()) {
      throw badRequest(ANNOUNCEMENT_MESSAGES.expiryInPast);
    }
    const type = input.related_event_type;
    const eventId = input.related_event_id;
    if (
      type !== null &&
      eventId !== null &&
      !(await queries.eventOfTeam(db, access.team.id, type, eventId))
    ) {
      throw badRequest(ANNOUNCEMENT_MESSAGES.relatedEventNotFound);
    }
    return {
      title: input.title,
      content: input.content,
      priority: input.priority,
      allowComments: input.allow_comments,
      relatedTournamentId: type === 'tournament' ? eventId : null,
      relatedGameId: type === 'game' ? eventId : null,
      relatedPracticeId: type === 'practice' ? eventId : null,
      expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
      postToGroupme: input.post_to_groupme,
    };
  }

  /** A cross-post is queued only when asked for and the team has a bot. */
  function chatPostOf(access: TeamAccess, input: AnnouncementInput): string | null {
    const botId = access.team.groupmeBotId;
    return input.post_to_groupme && botId ? botId : null;
  }

  return {
    /** The scope's `teamOf` for a route naming an announcement (undefined: 'Announcement not found'). */
    teamOf: (id: number) => queries.teamOfAnnouncement(db, id),

    async list(access: TeamAccess): Promise<Announcement[]> {
      const { items, comments } = await queries.announcementsOfTeam(db, access.team.id);
      const byAnnouncement = new Map<number, queries.ListedComment[]>();
      for (const comment of comments) {
        const list = byAnnouncement.get(comment.announcementId) ?? [];
        list.push(comment);
        byAnnouncement.set(comment.announcementId, list);
      }
      const now = new Date();
      return items.map((item) => toAnnouncement(access, item, byAnnouncement.get(item.row.id) ?? [], now));
    },

    async create(access: TeamAccess, input: AnnouncementInput): Promise<Announcement> {
      requireCapability(access, 'make_announcements');
      const row = await values(access, input);
      const botId = chatPostOf(access, input);
      const created = await db.transaction(async (tx) => {
        await spendAnnouncement(tx, access);
        const announcement = await queries.insertAnnouncement(tx, access.team.id, access.user.id, row);
        await notifyTeam(tx, {
          teamId: access.team.id,
          actorId: access.user.id,
          ...announcementNotice(access.team.name, announcement),
        });
        if (botId) {
          await queries.enqueueChatPost(
            tx,
            access.team.id,
            announcement.id,
            botId,
            `${input.title}\n\n${input.content}`,
          );
        }
        return announcement;
      });
      if (botId) chatPostQueued();
      return readOne(access, created.id);
    },

    async update(access: TeamAccess, id: number, input: AnnouncementInput): Promise<Announcement> {
      const { authorId, expiresAt } = await ownerOf(access, id);
      if (authorId !== access.user.id) throw forbidden(ANNOUNCEMENT_MESSAGES.authorOnly);
      requireCapability(access, 'make_announcements');
      const row = await values(access, input, expiresAt);
      const botId = chatPostOf(access, input);
      const updated = await db.transaction(async (tx) => {
        // An edit that posts to the group chat again reaches others anew; one that does not, not.
        if (botId) await spendAnnouncement(tx, access);
        const announcement = await queries.updateAnnouncement(tx, access.team.id, id, row);
        if (announcement && botId) {
          await queries.enqueueChatPost(tx, access.team.id, id, botId, `${input.title}\n\n${input.content}`);
        }
        return announcement;
      });
      if (!updated) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
      if (botId) chatPostQueued();
      return readOne(access, id);
    },

    async remove(access: TeamAccess, id: number): Promise<{ message: string }> {
      const { authorId } = await ownerOf(access, id);
      if (authorId !== access.user.id) {
        requireCapability(access, 'moderate_announcements', ANNOUNCEMENT_MESSAGES.authorOrCoachOnly);
      }
      if (!(await queries.deleteAnnouncement(db, access.team.id, id))) {
        throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
      }
      return { message: ANNOUNCEMENT_MESSAGES.deleted };
    },

    /** Any member comments while comments are on; an expired announcement takes comments too (018). */
    async comment(access: TeamAccess, id: number, content: string): Promise<Announcement> {
      const { user } = access;
      const state = await queries.commentState(db, access.team.id, id);
      if (!state) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
      if (!state.allowComments) throw badRequest(ANNOUNCEMENT_MESSAGES.commentsClosed);
      await db.transaction(async (tx) => {
        await spendWriteAllowance(tx, 'comments', user.id, config.COMMENT_LIMIT_PER_USER_PER_HOUR);
        await queries.insertComment(tx, access.team.id, id, user.id, content);
      });
      return readOne(access, id);
    },

    /** The comment's author or a coach/admin of the team removes a comment; answers the announcement. */
    async deleteComment(access: TeamAccess, id: number, commentId: number): Promise<Announcement> {
      const found = await queries.commentOf(db, access.team.id, id, commentId);
      if (!found) throw notFound(ANNOUNCEMENT_MESSAGES.commentNotFound);
      if (found.authorId !== access.user.id) {
        requireCapability(access, 'moderate_announcements', ANNOUNCEMENT_MESSAGES.commentAuthorOrCoachOnly);
      }
      if (!(await queries.deleteComment(db, access.team.id, id, commentId))) {
        throw notFound(ANNOUNCEMENT_MESSAGES.commentNotFound);
      }
      return readOne(access, id);
    },

    /** The team's last failed cross-post, for Team Settings (coaches and admins). */
    async lastChatPostError(access: TeamAccess): Promise<ChatPostError> {
      requireCapability(access, 'view_chat_post_status', 'Only coaches can see the group-chat status');
      const found = await queries.lastChatPostError(db, access.team.id);
      return found
        ? { last_error: found.lastError, at: found.at.toISOString() }
        : { last_error: null, at: null };
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
