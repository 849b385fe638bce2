import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementBody,
  announcementSchema,
  chatPostErrorSchema,
  commentBody,
} from '../../../shared/api/announcements.ts';
import { idParam, teamParams } from '../../params.ts';
import { loadTeamAccess } from '../teams/access.ts';
import type { AnnouncementService } from './service.ts';
import type { Db } from '../../db/connect.ts';

// /api/messaging/announcements and the team's cross-post status (docs/product/announcements.md), inside
// the signed-in scope. The list is per reader (authors' emails depend on who reads), so its answer is
// kept per reader, not once for every member.

const announcementParams = z.object({ id: idParam('Announcement id') });
const commentParams = z.object({ id: idParam('Announcement id'), commentId: idParam('Comment id') });
const teamQuery = z.object({ team_id: idParam('Team id') });

export async function announcementRoutes(
  app: FastifyInstance,
  { announcements, db }: { announcements: AnnouncementService; db: Db },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/announcements/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(announcementSchema) } } },
    (request) => announcements.list(request.teamAccess),
  );

  r.post(
    '/announcements',
    { schema: { querystring: teamQuery, body: announcementBody, response: { 201: announcementSchema } } },
    async (request, reply) => {
      const access = await loadTeamAccess(db, request.user, request.query.team_id);
      return reply.status(201).send(await announcements.create(access, request.body));
    },
  );

  r.put(
    '/announcements/:id',
    { schema: { params: announcementParams, body: announcementBody, response: { 200: announcementSchema } } },
    (request) => announcements.update(request.user, request.params.id, request.body),
  );

  r.delete(
    '/announcements/:id',
    { schema: { params: announcementParams, response: { 200: z.object({ message: z.string() }) } } },
    (request) => announcements.remove(request.user, request.params.id),
  );

  r.post(
    '/announcements/:id/comments',
    { schema: { params: announcementParams, body: commentBody, response: { 201: announcementSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await announcements.comment(request.user, request.params.id, request.body.content)),
  );

  r.delete(
    '/announcements/:id/comments/:commentId',
    { schema: { params: commentParams, response: { 200: announcementSchema } } },
    (request) => announcements.deleteComment(request.user, request.params.id, request.params.commentId),
  );

  // Not under /:teamId: the sender's writes do not grow the team's data_version (they would empty every
  // kept answer of the team), so this read must not be answered from the ETag machinery.
  r.get(
    '/chat-posts/last-error',
    { schema: { querystring: teamQuery, response: { 200: chatPostErrorSchema } } },
    async (request, reply) => {
      const access = await loadTeamAccess(db, request.user, request.query.team_id);
      reply.header('Cache-Control', 'no-store');
      return announcements.lastChatPostError(access);
    },
  );
}
