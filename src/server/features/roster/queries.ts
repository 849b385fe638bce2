import { and, asc, eq, getTableColumns, inArray, isNull, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { PlayerStatus, Position, Relationship } from '../../../shared/teams.ts';
import type { Db } from '../../db/connect.ts';
import { pack } from '../../db/packed-rows.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { parentContacts, players, teamMembers, teams, users } from '../../db/schema.ts';

// Every query names the team as well as the row: a player or contact id alone never reaches across teams.

export type PlayerRow = typeof players.$inferSelect;
export type ContactRow = typeof parentContacts.$inferSelect;

export interface PlayerValues {
  name: string;
  position: Position | null;
  jerseyNumber: number | null;
  age: number | null;
  status: PlayerStatus;
}

export function playersOfTeam(db: Db, teamId: number): Promise<PlayerRow[]> {
  return db.select().from(players).where(eq(players.teamId, teamId)).orderBy(asc(players.id));
}

/** The team's players with these ids (others' ids find nothing). */
export function playersWithIds(db: Db, teamId: number, ids: readonly number[]): Promise<PlayerRow[]> {
  return db
    .select()
    .from(players)
    .where(and(eq(players.teamId, teamId), inArray(players.id, [...ids])));
}

export async function findPlayer(db: Db, teamId: number, playerId: number): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, playerId), eq(players.teamId, teamId)));
  return row;
}

export function insertPlayers(db: Db, teamId: number, values: PlayerValues[]): Promise<PlayerRow[]> {
  return db
    .insert(players)
    .values(values.map((v) => ({ ...v, teamId })))
    .returning();
}

export async function updatePlayer(
  db: Db,
  teamId: number,
  playerId: number,
  values: PlayerValues,
): Promise<PlayerRow | undefined> {
  const [row] = await db
    .update(players)
    .set(values)
    .where(and(eq(players.id, playerId), eq(players.teamId, teamId)))
    .returning();
  return row;
}

/** Links a player's own account (a player's join request approved with this player). */
export async function linkPlayerAccount(
  db: Db,
  teamId: number,
  playerId: number,
  user: { id: number; email: string },
): Promise<void> {
  await db
    .update(players)
    .set({ userId: user.id, email: user.email })
    .where(and(eq(players.id, playerId), eq(players.teamId, teamId)));
}

export async function deletePlayer(db: Db, teamId: number, playerId: number): Promise<boolean> {
  const rows = await db
    .delete(players)
    .where(and(eq(players.id, playerId), eq(players.teamId, teamId)))
    .returning({ id: players.id });
  return rows.length > 0;
}

/** Which of `numbers` other players of the team already wear, ascending. */
export async function takenJerseyNumbers(
  db: Db,
  teamId: number,
  numbers: number[],
  exceptPlayerId?: number,
): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ n: players.jerseyNumber })
    .from(players)
    .where(
      and(
        eq(players.teamId, teamId),
        inArray(players.jerseyNumber, numbers),
        exceptPlayerId === undefined ? undefined : ne(players.id, exceptPlayerId),
      ),
    )
    .orderBy(asc(players.jerseyNumber));
  return rows.map((row) => row.n).filter((n): n is number => n !== null);
}

const familyMemberColumns = {
  userId: teamMembers.userId,
  role: teamMembers.role,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
};
const FAMILY_ROLES = ['parent', 'player'] as const;

/**
 * The team's parents and players (of one user, when given) with what matching their players reads: the
 * account's email when confirmed (is_mine, view.ts).
 */
export function familyMembers(db: Db, teamId: number, userId?: number) {
  return db
    .select(familyMemberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        inArray(teamMembers.role, [...FAMILY_ROLES]),
        userId === undefined ? undefined : eq(teamMembers.userId, userId),
      ),
    )
    .orderBy(asc(teamMembers.userId));
}

const packedFamilyMembers = pack(familyMemberColumns, sql`${teamMembers.userId}`);

/**
 * The team's parents and players (familyMembers) as one value of another statement (db/packed-rows.ts):
 * the RSVP overview reads them with its events in one round trip (docs/decisions/050). `team` is a
 * number or the statement's placeholder.
 */
export const familyMembersPacked = {
  value: (db: Db, team: number | Placeholder) =>
    db
      .select({ rows: packedFamilyMembers.value })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, team), inArray(teamMembers.role, [...FAMILY_ROLES]))),
  unpack: packedFamilyMembers.unpack,
};

// ---- Parent contacts ----

/**
 * A contact as the roster shows it: once the parent's own account is linked, their profile's name and
 * phone (a parent who updates their phone is reachable at the new number); before that, what the coach
 * typed (docs/product/roster-and-parents.md).
 */
const shownContactColumns = {
  ...getTableColumns(parentContacts),
  name: sql<string>`coalesce(${users.name}, ${parentContacts.name})`.as('name'),
  phone: sql<
    string | null
  >`case when ${users.id} is null then ${parentContacts.phone} else ${users.phone} end`.as('phone'),
};

const packedPlayers = pack(getTableColumns(players), sql`${players.id}`);
const packedContacts = pack(shownContactColumns, sql`${parentContacts.id}`);
const teamParam = sql.placeholder('teamId');
const rosterList = preparedPerHandle((db) =>
  db
    .select({
      players: sql<string>`${db.select({ rows: packedPlayers.value }).from(players).where(eq(players.teamId, teamParam))}`,
      contacts: sql<string>`${db
        .select({ rows: packedContacts.value })
        .from(parentContacts)
        .leftJoin(users, eq(users.id, parentContacts.userId))
        .where(eq(parentContacts.teamId, teamParam))}`,
    })
    .from(teams)
    .where(eq(teams.id, teamParam))
    .prepare('roster_list'),
);

/**
 * The team's players and all their contacts, as playersOfTeam and contactsOfTeam read them, in one
 * round trip (db/packed-rows.ts): the roster's read.
 */
export async function rosterOfTeam(
  db: Db,
  teamId: number,
): Promise<{ players: PlayerRow[]; contacts: ContactRow[] }> {
  const [row] = await rosterList(db).execute({ teamId });
  return {
    players: packedPlayers.unpack(row?.players ?? null),
    contacts: packedContacts.unpack(row?.contacts ?? null),
  };
}

/** All the team's players (playersOfTeam) as one value of another statement, as familyMembersPacked. */
export const playersOfTeamPacked = {
  value: (db: Db, team: number | Placeholder) =>
    db.select({ rows: packedPlayers.value }).from(players).where(eq(players.teamId, team)),
  unpack: packedPlayers.unpack,
};

/** All the team's contacts (contactsOfTeam) as one value of another statement, as familyMembersPacked. */
export const contactsOfTeamPacked = {
  value: (db: Db, team: number | Placeholder) =>
    db
      .select({ rows: packedContacts.value })
      .from(parentContacts)
      .leftJoin(users, eq(users.id, parentContacts.userId))
      .where(eq(parentContacts.teamId, team)),
  unpack: packedContacts.unpack,
};

/** The team's parent contacts (of one player, when given), oldest first, as the roster shows them. */
export function contactsOfTeam(db: Db, teamId: number, playerId?: number): Promise<ContactRow[]> {
  return db
    .select(shownContactColumns)
    .from(parentContacts)
    .leftJoin(users, eq(users.id, parentContacts.userId))
    .where(
      and(
        eq(parentContacts.teamId, teamId),
        playerId === undefined ? undefined : eq(parentContacts.playerId, playerId),
      ),
    )
    .orderBy(asc(parentContacts.id));
}

export async function findContact(
  db: Db,
  teamId: number,
  contactId: number,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(parentContacts)
    .where(and(eq(parentContacts.id, contactId), eq(parentContacts.teamId, teamId)));
  return row;
}

export async function findContactOfPlayerByEmail(
  db: Db,
  teamId: number,
  playerId: number,
  email: string,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(parentContacts)
    .where(
      and(
        eq(parentContacts.teamId, teamId),
        eq(parentContacts.playerId, playerId),
        eq(parentContacts.email, email),
      ),
    );
  return row;
}

export interface ContactValues {
  name: string;
  email: string;
  phone: string | null;
  relationship: Relationship;
  isPrimary: boolean;
  userId?: number | null;
}

/** Inserts the contact; undefined when the player already has a contact with that email. */
export async function insertContact(
  db: Db,
  teamId: number,
  playerId: number,
  values: ContactValues,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .insert(parentContacts)
    .values({ ...values, teamId, playerId })
    .onConflictDoNothing({ target: [parentContacts.playerId, parentContacts.email] })
    .returning();
  return row;
}

/** Many contacts in one statement (the roster import); a contact the player already has is refused by its index. */
export async function insertContacts(
  db: Db,
  teamId: number,
  values: (ContactValues & { playerId: number })[],
): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await db
    .insert(parentContacts)
    .values(values.map((v) => ({ ...v, teamId })))
    .returning({ id: parentContacts.id });
  return rows.length;
}

/** The team's players (id, name, number) and the emails of their contacts: what an import checks against. */
export async function rosterBefore(db: Db, teamId: number) {
  const [playerRows, contactRows] = [
    await db
      .select({ id: players.id, name: players.name, jersey_number: players.jerseyNumber })
      .from(players)
      .where(eq(players.teamId, teamId))
      .orderBy(asc(players.id)),
    await db
      .select({ player_id: parentContacts.playerId, email: parentContacts.email })
      .from(parentContacts)
      .where(eq(parentContacts.teamId, teamId)),
  ];
  return { players: playerRows, contacts: contactRows };
}

export async function updateContact(
  db: Db,
  teamId: number,
  contactId: number,
  values: Partial<ContactValues> & { inviteSentAt?: Date | null },
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(parentContacts)
    .set(values)
    .where(and(eq(parentContacts.id, contactId), eq(parentContacts.teamId, teamId)))
    .returning();
  return row;
}

/** Only one primary contact per player: clears the flag on the player's other contacts. */
export async function clearOtherPrimaries(
  db: Db,
  teamId: number,
  playerId: number,
  keepContactId: number,
): Promise<void> {
  await db
    .update(parentContacts)
    .set({ isPrimary: false })
    .where(
      and(
        eq(parentContacts.teamId, teamId),
        eq(parentContacts.playerId, playerId),
        ne(parentContacts.id, keepContactId),
      ),
    );
}

export async function deleteContact(
  db: Db,
  teamId: number,
  playerId: number,
  contactId: number,
): Promise<boolean> {
  const rows = await db
    .delete(parentContacts)
    .where(
      and(
        eq(parentContacts.id, contactId),
        eq(parentContacts.teamId, teamId),
        eq(parentContacts.playerId, playerId),
      ),
    )
    .returning({ id: parentContacts.id });
  return rows.length > 0;
}

/**
 * Links every contact of the team with this email to the user (those without an account, or already
 * linked to this user) and, when an invite went out, stamps when. Returns how many were linked.
 */
export async function linkContactsByEmail(
  db: Db,
  teamId: number,
  email: string,
  userId: number,
  invitedAt?: Date,
): Promise<number> {
  const rows = await db
    .update(parentContacts)
    .set(invitedAt ? { userId, inviteSentAt: invitedAt } : { userId })
    .where(
      and(
        eq(parentContacts.teamId, teamId),
        eq(parentContacts.email, email),
        or(isNull(parentContacts.userId), eq(parentContacts.userId, userId)),
      ),
    )
    .returning({ id: parentContacts.id });
  return rows.length;
}

export async function isContactEmailOfTeam(db: Db, teamId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(parentContacts)
    .where(and(eq(parentContacts.teamId, teamId), eq(parentContacts.email, email)))
    .limit(1);
  return row !== undefined;
}

/** The contacts of the team with their players' names (the Parent Accounts section). */
export function contactsWithAccounts(db: Db, teamId: number) {
  return db
    .select({ contact: shownContactColumns, playerName: players.name })
    .from(parentContacts)
    .innerJoin(players, eq(players.id, parentContacts.playerId))
    .leftJoin(users, eq(users.id, parentContacts.userId))
    .where(eq(parentContacts.teamId, teamId))
    .orderBy(asc(parentContacts.id));
}
