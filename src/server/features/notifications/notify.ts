import { type SQL, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/notifications.ts';
import type { RsvpEventType } from '../../../shared/rsvp.ts';
import type { Db } from '../../db/connect.ts';
import { notificationDeliveries, notifications, pushSubscriptions, teamMembers } from '../../db/schema.ts';

// How another feature tells people of its change (docs/decisions/042, 043): one statement inside the
// change's own transaction writes the bell's rows and their deliveries (an email for each, a push for
// each person with a device that allowed it), so the change, its notifications and what will carry them
// are stored together or not at all. The sender (sender.ts) decides later, by the user's preferences,
// quiet hours and budget, what each delivery becomes.

/** Who among the team is told (never the actor): the same people the screens show the thing to. */
export type Audience =
  /** Every member: what the team's screens show everyone (events, public documents, polls). */
  | 'members'
  /** The team's coaches only (join requests). */
  | 'coaches'
  /** Named users, each still a member of the team (a conversation's participants, a reminder's parents, a
   * not-public document's readers). */
  | { userIds: readonly number[] };

export interface TeamNotice {
  teamId: number;
  /** Who made the change: not told of it. Null for what the app does itself (a reminder). */
  actorId: number | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** Everyone in the team by default. */
  audience?: Audience;
  /** The event it is about, and when it starts (quiet hours, answer links). */
  event?: { type: RsvpEventType; id: number; startsAt: Date | null };
}

function audienceFilter(audience: Audience): SQL {
  if (audience === 'members') return sql`true`;
  if (audience === 'coaches') return sql`${teamMembers.role} = 'coach'`;
  if (audience.userIds.length === 0) return sql`false`;
  return sql`${teamMembers.userId} in (${sql.join(
    audience.userIds.map((id) => sql`${id}::integer`),
    sql`, `,
  )})`;
}

/**
 * Tells the notice's audience in one statement, and returns how many were told. Pass the transaction's
 * handle, so the change and its notifications are stored together.
 */
export async function notifyTeam(db: Db, notice: TeamNotice): Promise<number> {
  const event = notice.event;
  const result = await db.execute(sql`
    with told as (
      insert into ${notifications} (user_id, team_id, kind, title, body, link, actor_id, event_type, event_id, event_starts_at)
      select ${teamMembers.userId}, ${teamMembers.teamId}, ${notice.kind}, ${notice.title}, ${notice.body},
             ${notice.link}, ${notice.actorId}::integer, ${event?.type ?? null}::text, ${event?.id ?? null}::integer,
             ${event?.startsAt?.toISOString() ?? null}::timestamptz
        from ${teamMembers}
       where ${teamMembers.teamId} = ${notice.teamId}
         and ${teamMembers.userId} is distinct from ${notice.actorId}::integer
         and ${audienceFilter(notice.audience ?? 'members')}
      returning id, user_id
    ), deliveries as (
      insert into ${notificationDeliveries} (notification_id, user_id, channel)
      select id, user_id, 'email' from told
      union all
      select id, user_id, 'push' from told
       where exists (select 1 from ${pushSubscriptions} s where s.user_id = told.user_id)
    )
    select count(*)::integer as told from told`);
  // Both drivers answer { rows }; drizzle types the shared handle's result as unknown.
  const rows = (result as unknown as { rows: { told: number }[] }).rows;
  return Number(rows[0]?.told ?? 0);
}
