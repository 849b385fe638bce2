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
import { idParam, teamParams } from '../../params.ts';
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
  { players, parents }: { players: PlayerService; parents: ParentService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
