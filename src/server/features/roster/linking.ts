import type { Db } from '../../db/connect.ts';
import type { UserRow } from '../auth/queries.ts';
import * as queries from './queries.ts';

// What other features (joining) may ask of the roster: find a player, and link a person who joined to a
// player or to the contacts the coach typed. Nothing else of the roster is theirs to touch.

export type { PlayerRow } from './queries.ts';
export const findPlayer = queries.findPlayer;
export const isContactEmailOfTeam = queries.isContactEmailOfTeam;

/** Links the account to every contact of the team with its email; only for an email its owner proved. Use the transaction's handle. */
export async function linkVerifiedContacts(tx: Db, teamId: number, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt === null) return;
  await queries.linkContactsByEmail(tx, teamId, user.email, user.id);
}

/**
 * Links a person the coach let in to a player: a player account becomes that player; a parent becomes
 * one of the player's contacts (unless the coach already typed one with their email). Use the
 * transaction's handle.
 */
export async function linkPersonToPlayer(
  tx: Db,
  teamId: number,
  playerId: number,
  person: UserRow,
  role: 'parent' | 'player',
): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- the link the membership makes (a family link), no permission
  if (role === 'player') {
    await queries.linkPlayerAccount(tx, teamId, playerId, person);
    return;
  }
  const existing = await queries.findContactOfPlayerByEmail(tx, teamId, playerId, person.email);
  if (existing) return;
  await queries.insertContact(tx, teamId, playerId, {
    name: person.name,
    email: person.email,
    phone: person.phone,
    relationship: 'parent',
    isPrimary: false,
    userId: person.id,
  });
}
