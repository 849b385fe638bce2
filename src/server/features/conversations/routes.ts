import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationCreateBody,
  conversationListSchema,
  conversationSchema,
  messageBody,
  messageListSchema,
  messageSchema,
  recipientListSchema,
  teamIdQuery,
  unreadCountSchema,
} from '../../../shared/api/conversations.ts';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES } from '../../../shared/conversations.ts';
import { idParam, teamParams } from '../../params.ts';
import { teamInQuery } from '../../plugins/team-scope.ts';
import type { ConversationService } from './service.ts';

// /api/messaging's conversations, recipients, messages and unread count (docs/product/conversations.md;
// docs/decisions/020), a group per prefix (written in feature.ts), inside the signed-in scope. Routes
// with :teamId get the caller's access and ETag from the scope; the routes of one conversation name no
// team, so they tell the scope how to find it (`teamOf`): the team of the conversation when the caller
// takes part in it, else 404 'Conversation not found'. Their reads get the same ETag and 304 as a
// :teamId read. Every answer depends on who reads it (unread counts, emails), so none is kept once for
// every member.

interface ConversationOptions {
  conversations: ConversationService;
}

const conversationParams = z.object({ conversationId: idParam('Conversation id') });
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, MESSAGING_MESSAGES.idempotencyKeyTooLong)
    .max(MESSAGE_LIMITS.idempotencyKeyMax, MESSAGING_MESSAGES.idempotencyKeyTooLong)
    .optional(),
});

/** The scope's `teamOf` for a route naming a conversation (in its path or, for a send, its body). */
const teamOfConversation = (
  conversations: ConversationService,
  conversationId: (request: FastifyRequest) => number,
) => ({
  teamOf: (request: FastifyRequest) =>
    conversations.teamOfConversation(request.user, conversationId(request)),
  teamNotFound: MESSAGING_MESSAGES.conversationNotFound,
});

/** /messaging/conversations: the team's list, a new one, and one conversation's messages. */
export async function conversationRoutes(app: FastifyInstance, { conversations }: ConversationOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const fromPath = teamOfConversation(
    conversations,
    (request) => (request.params as z.output<typeof conversationParams>).conversationId,
  );

  r.get(
    '/:teamId',
    { schema: { params: teamParams, response: { 200: conversationListSchema } } },
    (request) => conversations.list(request.teamAccess),
  );

  r.post(
    '',
    {
      schema: {
        querystring: teamIdQuery,
        body: conversationCreateBody,
        response: { 201: conversationSchema },
      },
      config: { teamOf: teamInQuery },
    },
    async (request, reply) =>
      reply.status(201).send(await conversations.create(request.teamAccess, request.body)),
  );

  r.get(
    '/:conversationId/messages',
    { schema: { params: conversationParams, response: { 200: messageListSchema } }, config: fromPath },
    (request) => conversations.messages(request.teamAccess, request.params.conversationId),
  );

  r.post(
    '/:conversationId/mark-read',
    { schema: { params: conversationParams, response: { 200: unreadCountSchema } }, config: fromPath },
    (request) => conversations.markRead(request.teamAccess, request.params.conversationId),
  );
}

/** /messaging/recipients: whom a new conversation may include. */
export async function recipientRoutes(app: FastifyInstance, { conversations }: ConversationOptions) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/:teamId', { schema: { params: teamParams, response: { 200: recipientListSchema } } }, (request) =>
      conversations.recipients(request.teamAccess),
    );
}

/** /messaging/messages: sending a message to a conversation the body names. */
export async function messageRoutes(app: FastifyInstance, { conversations }: ConversationOptions) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '',
    {
      schema: {
        headers: idempotencyHeaders,
        body: messageBody,
        response: { 200: messageSchema, 201: messageSchema },
      },
      config: teamOfConversation(
        conversations,
        (request) => (request.body as z.output<typeof messageBody>).conversation_id,
      ),
    },
    async (request, reply) => {
      const { message, replayed } = await conversations.send(
        request.teamAccess,
        request.body,
        request.headers['idempotency-key'] ?? null,
      );
      return reply.status(replayed ? 200 : 201).send(message);
    },
  );
}

/** /messaging/unread-count: the caller's unread messages on the team. */
export async function unreadCountRoutes(app: FastifyInstance, { conversations }: ConversationOptions) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/:teamId', { schema: { params: teamParams, response: { 200: unreadCountSchema } } }, (request) =>
      conversations.unreadCount(request.teamAccess),
    );
}
