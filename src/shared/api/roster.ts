import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { blankOrNumber, blankToNull, emailField, nameField, numberFromText, phoneField } from './fields.ts';
import {
  AGE_MAX,
  AGE_MIN,
  BULK_ADD_MAX,
  JERSEY_MAX,
  JERSEY_MIN,
  PARENT_ACCOUNT_STATUSES,
  PLAYER_STATUSES,
  POSITIONS,
  RELATIONSHIPS,
  ROSTER_MESSAGES,
} from '../teams.ts';

// Request and response shapes of the roster endpoints: players, parent contacts and parent accounts.

// ---- Players ----

const jerseyField = defineSchema(() =>
  z
    .number({ error: ROSTER_MESSAGES.jerseyRange })
    .int(ROSTER_MESSAGES.jerseyWhole)
    .min(JERSEY_MIN, ROSTER_MESSAGES.jerseyRange)
    .max(JERSEY_MAX, ROSTER_MESSAGES.jerseyRange),
);
const ageField = defineSchema(() =>
  z
    .number({ error: ROSTER_MESSAGES.ageRange })
    .int(ROSTER_MESSAGES.ageRange)
    .min(AGE_MIN, ROSTER_MESSAGES.ageRange)
    .max(AGE_MAX, ROSTER_MESSAGES.ageRange),
);

export const playerBody = defineSchema(() =>
  z.object({
    name: z
      .string({ error: () => ROSTER_MESSAGES.playerNameRequired })
      .trim()
      .min(1, ROSTER_MESSAGES.playerNameRequired)
      .max(100, 'Player name must be no more than 100 characters'),
    position: z
      .preprocess(
        blankToNull,
        z.enum(POSITIONS, { error: `Position must be one of: ${POSITIONS.join(', ')}` }).nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
    jersey_number: z
      .preprocess(blankOrNumber, jerseyField.nullable())
      .optional()
      .transform((v) => v ?? null),
    age: z
      .preprocess(blankOrNumber, ageField.nullable())
      .optional()
      .transform((v) => v ?? null),
    status: z
      .enum(PLAYER_STATUSES, { error: 'Status must be active or inactive' })
      .optional()
      .transform((v) => v ?? 'active'),
  }),
);
export type PlayerBody = z.input<typeof playerBody>;

/** A write that answers only a sentence (DELETE player, remove parent, assign parent): `message`, also as `detail`. */
export const messageResponse = defineSchema(() => z.object({ message: z.string(), detail: z.string() }));

export const bulkPlayersBody = defineSchema(() =>
  z.object({
    players: z
      .array(z.unknown(), { error: 'Players must be a list' })
      .max(BULK_ADD_MAX, `No more than ${BULK_ADD_MAX} players at once`),
  }),
);

/** A parent contact as the roster shows it. email, phone and relationship are left out for parents and players. */
export const parentContactSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    is_primary: z.boolean(),
    relationship: z.enum(RELATIONSHIPS).nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    user_id: z.number().int().nullable(),
    invite_sent_at: z.string().nullable(),
  }),
);
export type ParentContact = z.infer<typeof parentContactSchema>;

export const playerSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    name: z.string(),
    position: z.enum(POSITIONS).nullable(),
    jersey_number: z.number().int().nullable(),
    age: z.number().int().nullable(),
    status: z.enum(PLAYER_STATUSES),
    parent_contacts: z.array(parentContactSchema),
    /** True when the signed-in user is this player or one of their linked parents (RSVP and vote eligibility). */
    is_mine: z.boolean(),
  }),
);
export type Player = z.infer<typeof playerSchema>;

/** POST /api/teams/{teamId}/players/bulk: the players added, in roster order. */
export const bulkPlayersResponse = defineSchema(() =>
  z.object({ players: z.array(playerSchema), message: z.string() }),
);

// ---- Parent contacts and accounts ----

export const relationshipField = defineSchema(() =>
  z
    .enum(RELATIONSHIPS, { error: `Relationship must be one of: ${RELATIONSHIPS.join(', ')}` })
    .nullish()
    .transform((v) => v ?? 'parent'),
);

/** POST /api/teams/{teamId}/players/{playerId}/parents */
export const addParentBody = defineSchema(() =>
  z.object({
    parent_name: nameField,
    parent_email: emailField,
    parent_phone: phoneField,
    player_id: z.preprocess(numberFromText, z.number('Player must be a number').int()).optional(),
    relationship_type: relationshipField,
    is_primary: z.boolean().optional().default(false),
    /** Create an account without a password if none exists and email an invite link (default true). */
    send_invite: z.boolean().optional().default(true),
  }),
);
export type AddParentBody = z.input<typeof addParentBody>;

export const addParentResponse = defineSchema(() =>
  parentContactSchema.extend({
    /** Whether an invite email was queued. */
    invite_sent: z.boolean(),
    /**
     * Why an invite that was asked for was not queued (the sender's email is not confirmed, the parent
     * was invited minutes ago, the hourly allowance is used up); null when it was, or none was asked.
     */
    invite_detail: z.string().nullable(),
  }),
);

/** PUT /api/teams/{teamId}/parents/{parentId} */
export const updateParentBody = defineSchema(() =>
  z.object({ name: nameField, email: emailField, phone: phoneField }),
);

/** Sync (Resend invite): 'joined' when the parent already linked their account (nothing is sent). */
export const syncParentResponse = defineSchema(() =>
  z.object({
    status: z.enum(['invited', 'joined']),
    invite_sent: z.boolean(),
    invite_sent_at: z.string().nullable(),
  }),
);

/** POST /api/teams/{teamId}/parents/{userId}/assign-player */
export const assignPlayerBody = defineSchema(() =>
  z.object({
    player_id: z.preprocess(
      numberFromText,
      z.number({ error: ROSTER_MESSAGES.selectPlayer }).int(ROSTER_MESSAGES.selectPlayer),
    ),
    relationship: relationshipField,
    is_primary: z.boolean().optional().default(false),
  }),
);

export const bulkSyncResponse = defineSchema(() =>
  z.object({
    synced_count: z.number().int(),
    skipped_count: z.number().int(),
    failed_count: z.number().int(),
  }),
);

/** GET /api/teams/{teamId}/parents/synced: one row per parent account of the team. */
export const syncedParentSchema = defineSchema(() =>
  z.object({
    /** The parent contact, or null for a parent who joined but is not linked to a player yet. */
    parent_id: z.number().int().nullable(),
    user_id: z.number().int().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    status: z.enum(PARENT_ACCOUNT_STATUSES),
    has_user_account: z.boolean(),
    children: z.array(z.string()),
    invite_sent_at: z.string().nullable(),
  }),
);
export type SyncedParent = z.infer<typeof syncedParentSchema>;
