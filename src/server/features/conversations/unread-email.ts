import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { conversationParticipants, messages, notifications, teams, users } from '../../db/schema.ts';
import { scheduleJob } from '../../scheduler.ts';
import { notifyTeam } from '../notifications/notify.ts';

// A message still unread a while after it arrived (MESSAGE_EMAIL_DELAY_MINUTES, docs/product/
// notifications.md 'Messages'): each participant who has not read the conversation since is told, once
// per conversation until they read it, so a lively thread is one notification, not one per message.
// Only the conversation's participants: the screens show a conversation to nobody else.

export const UNREAD_MESSAGE_JOB = 'message-unread';

/** Queues the check for a message just stored: in the transaction that stored it. */
export async function scheduleUnreadCheck(
  db: Db,
  message: { id: number; createdAt: Date },
  delayMinutes: number,
): Promise<void> {
  await scheduleJob(db, {
    job: UNREAD_MESSAGE_JOB,
    key: String(message.id),
    dueAt: new Date(message.createdAt.getTime() + delayMinutes * 60_000),
    payload: { messageId: message.id },
  });
}

/** The link of a conversation in the app (the Communication tab's conversations, that one open). */
export const conversationLink = (conversationId: number) =>
  `/#messages?subtab=conversations&conversationId=${conversationId}`;

const PREVIEW_CHARS = 140;
/** The first key of the advisory locks that keep one unread check per conversation at a time. */
const UNREAD_LOCK_SPACE = 19_001;

export function unreadMessageJob(db: Db) {
  return async (payload: unknown) => {
    const { messageId } = payload as { messageId: number };
    await db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        select m.team_id, m.conversation_id, m.sender_id, m.content, u.name as sender_name, t.name as team_name
          from ${messages} m
          join ${teams} t on t.id = m.team_id
          left join ${users} u on u.id = m.sender_id
         where m.id = ${messageId}`);
      const [message] = (
        result as unknown as {
          rows: {
            team_id: number;
            conversation_id: number;
            sender_id: number | null;
            content: string;
            sender_name: string | null;
            team_name: string;
          }[];
        }
      ).rows;
      // Gone with its conversation: nothing to tell.
      if (!message) return;
      // One check of a conversation at a time, across processes: two messages' checks running at once
      // would each find nobody told yet and tell twice.
      await tx.execute(sql`select pg_advisory_xact_lock(${UNREAD_LOCK_SPACE}, ${message.conversation_id})`);
      const link = conversationLink(message.conversation_id);
      const unread = await tx.execute(sql`
        select p.user_id from ${conversationParticipants} p
         where p.conversation_id = ${message.conversation_id}
           and p.user_id is distinct from ${message.sender_id}
           and p.unread_count > 0
           and (p.last_read_at is null or p.last_read_at < (select created_at from ${messages} where id = ${messageId}))
           and not exists (
             select 1 from ${notifications} n
              where n.user_id = p.user_id and n.kind = 'message' and n.link = ${link} and n.read_at is null)`);
      const userIds = (unread as unknown as { rows: { user_id: number }[] }).rows.map((row) => row.user_id);
      if (userIds.length === 0) return;
      const preview =
        message.content.length > PREVIEW_CHARS
          ? `${message.content.slice(0, PREVIEW_CHARS - 1).trimEnd()}…`
          : message.content;
      await notifyTeam(tx, {
        teamId: message.team_id,
        actorId: message.sender_id,
        kind: 'message',
        title: `${message.team_name}: New message from ${message.sender_name ?? 'a former member'}`,
        body: preview,
        link,
        audience: { userIds },
      });
    });
  };
}
