import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadBody,
  notificationListQuery,
  notificationListSchema,
  unreadCountAnswer,
} from '../../../shared/api/notifications.ts';
import type { NotificationService } from './service.ts';

// /api/notifications (docs/product/notifications.md 'API'): the signed-in user's own, no team in the
// address; another user's notification ids change nothing and reveal nothing.

export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    { schema: { querystring: notificationListQuery, response: { 200: notificationListSchema } } },
    (request) => notifications.list(request.user, request.query.limit),
  );

  r.post('/read', { schema: { body: markReadBody, response: { 200: unreadCountAnswer } } }, (request) =>
    notifications.markRead(request.user, request.body.ids),
  );

  r.post('/read-all', { schema: { response: { 200: unreadCountAnswer } } }, (request) =>
    notifications.markAllRead(request.user),
  );
}
