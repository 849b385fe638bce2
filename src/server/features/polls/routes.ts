import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pollBody,
  pollCreateQuery,
  pollListSchema,
  pollSchema,
  voteBody,
} from '../../../shared/api/polls.ts';
import { idParam, teamParams } from '../../params.ts';
import type { PollService } from './service.ts';

// /api/messaging/polls (docs/product/polls.md 'API'), inside the signed-in
// scope. The list's :teamId gets the caller's access and ETag from the scope; its answer depends on who
// reads it (user_vote, has_voted, the votes shown), so it is never kept once for every member.

const pollParams = z.object({ pollId: idParam('Poll id') });

export async function pollRoutes(app: FastifyInstance, { polls }: { polls: PollService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/:teamId', { schema: { params: teamParams, response: { 200: pollListSchema } } }, (request) =>
    polls.list(request.teamAccess),
  );

  r.post(
    '/',
    { schema: { querystring: pollCreateQuery, body: pollBody, response: { 201: pollSchema } } },
    async (request, reply) =>
      reply.status(201).send(await polls.create(request.user, request.query.team_id, request.body)),
  );

  r.put(
    '/:pollId',
    { schema: { params: pollParams, body: pollBody, response: { 200: pollSchema } } },
    (request) => polls.update(request.user, request.params.pollId, request.body),
  );

  r.delete(
    '/:pollId',
    { schema: { params: pollParams, response: { 200: z.object({ message: z.string() }) } } },
    (request) => polls.remove(request.user, request.params.pollId),
  );

  r.post(
    '/:pollId/vote',
    { schema: { params: pollParams, body: voteBody, response: { 200: pollSchema } } },
    (request) => polls.vote(request.user, request.params.pollId, request.body),
  );
}
