import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { blankOrNumber, emailField, inviteCodeField, optionalText, textError } from './fields.ts';
import { JOIN_REQUEST_STATUSES } from '../teams.ts';
import { ROLES } from '../roles.ts';

// Request and response shapes of joining: codes, invites and join requests.

// ---- Joining ----

export { inviteCodeField } from './fields.ts';

export const joinBody = defineSchema(() =>
  z.object({
    invite_code: inviteCodeField,
    message: optionalText('Message', 500),
  }),
);

export const joinResponse = defineSchema(() =>
  z.object({
    status: z.enum(['approved', 'pending_approval']),
    team_id: z.number().int(),
    team_name: z.string(),
    request_id: z.number().int(),
  }),
);
export type JoinResponse = z.infer<typeof joinResponse>;

/** The single-use token of an emailed invite link. */
const inviteTokenField = defineSchema(() =>
  z
    .string({ error: textError('Invite token') })
    .min(1, 'Invite token is required')
    .max(200),
);

/** GET /api/join-requests/mine: the signed-in user's own requests, newest first. */
export const myJoinRequestSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    team_name: z.string(),
    status: z.enum(JOIN_REQUEST_STATUSES),
    created_at: z.string(),
    reviewed_at: z.string().nullable(),
    rejection_reason: z.string().nullable(),
  }),
);
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;

/** GET /api/invites/mine: invites waiting for the signed-in user, to accept in the app. */
export const myInviteSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    team_name: z.string(),
    invited_at: z.string(),
    expires_at: z.string(),
  }),
);
export type MyInvite = z.infer<typeof myInviteSchema>;

export const acceptInviteBody = defineSchema(() =>
  z.object({
    invite_code: inviteCodeField,
    invite_token: inviteTokenField,
  }),
);

/** POST /api/invites/preview: the team an emailed invite link is for, so its page can name it. */
export const invitePreviewBody = defineSchema(() =>
  z.object({
    invite_code: inviteCodeField,
    email: emailField,
    invite_token: inviteTokenField,
  }),
);
export const invitePreviewResponse = defineSchema(() => z.object({ team_name: z.string() }));

export const setupPasswordBody = defineSchema(() =>
  z.object({
    email: emailField,
    password: z.string({ error: textError('Password') }),
    invite_token: inviteTokenField,
  }),
);

export const joinRequestSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    team_id: z.number().int(),
    user_id: z.number().int(),
    user_name: z.string(),
    user_email: z.string(),
    role: z.enum(ROLES),
    message: z.string().nullable(),
    status: z.enum(JOIN_REQUEST_STATUSES),
    created_at: z.string(),
    reviewed_by: z.number().int().nullable(),
    reviewer_name: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    rejection_reason: z.string().nullable(),
    player_id: z.number().int().nullable(),
  }),
);
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const approveJoinBody = defineSchema(() =>
  z
    .object({
      player_id: z.preprocess(blankOrNumber, z.number('Player must be a number').int().nullable()).optional(),
    })
    .nullish()
    .transform((v) => ({ player_id: v?.player_id ?? null })),
);

export const rejectJoinBody = defineSchema(() =>
  z.object({
    status: z.literal('rejected').optional(),
    rejection_reason: optionalText('Rejection reason', 500),
  }),
);
