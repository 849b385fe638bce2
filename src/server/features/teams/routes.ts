import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberSchema, setupTeamBody, teamSchema, updateTeamBody } from '../../../shared/api/teams.ts';
import { teamParams } from '../../params.ts';
import type { TeamService } from './service.ts';

export async function teamRoutes(app: FastifyInstance, { teams }: { teams: TeamService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: app.authenticate };

  r.post(
    '/setup-complete',
    { ...signedIn, schema: { body: setupTeamBody, response: { 201: teamSchema } } },
    async (request, reply) => reply.status(201).send(await teams.setup(request.user, request.body)),
  );

  r.get('/coached', { ...signedIn, schema: { response: { 200: z.array(teamSchema) } } }, (request) =>
    teams.coached(request.user),
  );

  r.get('/my-team', { ...signedIn, schema: { response: { 200: teamSchema } } }, (request) =>
    teams.myTeam(request.user),
  );

  r.get(
    '/:teamId',
    { ...signedIn, schema: { params: teamParams, response: { 200: teamSchema } } },
    (request) => teams.get(request.user, request.params.teamId),
  );

  r.put(
    '/:teamId',
    { ...signedIn, schema: { params: teamParams, body: updateTeamBody, response: { 200: teamSchema } } },
    (request) => teams.update(request.user, request.params.teamId, request.body),
  );

  r.get(
    '/:teamId/members',
    { ...signedIn, schema: { params: teamParams, response: { 200: z.array(memberSchema) } } },
    (request) => teams.members(request.user, request.params.teamId),
  );
}
