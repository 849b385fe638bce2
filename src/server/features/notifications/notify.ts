import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/notifications.ts';
import type { Db } from '../../db/connect.ts';
import { notifications, teamMembers } from '../../db/schema.ts';

// How another feature tells people of its change (docs/decisions/042): one statement inside the
// change's own transaction, so the change and its notifications are stored together or not at all.

export interface TeamNotice {
  teamId: number;
  /** Who made the change: not told of it. */
  actorId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * Tells every member of the team but the actor, in one statement: the members are who the team's
 * screens show its events to. Pass the transaction's handle, so the change and its notifications are
 * stored together.
 */
export async function notifyTeam(db: Db, notice: TeamNotice): Promise<void> {
  await db.execute(sql`
    insert into ${notifications} (user_id, team_id, kind, title, body, link, actor_id)
    select ${teamMembers.userId}, ${teamMembers.teamId}, ${notice.kind}, ${notice.title}, ${notice.body},
           ${notice.link}, ${notice.actorId}::integer
      from ${teamMembers}
     where ${teamMembers.teamId} = ${notice.teamId} and ${teamMembers.userId} <> ${notice.actorId}`);
}
