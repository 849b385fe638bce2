import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pollBody,
  pollCreateQuery,
  pollListSchema,
  pollSchema,
  voteBody,
} from '../../../shared/api/polls.ts';
import { POLL_MESSAGES } from '../../../shared/polls.ts';
import { idParam, teamParams } from '../../params.ts';
import { teamInQuery } from '../../plugins/team-scope.ts';
import type { PollService } from './service.ts';

// /api/messaging/polls (docs/product/polls.md 'API'), inside the signed-in
// scope. The list's :teamId gets the caller's access and ETag from the scope; its answer depends on who
// reads it (user_vote, has_voted, the votes shown), so it is never kept once for every member. A new
// poll names its team as ?team_id; the other routes name a poll, whose team the scope finds first.

const pollParams = z.object({ pollId: idParam('Poll id') });

export async function pollRoutes(app: FastifyInstance, { polls }: { polls: PollService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofPoll = {
    teamOf: (request: FastifyRequest) => polls.teamOf((request.params as { pollId: number }).pollId),
    teamNotFound: POLL_MESSAGES.notFound,
  };

  r.get('/:teamId', { schema: { params: teamParams, response: { 200: pollListSchema } } }, (request) =>
    polls.list(request.teamAccess),
  );

  r.post(
    '/',
    {
      schema: { querystring: pollCreateQuery, body: pollBody, response: { 201: pollSchema } },
      config: { teamOf: teamInQuery },
    },
    async (request, reply) => reply.status(201).send(await polls.create(request.teamAccess, request.body)),
  );

  r.put(
    '/:pollId',
    { schema: { params: pollParams, body: pollBody, response: { 200: pollSchema } }, config: ofPoll },
    (request) => polls.update(request.teamAccess, request.params.pollId, request.body),
  );

  r.delete(
    '/:pollId',
    { schema: { params: pollParams, response: { 200: z.object({ message: z.string() }) } }, config: ofPoll },
    (request) => polls.remove(request.teamAccess, request.params.pollId),
  );

  r.post(
    '/:pollId/vote',
    { schema: { params: pollParams, body: voteBody, response: { 200: pollSchema } }, config: ofPoll },
    (request) => polls.vote(request.teamAccess, request.params.pollId, request.body),
  );
}
