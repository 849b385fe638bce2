import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  overviewSchema,
  rsvpListQuery,
  rsvpListSchema,
  rsvpSchema,
  rsvpSubmitAllBody,
  rsvpSubmitBody,
} from '../../../shared/api/calendar.ts';
import { idParam, teamParams } from '../../params.ts';
import type { RsvpService } from './service.ts';

// /api/team-rsvp (docs/product/calendar-rsvp-and-feed.md; docs/decisions/017), inside the signed-in
// scope. The submits find the event's team themselves; the overview's :teamId gets the caller's access
// and ETag from the scope. Neither read is kept once for every member: the list depends on who reads
// it, and the overview is refused to parents and players (a kept answer would be served before that).

const userParams = z.object({ userId: idParam('User id') });

export async function rsvpRoutes(app: FastifyInstance, { rsvp }: { rsvp: RsvpService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/submit', { schema: { body: rsvpSubmitBody, response: { 200: rsvpSchema } } }, (request) =>
    rsvp.submit(request.user, request.body),
  );

  r.post(
    '/submit-all',
    { schema: { body: rsvpSubmitAllBody, response: { 200: z.array(rsvpSchema) } } },
    (request) => rsvp.submitAll(request.user, request.body),
  );

  r.get(
    '/user/:userId/events',
    { schema: { params: userParams, querystring: rsvpListQuery, response: { 200: rsvpListSchema } } },
    (request) => rsvp.listOwn(request.user, request.params.userId, request.query.team_id),
  );

  r.get(
    '/team/:teamId/overview',
    { schema: { params: teamParams, response: { 200: overviewSchema } } },
    (request) => rsvp.overview(request.teamAccess),
  );
}
