import type { Db } from '../../db/connect.ts';
import { readTogether } from '../../db/read-together.ts';
import { type Answerer, familyAnswerers } from '../roster/answering.ts';
import * as queries from './queries.ts';

// Who needs reminding of an event (docs/product/notifications.md 'RSVP reminders'): the one rule, used by
// the automatic reminder, a coach's 'Remind', the overview's count and the reminder email's answer
// buttons. Each parent or player of the team who answers for at least one active player without an
// answer for the event (roster/answering.ts: parents for their children, a player for themselves), with
// those players; nobody for a cancelled event. Coaches and admins, who answer for everyone, are not
// reminded: they are the ones who remind.

export interface Reminded {
  userId: number;
  /** The players this person answers for who have no answer yet, in roster order. */
  players: { id: number; name: string }[];
}

/** The pure part: of these answerers, those with a player not in `answered`, with those players. */
export function whoNeedsReminding(answerers: readonly Answerer[], answered: ReadonlySet<number>): Reminded[] {
  return answerers.flatMap(({ userId, players }) => {
    const waiting = players.filter((player) => !answered.has(player.id));
    return waiting.length > 0
      ? [{ userId, players: waiting.map((player) => ({ id: player.id, name: player.name })) }]
      : [];
  });
}

/**
 * Everyone who needs reminding of the team's event (of `userId` alone, when given). Pass the
 * transaction's handle to read what the reminder is stored with.
 */
export async function needingReminder(
  db: Db,
  teamId: number,
  event: queries.EventRef,
  userId?: number,
): Promise<Reminded[]> {
  const [answerers, answered] = await readTogether(db, [
    () => familyAnswerers(db, teamId, userId),
    () => queries.answeredPlayerIds(db, teamId, event),
  ]);
  return whoNeedsReminding(answerers, answered);
}

/**
 * The players `userId` answers for who have no answer for the event yet, in roster order: what a
 * reminder email offers 'Going', 'Maybe' and 'Can't go' for. Empty when the event is unknown or
 * cancelled, or the user answers for none of them (no longer a member, a coach).
 */
export async function unansweredPlayersOf(
  db: Db,
  userId: number,
  event: queries.EventRef,
): Promise<{ id: number; name: string }[]> {
  const found = await queries.reminderEvent(db, event);
  if (!found || found.cancelled) return [];
  const [mine] = await needingReminder(db, found.teamId, event, userId);
  return mine?.players ?? [];
}
