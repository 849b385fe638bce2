import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailResponse } from '../../../shared/api/auth.ts';
import {
  pushSubscriptionBody,
  pushUnsubscribeBody,
  vapidPublicKeyAnswer,
} from '../../../shared/api/notifications.ts';
import { PUSH_MESSAGES } from '../../../shared/push.ts';
import type { PushService } from './service.ts';

// /api/push (docs/product/notifications.md 'Web push'), inside the signed-in scope: the caller's own
// devices, no team in the address. Turning notifications on is a tap in Account Settings, so 30 an hour
// per account is far above any person and far below a script filling the table.

const byUser = (request: FastifyRequest) => String(request.user.id);

export async function pushRoutes(app: FastifyInstance, { push }: { push: PushService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/vapid-public-key', { schema: { response: { 200: vapidPublicKeyAnswer } } }, () => push.publicKey());

  r.post(
    '/subscriptions',
    {
      schema: { body: pushSubscriptionBody, response: { 200: detailResponse, 201: detailResponse } },
      preHandler: app.limitBy([{ name: 'push-subscribe:user', max: 30, windowMinutes: 60, key: byUser }]),
    },
    async (request, reply) => {
      const { created } = await push.subscribe(request.user, request.body);
      return reply.status(created ? 201 : 200).send({ detail: PUSH_MESSAGES.on });
    },
  );

  r.delete('/subscriptions', { schema: { body: pushUnsubscribeBody } }, async (request, reply) => {
    await push.unsubscribe(request.user, request.body.endpoint);
    return reply.status(204).send();
  });
}
