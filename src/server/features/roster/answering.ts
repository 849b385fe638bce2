import { canRsvpFor } from '../../../shared/rsvp.ts';
import { compareByJersey } from '../../../shared/teams.ts';
import type { Db } from '../../db/connect.ts';
import { readTogether } from '../../db/read-together.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import type { TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';
import { isMine, readsContactsForIsMine, type RosterViewer, rosterViewer } from './view.ts';

// Which players a user answers for: the one owner of that rule for RSVPs and poll votes (and whatever
// else is answered per player). canRsvpFor (src/shared/rsvp.ts) decides by the role on the team and
// the roster's is_mine (view.ts): coaches and admins answer for every active player, a parent for
// their own active children, a player for themselves.

/** Why the viewer may not answer for a player of their team; undefined when they may. */
export type Refusal = 'notEligible' | 'inactivePlayer';

/** The details a feature answers a refusal with (its own wording of the same three cases). */
export interface RefusalMessages {
  playerNotFound: string;
  notEligible: string;
  inactivePlayer: string;
}

/** Whether the viewer answers for the player (`contacts`: the team's, or the player's, contacts). */
export function answersFor(
  viewer: RosterViewer,
  player: queries.PlayerRow,
  contacts: readonly queries.ContactRow[],
): boolean {
  return canRsvpFor(viewer.role, { status: player.status, is_mine: mineOf(viewer, player, contacts) });
}

/**
 * Why the viewer may not answer for this player now. Whose player it is comes first, so a parent
 * learns nothing of another child's status.
 */
export function refusalFor(
  viewer: RosterViewer,
  player: queries.PlayerRow,
  contacts: readonly queries.ContactRow[],
): Refusal | undefined {
  if (!canRsvpFor(viewer.role, { status: 'active', is_mine: mineOf(viewer, player, contacts) })) {
    return 'notEligible';
  }
  return player.status === 'active' ? undefined : 'inactivePlayer';
}

function mineOf(viewer: RosterViewer, player: queries.PlayerRow, contacts: readonly queries.ContactRow[]) {
  return isMine(
    player,
    contacts.filter((contact) => contact.playerId === player.id),
    viewer,
  );
}

/** Contacts only matter to a parent (is_mine of a player or a coach does not read them). */
export const answeringReadsContacts = (access: Pick<TeamAccess, 'role'>) =>
  readsContactsForIsMine(access.role);

const contactsFor = (db: Db, viewer: RosterViewer, teamId: number) =>
  answeringReadsContacts(viewer) ? queries.contactsOfTeam(db, teamId) : Promise.resolve([]);

/** The team's players the caller answers for, in roster order (by jersey number, then name). */
export async function playersAnsweredFor(db: Db, access: TeamAccess): Promise<queries.PlayerRow[]> {
  const viewer = rosterViewer(access);
  const [rows, contacts] = await readTogether(db, [
    () => queries.playersOfTeam(db, access.team.id),
    () => contactsFor(db, viewer, access.team.id),
  ]);
  return playersAnsweredAmong(access, rows, contacts);
}

/**
 * playersAnsweredFor on rows already read (a read that has the team's players anyway). `contacts`: the
 * team's, which only a parent's answer reads (none are needed for anyone else).
 */
export function playersAnsweredAmong(
  access: TeamAccess,
  rows: readonly queries.PlayerRow[],
  contacts: readonly queries.ContactRow[],
): queries.PlayerRow[] {
  const viewer = rosterViewer(access);
  return rows
    .filter((row) => answersFor(viewer, row, contacts))
    .sort((a, b) =>
      compareByJersey(
        { jersey_number: a.jerseyNumber, name: a.name },
        { jersey_number: b.jerseyNumber, name: b.name },
      ),
    );
}

/** A parent or player of the team and the active players they answer for, in roster order. */
export interface Answerer {
  userId: number;
  players: queries.PlayerRow[];
}

/**
 * Who among the team's parents and players answers for which of its players (the rule of
 * playersAnsweredFor, for every member at once, or for `userId` alone), each with at least one. Coaches
 * and admins answer for every player and are not listed: they run the answers, they are not asked for
 * them (RSVP reminders).
 */
export async function familyAnswerers(db: Db, teamId: number, userId?: number): Promise<Answerer[]> {
  const [members, rows, contacts] = await readTogether(db, [
    () => queries.familyMembers(db, teamId, userId),
    () => queries.playersOfTeam(db, teamId),
    () => queries.contactsOfTeam(db, teamId),
  ]);
  return answerersAmong(members, rows, contacts);
}

/** The team's families as familyMembers reads them. */
export type FamilyMember = Awaited<ReturnType<typeof queries.familyMembers>>[number];

/** familyAnswerers on rows already read (a read that has the team's players and contacts anyway). */
export function answerersAmong(
  members: readonly FamilyMember[],
  players: readonly queries.PlayerRow[],
  contacts: readonly queries.ContactRow[],
): Answerer[] {
  const roster = [...players].sort((a, b) =>
    compareByJersey(
      { jersey_number: a.jerseyNumber, name: a.name },
      { jersey_number: b.jerseyNumber, name: b.name },
    ),
  );
  return members.flatMap((member) => {
    const viewer: RosterViewer = {
      userId: member.userId,
      email: member.emailVerifiedAt === null ? null : member.email,
      role: member.role,
      seesContactDetails: false,
    };
    const mine = roster.filter((player) => answersFor(viewer, player, contacts));
    return mine.length > 0 ? [{ userId: member.userId, players: mine }] : [];
  });
}

/**
 * The players of these ids, in that order, each one the caller may answer for now; otherwise the first
 * refusal: 404 for a player not on the team, 403 for one not theirs, 400 for one not active.
 */
export async function playersToAnswerFor(
  db: Db,
  access: TeamAccess,
  ids: readonly number[],
  messages: RefusalMessages,
): Promise<queries.PlayerRow[]> {
  const viewer = rosterViewer(access);
  const [rows, contacts] = await readTogether(db, [
    () => queries.playersWithIds(db, access.team.id, ids),
    () => contactsFor(db, viewer, access.team.id),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const player = byId.get(id);
    if (!player) throw notFound(messages.playerNotFound);
    const refusal = refusalFor(viewer, player, contacts);
    if (refusal === 'notEligible') throw forbidden(messages.notEligible);
    if (refusal === 'inactivePlayer') throw badRequest(messages.inactivePlayer);
    return player;
  });
}
