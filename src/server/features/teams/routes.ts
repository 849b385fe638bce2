import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberSchema, setupTeamBody, teamSchema, updateTeamBody } from '../../../shared/api/teams.ts';
import { teamParams } from '../../params.ts';
import { TEAM_PAGE_MAX, type TeamService } from './service.ts';

const teamPageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(TEAM_PAGE_MAX, `limit must be at most ${TEAM_PAGE_MAX}`)
    .default(TEAM_PAGE_MAX),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(1_000_000, 'offset is too large')
    .default(0),
});

// /api/teams, inside the signed-in scope (which loads the caller's access for :teamId routes).

export async function teamRoutes(app: FastifyInstance, { teams }: { teams: TeamService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/setup-complete',
    { schema: { body: setupTeamBody, response: { 201: teamSchema } } },
    async (request, reply) => reply.status(201).send(await teams.setup(request.user, request.body)),
  );

  // Coaches get their teams; admins every team of the club, by pages (?limit=&offset=).
  r.get(
    '/coached',
    { schema: { querystring: teamPageQuery, response: { 200: z.array(teamSchema) } } },
    (request) => teams.coached(request.user, request.query),
  );

  r.get('/my-team', { schema: { response: { 200: teamSchema } } }, (request) => teams.myTeam(request.user));

  r.get('/:teamId', { schema: { params: teamParams, response: { 200: teamSchema } } }, (request) =>
    teams.get(request.teamAccess),
  );

  r.put(
    '/:teamId',
    { schema: { params: teamParams, body: updateTeamBody, response: { 200: teamSchema } } },
    (request) => teams.update(request.teamAccess, request.body),
  );

  r.post(
    '/:teamId/invite-code/regenerate',
    { schema: { params: teamParams, response: { 200: teamSchema } } },
    (request) => teams.regenerateInviteCode(request.teamAccess),
  );

  r.get(
    '/:teamId/members',
    { schema: { params: teamParams, response: { 200: z.array(memberSchema) } } },
    (request) => teams.members(request.teamAccess),
  );
}
