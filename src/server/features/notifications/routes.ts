import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadBody,
  notificationListQuery,
  notificationListSchema,
  unreadCountAnswer,
} from '../../../shared/api/notifications.ts';
import { namesTag, parseIfNoneMatch } from '../../plugins/conditional-get.ts';
import type { NotificationService } from './service.ts';

// /api/notifications (docs/product/notifications.md 'API'): the signed-in user's own, no team in the
// address; another user's notification ids change nothing and reveal nothing.

export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The bell polls: an unchanged list answers 304 from the tag kept in memory (its ETag follows the
  // user's notifications and teams, not a team's data version).
  r.get(
    '/',
    {
      schema: { querystring: notificationListQuery, response: { 200: notificationListSchema } },
      preHandler: async (request, reply) => {
        const etag = await notifications.etag(request.user, request.query.limit);
        reply.header('ETag', etag);
        reply.header('Cache-Control', 'private, no-cache');
        reply.header('Vary', 'Authorization, Accept-Encoding');
        if (namesTag(parseIfNoneMatch(request.headers['if-none-match']), etag)) {
          // Not an answer of the route's schema: the untyped reply sends it.
          return (reply as FastifyReply).code(304).send();
        }
      },
    },
    (request) => notifications.list(request.user, request.query.limit),
  );

  r.post('/read', { schema: { body: markReadBody, response: { 200: unreadCountAnswer } } }, (request) =>
    notifications.markRead(request.user, request.body.ids),
  );

  r.post('/read-all', { schema: { response: { 200: unreadCountAnswer } } }, (request) =>
    notifications.markAllRead(request.user),
  );
}
