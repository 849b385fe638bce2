import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementBody,
  announcementSchema,
  chatPostErrorSchema,
  commentBody,
} from '../../../shared/api/announcements.ts';
import { ANNOUNCEMENT_MESSAGES } from '../../../shared/announcements.ts';
import { idParam, teamParams } from '../../params.ts';
import { teamInQuery } from '../../plugins/team-scope.ts';
import type { AnnouncementService } from './service.ts';

// /api/messaging/announcements and the team's cross-post status, /api/messaging/chat-posts
// (docs/product/announcements.md; the prefixes are written in feature.ts), inside the signed-in scope, which loads the caller's access to the team the route names: :teamId, ?team_id, or
// the team of the announcement in the path (another team's is 'Announcement not found'). The list is
// per reader (authors' emails depend on who reads), so its answer is kept per reader, not once for
// every member.

const announcementParams = z.object({ id: idParam('Announcement id') });
const commentParams = z.object({ id: idParam('Announcement id'), commentId: idParam('Comment id') });
const teamQuery = z.object({ team_id: idParam('Team id') });

export async function announcementRoutes(
  app: FastifyInstance,
  { announcements }: { announcements: AnnouncementService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofAnnouncement = {
    teamOf: (request: FastifyRequest) => announcements.teamOf((request.params as { id: number }).id),
    teamNotFound: ANNOUNCEMENT_MESSAGES.notFound,
  };

  r.get(
    '/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(announcementSchema) } } },
    (request) => announcements.list(request.teamAccess),
  );

  r.post(
    '',
    {
      schema: { querystring: teamQuery, body: announcementBody, response: { 201: announcementSchema } },
      config: { teamOf: teamInQuery },
    },
    async (request, reply) =>
      reply.status(201).send(await announcements.create(request.teamAccess, request.body)),
  );

  r.put(
    '/:id',
    {
      schema: { params: announcementParams, body: announcementBody, response: { 200: announcementSchema } },
      config: ofAnnouncement,
    },
    (request) => announcements.update(request.teamAccess, request.params.id, request.body),
  );

  r.delete(
    '/:id',
    {
      schema: { params: announcementParams, response: { 200: z.object({ message: z.string() }) } },
      config: ofAnnouncement,
    },
    (request) => announcements.remove(request.teamAccess, request.params.id),
  );

  r.post(
    '/:id/comments',
    {
      schema: { params: announcementParams, body: commentBody, response: { 201: announcementSchema } },
      config: ofAnnouncement,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await announcements.comment(request.teamAccess, request.params.id, request.body.content)),
  );

  r.delete(
    '/:id/comments/:commentId',
    { schema: { params: commentParams, response: { 200: announcementSchema } }, config: ofAnnouncement },
    (request) => announcements.deleteComment(request.teamAccess, request.params.id, request.params.commentId),
  );
}

/** The team's group-chat cross-posts: the last one that failed. */
export async function chatPostRoutes(
  app: FastifyInstance,
  { announcements }: { announcements: AnnouncementService },
) {
  // Untagged: the sender's writes do not grow the team's data_version (they would empty every kept
  // answer of the team), so this read must not be answered from the ETag machinery.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/last-error',
    {
      schema: { querystring: teamQuery, response: { 200: chatPostErrorSchema } },
      config: { teamOf: teamInQuery, untagged: true },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return announcements.lastChatPostError(request.teamAccess);
    },
  );
}
