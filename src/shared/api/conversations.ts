import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { CONVERSATION_TYPES, MESSAGE_LIMITS, MESSAGING_MESSAGES } from '../conversations.ts';
import { ROLES } from '../roles.ts';

// Request and response shapes of /api/messaging conversations, messages, unread count and the live
// stream (docs/product/conversations.md; docs/decisions/020).

const MAX_ID = 2_147_483_647;

const userId = defineSchema(() =>
  z
    .number({ error: 'Participant ids must be numbers' })
    .int('Participant ids must be whole numbers')
    .min(1, 'Participant ids must be positive numbers')
    .max(MAX_ID, 'Participant id is out of range'),
);

/** POST /api/messaging/conversations?team_id= */
export const conversationCreateBody = defineSchema(() =>
  z.object({
    name: z
      .string({ error: 'Conversation name must be text' })
      .trim()
      .max(MESSAGE_LIMITS.conversationNameMax, MESSAGING_MESSAGES.nameTooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Accepted for the spec's body; the server decides the type from the participants. */
    conversation_type: z
      .enum(CONVERSATION_TYPES, { error: 'Conversation type must be peer_to_peer or group' })
      .nullish(),
    /** The people chosen, the creator not needed. */
    participant_ids: z
      .array(userId, { error: MESSAGING_MESSAGES.selectParticipant })
      .min(1, MESSAGING_MESSAGES.selectParticipant)
      .max(MESSAGE_LIMITS.participantsMax, MESSAGING_MESSAGES.tooManyParticipants),
  }),
);
export type ConversationCreateBody = z.input<typeof conversationCreateBody>;

export const teamIdQuery = defineSchema(() =>
  z.object({
    team_id: z.coerce
      .number({ error: 'Team id must be a number' })
      .int('Team id must be a whole number')
      .min(1, 'Team id must be a positive number')
      .max(MAX_ID, 'Team id is out of range'),
  }),
);

/** POST /api/messaging/messages (an `Idempotency-Key` header makes a retried send store it once). */
export const messageBody = defineSchema(() =>
  z.object({
    content: z
      .string({ error: MESSAGING_MESSAGES.contentRequired })
      .trim()
      .min(1, MESSAGING_MESSAGES.contentRequired)
      .max(MESSAGE_LIMITS.contentMax, MESSAGING_MESSAGES.contentTooLong),
    conversation_id: z
      .number({ error: 'Conversation id must be a number' })
      .int('Conversation id must be a whole number')
      .min(1, 'Conversation id must be a positive number')
      .max(MAX_ID, 'Conversation id is out of range'),
  }),
);
export type MessageBody = z.input<typeof messageBody>;

const person = defineSchema(() => z.object({ id: z.number(), name: z.string(), email: z.string() }));

export const participantSchema = defineSchema(() =>
  z.object({
    user_id: z.number(),
    /** Their role on the team ('admin' for a club admin). */
    role: z.enum(ROLES),
    user: person,
    /** Added by the child-safe rule, not chosen by the creator. */
    added_for_safety: z.boolean(),
  }),
);
export type Participant = z.infer<typeof participantSchema>;

export const conversationSchema = defineSchema(() =>
  z.object({
    id: z.number(),
    team_id: z.number(),
    name: z.string().nullable(),
    /** The title to show: the name, or 'Everyone', 'Just you', names, '... and N others'. */
    title: z.string(),
    conversation_type: z.enum(CONVERSATION_TYPES),
    is_group: z.boolean(),
    unread_count: z.number(),
    last_message_at: z.string().nullable(),
    /** The newest message's first characters, for the list. */
    last_message_preview: z.string().nullable(),
    created_at: z.string(),
    created_by: z.number().nullable(),
    participants: z.array(participantSchema),
    /** The child-safe rule found a player with no parent account and added the coaches instead. */
    no_parent_yet: z.boolean(),
  }),
);
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = defineSchema(() => z.array(conversationSchema));

export const messageSchema = defineSchema(() =>
  z.object({
    id: z.number(),
    conversation_id: z.number(),
    sender_id: z.number().nullable(),
    /** Null when the sender's account was deleted. */
    sender: z.object({ name: z.string(), email: z.string() }).nullable(),
    content: z.string(),
    timestamp: z.string(),
  }),
);
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = defineSchema(() => z.array(messageSchema));

export const unreadCountSchema = defineSchema(() => z.object({ unread_count: z.number() }));

/** GET /api/messaging/recipients/{teamId}: whom the caller may message, for 'Start New Message'. */
export const recipientSchema = defineSchema(() =>
  z.object({
    user_id: z.number(),
    name: z.string(),
    role: z.enum(ROLES),
  }),
);
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientListSchema = defineSchema(() => z.array(recipientSchema));
