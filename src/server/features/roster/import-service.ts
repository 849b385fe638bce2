import type { z } from 'zod';
import type { ContactSheet, rosterImportBody } from '../../../shared/api/roster-import.ts';
import { IMPORT_MESSAGES, planImport, type RowProblem } from '../../../shared/roster-rows.ts';
import { compareByJersey } from '../../../shared/teams.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest } from '../../http-error.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import { guardDuplicateContact } from './parents-service.ts';
import { guardJersey, toValues } from './players-service.ts';
import * as queries from './queries.ts';

// Roster import and the contact sheet (docs/product/roster-and-parents.md 'Roster import', 'Contact
// sheet'; docs/decisions/049).

export type ImportOutcome =
  | { ok: true; players_added: number; contacts_added: number; message: string }
  | { ok: false; detail: string; problems: RowProblem[] };

export function createImportService({ db }: { db: Db }) {
  return {
    /**
     * The rows the coach confirmed, checked again by the preview's own rules (shared/roster-rows.ts)
     * against the roster as it is now, inside the transaction that saves them: all rows, or none
     * (with every row's problems). Players in one insert, contacts in another; no invite is sent.
     */
    async importRows(access: TeamAccess, body: z.output<typeof rosterImportBody>): Promise<ImportOutcome> {
      const teamId = access.team.id;
      requireCapability(access, 'import_roster');
      return guardDuplicateContact(() =>
        guardJersey(() =>
          db.transaction(async (tx): Promise<ImportOutcome> => {
            const plan = planImport(body.rows, await queries.rosterBefore(tx, teamId));
            if (plan.problems.length > 0) {
              const rows = new Set(plan.problems.map((p) => p.row)).size;
              return { ok: false, detail: IMPORT_MESSAGES.rowsWithProblems(rows), problems: plan.problems };
            }
            if (plan.players.length === 0 && plan.contacts.length === 0) {
              throw badRequest(IMPORT_MESSAGES.nothingToImport);
            }
            const added =
              plan.players.length === 0
                ? []
                : await queries.insertPlayers(
                    tx,
                    teamId,
                    plan.players.map((p) => toValues(p.body)),
                  );
            // RETURNING gives the rows in the order of the VALUES; the contacts name their player by it.
            if (added.some((row, i) => row.name !== plan.players[i]?.body.name)) {
              throw new Error('The imported players came back in another order');
            }
            const contacts = plan.contacts.map((contact) => {
              const playerId =
                'existingId' in contact.player
                  ? contact.player.existingId
                  : added[contact.player.newIndex]?.id;
              if (playerId === undefined) throw new Error('An imported player was not stored');
              return {
                playerId,
                name: contact.name,
                email: contact.email,
                phone: contact.phone,
                relationship: contact.relationship,
                isPrimary: contact.isPrimary,
              };
            });
            const contactsAdded = await queries.insertContacts(tx, teamId, contacts);
            return {
              ok: true,
              players_added: added.length,
              contacts_added: contactsAdded,
              message: IMPORT_MESSAGES.imported(added.length, contactsAdded),
            };
          }),
        ),
      );
    },

    /**
     * The contact sheet: every player by jersey number with their contacts (primary first), as the
     * roster shows them to a coach (a linked parent's own name and phone).
     */
    async contactSheet(access: TeamAccess): Promise<ContactSheet> {
      requireCapability(access, 'view_contact_sheet');
      const { players, contacts } = await queries.rosterOfTeam(db, access.team.id);
      const rows = players
        .map((p) => ({ ...p, jersey_number: p.jerseyNumber }))
        .sort(compareByJersey)
        .map((player) => ({
          id: player.id,
          name: player.name,
          jersey_number: player.jerseyNumber,
          status: player.status,
          parents: contacts
            .filter((c) => c.playerId === player.id)
            .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.id - b.id)
            .map((c) => ({
              name: c.name,
              relationship: c.relationship,
              is_primary: c.isPrimary,
              phone: c.phone,
              email: c.email,
            })),
        }));
      return { team_name: access.team.name, players: rows };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
