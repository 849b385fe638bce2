import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdPracticesResponse,
  gameBody,
  gamePatch,
  gameSchema,
  practiceBody,
  practicePatch,
  practiceSchema,
  practiceScopeQuery,
  tournamentBody,
  tournamentGameBody,
  tournamentGamePatch,
  tournamentGameSchema,
  tournamentPatch,
  tournamentSchema,
} from '../../../shared/api/events.ts';
import { messageResponse } from '../../../shared/api/roster.ts';
import { EVENT_MESSAGES } from '../../../shared/events.ts';
import { idParam, teamParams } from '../../params.ts';
import { teamInBody } from '../../plugins/team-scope.ts';
import type { GameService } from './games-service.ts';
import type { PracticeService } from './practices-service.ts';
import type { TournamentService } from './tournaments-service.ts';

// /api/tournaments, /api/games and /api/practices (docs/product/events.md), inside the signed-in scope.
// Routes with :teamId get the caller's access (and, for reads, the ETag) from the scope; the others name
// a tournament or practice, whose team the scope finds first (teamOf: another team's row is not found),
// or, creating practices, the body's team_id.

const tournamentParams = z.object({ id: idParam('Tournament id') });
const tournamentGameParams = tournamentParams.extend({ gameId: idParam('Game id') });
const gameParams = teamParams.extend({ gameId: idParam('Game id') });
const practiceParams = z.object({ id: idParam('Practice id') });
/** The lists read the same for every member, so one member's read serves the rest (answer-cache.ts). */
const everyMember = { sameAnswerForEveryMember: true };

export async function tournamentRoutes(
  app: FastifyInstance,
  { tournaments }: { tournaments: TournamentService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofTournament = {
    teamOf: (request: FastifyRequest) => tournaments.teamOf((request.params as { id: number }).id),
    teamNotFound: EVENT_MESSAGES.tournamentNotFound,
  };

  r.get(
    '/team/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(tournamentSchema) } }, config: everyMember },
    (request) => tournaments.listAnswer(request.teamAccess),
  );

  r.post(
    '/team/:teamId',
    { schema: { params: teamParams, body: tournamentBody, response: { 201: tournamentSchema } } },
    async (request, reply) =>
      reply.status(201).send(await tournaments.create(request.teamAccess, request.body)),
  );

  r.get('/all', { schema: { response: { 200: z.array(tournamentSchema) } } }, (request) =>
    tournaments.listAll(request.user),
  );

  r.put(
    '/:id',
    {
      schema: { params: tournamentParams, body: tournamentPatch, response: { 200: tournamentSchema } },
      config: ofTournament,
    },
    (request) => tournaments.update(request.teamAccess, request.params.id, request.body),
  );

  r.delete(
    '/:id',
    { schema: { params: tournamentParams, response: { 200: messageResponse } }, config: ofTournament },
    (request) => tournaments.remove(request.teamAccess, request.params.id),
  );

  r.post(
    '/:id/games',
    {
      schema: {
        params: tournamentParams,
        body: tournamentGameBody,
        response: { 201: tournamentGameSchema },
      },
      config: ofTournament,
    },
    async (request, reply) =>
      reply.status(201).send(await tournaments.addGame(request.teamAccess, request.params.id, request.body)),
  );

  r.put(
    '/:id/games/:gameId',
    {
      schema: {
        params: tournamentGameParams,
        body: tournamentGamePatch,
        response: { 200: tournamentGameSchema },
      },
      config: ofTournament,
    },
    (request) =>
      tournaments.updateGame(request.teamAccess, request.params.id, request.params.gameId, request.body),
  );

  r.delete(
    '/:id/games/:gameId',
    { schema: { params: tournamentGameParams, response: { 200: messageResponse } }, config: ofTournament },
    (request) => tournaments.removeGame(request.teamAccess, request.params.id, request.params.gameId),
  );
}

export async function gameRoutes(app: FastifyInstance, { games }: { games: GameService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(gameSchema) } }, config: everyMember },
    (request) => games.listAnswer(request.teamAccess),
  );

  r.post(
    '/:teamId',
    { schema: { params: teamParams, body: gameBody, response: { 201: gameSchema } } },
    async (request, reply) => reply.status(201).send(await games.create(request.teamAccess, request.body)),
  );

  r.put(
    '/:teamId/:gameId',
    { schema: { params: gameParams, body: gamePatch, response: { 200: gameSchema } } },
    (request) => games.update(request.teamAccess, request.params.gameId, request.body),
  );

  r.delete(
    '/:teamId/:gameId',
    { schema: { params: gameParams, response: { 200: messageResponse } } },
    (request) => games.remove(request.teamAccess, request.params.gameId),
  );
}

export async function practiceRoutes(app: FastifyInstance, { practices }: { practices: PracticeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofPractice = {
    teamOf: (request: FastifyRequest) => practices.teamOf((request.params as { id: number }).id),
    teamNotFound: EVENT_MESSAGES.practiceNotFound,
  };

  r.get(
    '/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(practiceSchema) } }, config: everyMember },
    (request) => practices.list(request.teamAccess),
  );

  r.post(
    '/',
    {
      schema: { body: practiceBody, response: { 201: createdPracticesResponse } },
      config: { teamOf: teamInBody },
    },
    async (request, reply) =>
      reply.status(201).send(await practices.create(request.teamAccess, request.body)),
  );

  r.put(
    '/:id',
    {
      schema: {
        params: practiceParams,
        querystring: practiceScopeQuery,
        body: practicePatch,
        response: { 200: practiceSchema },
      },
      config: ofPractice,
    },
    (request) => practices.update(request.teamAccess, request.params.id, request.body, request.query.scope),
  );

  r.delete(
    '/:id',
    {
      schema: { params: practiceParams, querystring: practiceScopeQuery, response: { 200: messageResponse } },
      config: ofPractice,
    },
    (request) => practices.remove(request.teamAccess, request.params.id, request.query.scope),
  );
}
