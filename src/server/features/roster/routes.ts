import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addParentBody,
  addParentResponse,
  assignPlayerBody,
  bulkPlayersBody,
  bulkPlayersResponse,
  bulkSyncResponse,
  messageResponse,
  parentContactSchema,
  playerBody,
  playerSchema,
  syncedParentSchema,
  syncParentResponse,
  updateParentBody,
} from '../../../shared/api/roster.ts';
import {
  contactSheetSchema,
  inviteNewResponse,
  rosterImportBody,
  rosterImportProblems,
  rosterImportResponse,
} from '../../../shared/api/roster-import.ts';
import { contactSheetCsv, contactSheetFileName } from '../../../shared/contact-sheet.ts';
import { IMPORT_MAX_BYTES } from '../../../shared/teams.ts';
import { idParam, teamParams } from '../../params.ts';
import type { ImportService } from './import-service.ts';
import type { ParentService } from './parents-service.ts';
import type { PlayerService } from './players-service.ts';

// Roster routes under /api/teams/{teamId}: players, parent contacts and parent accounts.

const teamId = idParam('Team id');
const playerParams = z.object({ teamId, playerId: idParam('Player id') });
const parentParams = z.object({ teamId, parentId: idParam('Parent id') });
const playerParentParams = playerParams.extend({ parentId: idParam('Parent id') });
const userParams = z.object({ teamId, userId: idParam('User id') });

export async function rosterRoutes(
  app: FastifyInstance,
  { players, parents, imports }: { players: PlayerService; parents: ParentService; imports: ImportService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Roster import (docs/decisions/049): 201 with the counts, or 422 with every row's problems and
  // nothing saved.
  r.post(
    '/:teamId/roster-import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        params: teamParams,
        body: rosterImportBody,
        response: { 201: rosterImportResponse, 422: rosterImportProblems },
      },
    },
    async (request, reply) => {
      const outcome = await imports.importRows(request.teamAccess, request.body);
      if (!outcome.ok) return reply.status(422).send({ detail: outcome.detail, problems: outcome.problems });
      const { ok: _ok, ...counts } = outcome;
      return reply.status(201).send(counts);
    },
  );

  r.post(
    '/:teamId/parents/invite-new',
    { schema: { params: teamParams, response: { 200: inviteNewResponse } } },
    (request) => parents.inviteNew(request.teamAccess),
  );

  r.get(
    '/:teamId/contact-sheet',
    { schema: { params: teamParams, response: { 200: contactSheetSchema } } },
    (request) => imports.contactSheet(request.teamAccess),
  );

  // The same sheet as a CSV file, its cells safe to open in a spreadsheet (shared/contact-sheet.ts).
  r.get('/:teamId/contact-sheet.csv', { schema: { params: teamParams } }, async (request, reply) => {
    const sheet = await imports.contactSheet(request.teamAccess);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${contactSheetFileName(sheet.team_name)}"`)
      .header('Cache-Control', 'no-store')
      .send(`\uFEFF${contactSheetCsv(sheet)}`);
  });

  r.get(
    '/:teamId/players',
    { schema: { params: teamParams, response: { 200: z.array(playerSchema) } } },
    (request) => players.list(request.teamAccess),
  );

  r.post(
    '/:teamId/players',
    { schema: { params: teamParams, body: playerBody, response: { 201: playerSchema } } },
    async (request, reply) => reply.status(201).send(await players.create(request.teamAccess, request.body)),
  );

  r.post(
    '/:teamId/players/bulk',
    {
      schema: { params: teamParams, body: bulkPlayersBody, response: { 201: bulkPlayersResponse } },
    },
    async (request, reply) =>
      reply.status(201).send(await players.bulkAdd(request.teamAccess, request.body.players)),
  );

  r.put(
    '/:teamId/players/:playerId',
    { schema: { params: playerParams, body: playerBody, response: { 200: playerSchema } } },
    (request) => players.update(request.teamAccess, request.params.playerId, request.body),
  );

  r.delete(
    '/:teamId/players/:playerId',
    { schema: { params: playerParams, response: { 200: messageResponse } } },
    (request) => players.remove(request.teamAccess, request.params.playerId),
  );

  r.post(
    '/:teamId/players/:playerId/parents',
    {
      schema: { params: playerParams, body: addParentBody, response: { 201: addParentResponse } },
    },
    async (request, reply) =>
      reply.status(201).send(await parents.add(request.teamAccess, request.params.playerId, request.body)),
  );

  r.delete(
    '/:teamId/players/:playerId/parents/:parentId',
    { schema: { params: playerParentParams, response: { 200: messageResponse } } },
    (request) => parents.remove(request.teamAccess, request.params.playerId, request.params.parentId),
  );

  r.get(
    '/:teamId/parents/synced',
    { schema: { params: teamParams, response: { 200: z.array(syncedParentSchema) } } },
    (request) => parents.synced(request.teamAccess),
  );

  r.post(
    '/:teamId/parents/bulk-sync',
    { schema: { params: teamParams, response: { 200: bulkSyncResponse } } },
    (request) => parents.bulkSync(request.teamAccess),
  );

  r.put(
    '/:teamId/parents/:parentId',
    {
      schema: { params: parentParams, body: updateParentBody, response: { 200: parentContactSchema } },
    },
    (request) => parents.update(request.teamAccess, request.params.parentId, request.body),
  );

  r.post(
    '/:teamId/parents/:parentId/sync-user',
    { schema: { params: parentParams, response: { 200: syncParentResponse } } },
    (request) => parents.sync(request.teamAccess, request.params.parentId),
  );

  r.post(
    '/:teamId/parents/:userId/assign-player',
    {
      schema: { params: userParams, body: assignPlayerBody, response: { 200: messageResponse } },
    },
    (request) => parents.assignPlayer(request.teamAccess, request.params.userId, request.body),
  );
}
