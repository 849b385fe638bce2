import type { z } from 'zod';
import { type Player, playerBody } from '../../../shared/api/roster.ts';
import {
  compareByJersey,
  duplicateJerseyNumbers,
  ROSTER_MESSAGES,
  ROSTER_RESULTS,
} from '../../../shared/teams.ts';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';
import { type RosterViewer, rosterViewer, toPlayer } from './view.ts';

export type PlayerInput = z.output<typeof playerBody>;

export const PLAYER_NOT_FOUND = 'Player not found';

export const toValues = (input: PlayerInput): queries.PlayerValues => ({
  name: input.name,
  position: input.position,
  jerseyNumber: input.jersey_number,
  age: input.age,
  status: input.status,
});

/** Primary contact first, then in the order they were added. */
const contactOrder = (a: queries.ContactRow, b: queries.ContactRow) =>
  Number(b.isPrimary) - Number(a.isPrimary) || a.id - b.id;

function rosterOf(rows: queries.PlayerRow[], contacts: queries.ContactRow[], viewer: RosterViewer): Player[] {
  return rows
    .map((row) => toPlayer(row, contacts.filter((c) => c.playerId === row.id).sort(contactOrder), viewer))
    .sort(compareByJersey);
}

/** A write refused by the jersey index (two coaches saving the same number at once) answers like the check. */
export async function guardJersey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'players_team_jersey_key')) throw badRequest(ROSTER_MESSAGES.jerseyTaken);
    throw error;
  }
}

export function createPlayerService({ db }: { db: Db }) {
  async function playerView(access: TeamAccess, row: queries.PlayerRow): Promise<Player> {
    const contacts = await queries.contactsOfTeam(db, access.team.id, row.id);
    return toPlayer(row, contacts.sort(contactOrder), rosterViewer(access));
  }

  async function refuseTakenNumber(teamId: number, jersey: number | null, exceptPlayerId?: number) {
    if (jersey === null) return;
    const taken = await queries.takenJerseyNumbers(db, teamId, [jersey], exceptPlayerId);
    if (taken.length > 0) throw badRequest(ROSTER_MESSAGES.jerseyTaken);
  }

  return {
    /** The roster, by jersey number with the unnumbered last. */
    async list(access: TeamAccess): Promise<Player[]> {
      const { players, contacts } = await queries.rosterOfTeam(db, access.team.id);
      return rosterOf(players, contacts, rosterViewer(access));
    },

    async create(access: TeamAccess, input: PlayerInput): Promise<Player> {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      await refuseTakenNumber(teamId, input.jersey_number);
      const [row] = await guardJersey(() => queries.insertPlayers(db, teamId, [toValues(input)]));
      if (!row) throw new Error('The player was not stored');
      return playerView(access, row);
    },

    /** Edit: the same rules; the player may keep their own number. */
    async update(access: TeamAccess, playerId: number, input: PlayerInput): Promise<Player> {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      if (!(await queries.findPlayer(db, teamId, playerId))) throw notFound(PLAYER_NOT_FOUND);
      await refuseTakenNumber(teamId, input.jersey_number, playerId);
      const row = await guardJersey(() => queries.updatePlayer(db, teamId, playerId, toValues(input)));
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return playerView(access, row);
    },

    async remove(access: TeamAccess, playerId: number) {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      if (!(await queries.deletePlayer(db, teamId, playerId))) throw notFound(PLAYER_NOT_FOUND);
      return { message: ROSTER_RESULTS.playerRemoved, detail: ROSTER_RESULTS.playerRemoved };
    },

    /**
     * Bulk Add: rows without a name are left out; every named row must be valid, their numbers unique
     * among themselves and on the team. All rows are added, or none.
     */
    async bulkAdd(access: TeamAccess, rows: unknown[]) {
      const teamId = access.team.id;
      requireCapability(access, 'manage_roster');
      const named = rows
        .map((row, index) => ({ row, number: index + 1 }))
        .filter(({ row }) => {
          const name = (row as { name?: unknown } | null)?.name;
          return typeof name === 'string' && name.trim() !== '';
        });
      if (named.length === 0) throw badRequest(ROSTER_MESSAGES.bulkNeedsName);

      const inputs = named.map(({ row, number }) => {
        const parsed = playerBody.safeParse(row);
        if (!parsed.success) {
          throw badRequest(`Player ${number}: ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
        }
        return parsed.data;
      });

      const numbers = inputs.map((input) => input.jersey_number);
      const repeated = duplicateJerseyNumbers(numbers);
      if (repeated.length > 0) {
        throw badRequest(`${ROSTER_MESSAGES.bulkDuplicateJersey} Repeated: ${repeated.join(', ')}`);
      }

      const added = await guardJersey(() =>
        db.transaction(async (tx) => {
          const taken = await queries.takenJerseyNumbers(
            tx,
            teamId,
            numbers.filter((n): n is number => n !== null),
          );
          if (taken.length > 0) {
            throw badRequest(`These jersey numbers are already taken on this team: ${taken.join(', ')}`);
          }
          return queries.insertPlayers(tx, teamId, inputs.map(toValues));
        }),
      );
      return {
        players: rosterOf(added, [], rosterViewer(access)),
        message: ROSTER_RESULTS.playersAdded(added.length),
      };
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
