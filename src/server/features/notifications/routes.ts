import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Each bell read's way to keep its answer, until it is sent. */
const keepers = new WeakMap<FastifyRequest, (body: string) => void>();

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
        const bell = await notifications.bell(request.user, request.query.limit);
        reply.header('ETag', bell.etag);
        reply.header('Cache-Control', 'private, no-cache');
        reply.header('Vary', 'Authorization, Accept-Encoding');
        // Not answers of the route's schema to check again: the untyped reply sends them.
        const untyped = reply as FastifyReply;
        if (namesTag(parseIfNoneMatch(request.headers['if-none-match']), bell.etag)) {
          return untyped.code(304).send();
        }
        if (bell.kept !== undefined) {
          return untyped.header('Content-Type', 'application/json; charset=utf-8').send(bell.kept);
        }
        keepers.set(request, bell.keep);
      },
      // The answer as written (checked against its schema once) is kept with the bell's tag.
      onSend: async (request, reply, payload) => {
        const keep = keepers.get(request);
        if (keep && reply.statusCode === 200 && typeof payload === 'string') keep(payload);
        return payload;
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
