import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadBody,
  notificationListQuery,
  notificationListSchema,
  unreadCountAnswer,
} from '../../../shared/api/notifications.ts';
import { acceptsGzip, COMPRESS_FROM_BYTES, compress, type KeptAnswer } from '../../plugins/answer-cache.ts';
import { namesTag, parseIfNoneMatch } from '../../plugins/conditional-get.ts';
import type { NotificationService } from './service.ts';

// /api/notifications (docs/product/notifications.md 'API'): the signed-in user's own, no team in the
// address; another user's notification ids change nothing and reveal nothing.

/** Each bell read's way to keep its answer, until it is sent. */
const keepers = new WeakMap<FastifyRequest, (answer: KeptAnswer) => void>();

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
          untyped.header('Content-Type', 'application/json; charset=utf-8');
          if (bell.kept.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
            return untyped.header('Content-Encoding', 'gzip').send(bell.kept.gzipped);
          }
          return untyped.send(bell.kept.body);
        }
        keepers.set(request, bell.keep);
      },
      // The answer as written (checked against its schema once) is kept with the bell's tag, and
      // gzipped when large, as the team reads are (plugins/answer-cache.ts): 20 notifications are
      // about 6 KB.
      onSend: async (request, reply, payload) => {
        const keep = keepers.get(request);
        if (!keep || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
        const gzipped = payload.length >= COMPRESS_FROM_BYTES ? await compress(payload) : undefined;
        keep(gzipped ? { body: payload, gzipped } : { body: payload });
        if (!gzipped || !acceptsGzip(request.headers['accept-encoding'])) return payload;
        reply.header('Content-Encoding', 'gzip');
        return gzipped;
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
