import { z } from 'zod';
import { emailField, inviteCodeField, nameField, phoneField, textError } from './fields.ts';
import {
  AGE_GROUPS,
  AGE_MAX,
  AGE_MIN,
  BULK_ADD_MAX,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  DIVISIONS,
  JERSEY_MAX,
  JERSEY_MIN,
  JOIN_REQUEST_STATUSES,
  PARENT_ACCOUNT_STATUSES,
  PLAYER_STATUSES,
  POSITIONS,
  RELATIONSHIPS,
  ROSTER_MESSAGES,
  TEAM_NAME_MIN_LENGTH,
} from '../teams.ts';
import { ROLES } from '../roles.ts';

// Request and response shapes of the team, roster and joining endpoints (spec part 2 section 7).

const optionalText = (label: string, max = 200) =>
  z
    .string({ error: textError(label) })
    .trim()
    .max(max, `${label} must be no more than ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalEmail = (label: string) =>
  z
    .string({ error: textError(label) })
    .trim()
    .max(254, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email(`${label} must be a valid email address`).nullable());

/** Blank ('' or null) means no value; numbers may come as text from form inputs. */
const blankToNull = (v: unknown) =>
  (typeof v === 'string' && v.trim() === '') || v === undefined ? null : v;

const color = (label: string, fallback: string) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: textError(label) })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #10b981`)
        .nullable(),
    )
    .optional()
    .transform((v) => (v ? v.toLowerCase() : fallback));

/** ISO date or date-time, or empty; stored as a date. */
const optionalDate = (label: string) =>
  z
    .string({ error: textError(label) })
    .trim()
    .nullish()
    .transform((v) => (v ? v.slice(0, 10) : null))
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
        .nullable(),
    );

export const teamNameField = z
  .string({ error: textError('Team name') })
  .trim()
  .min(TEAM_NAME_MIN_LENGTH, `Team name must be at least ${TEAM_NAME_MIN_LENGTH} characters`)
  .max(100, 'Team name must be no more than 100 characters');

/** Every field of the four wizard steps. */
const teamFields = z.object({
  name: teamNameField,
  age_group: z
    .enum(AGE_GROUPS as [string, ...string[]], { error: 'Age group must be one of U6 to U19' })
    .nullish()
    .transform((v) => v ?? null),
  division: z
    .enum(DIVISIONS, { error: `Division must be one of: ${DIVISIONS.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
  league_name: optionalText('League name'),
  season: optionalText('Season'),
  season_start: optionalDate('Season start'),
  season_end: optionalDate('Season end'),
  team_description: optionalText('Team description', 2000),
  head_coach_name: z
    .string({ error: textError('Head coach name') })
    .trim()
    .min(1, 'Head coach name is required')
    .max(100, 'Head coach name must be no more than 100 characters'),
  head_coach_phone: phoneField,
  head_coach_email: optionalEmail('Head coach email'),
  assistant_coach_name: optionalText('Assistant coach name', 100),
  assistant_coach_phone: phoneField,
  assistant_coach_email: optionalEmail('Assistant coach email'),
  primary_color: color('Primary colour', DEFAULT_PRIMARY_COLOR),
  secondary_color: color('Secondary colour', DEFAULT_SECONDARY_COLOR),
  team_logo_url: optionalText('Team logo URL', 500).pipe(
    z.url({ error: 'Team logo URL must be a web address', protocol: /^https?$/ }).nullable(),
  ),
  groupme_bot_id: optionalText('Group chat bot id', 100),
  // Sent empty by the wizard (spec); kept for the team page to come.
  practice_location: optionalText('Practice location'),
  practice_day: optionalText('Practice day', 20),
  practice_time: optionalText('Practice time', 20),
  emergency_contact_name: optionalText('Emergency contact name', 100),
  emergency_contact_phone: phoneField,
  emergency_contact_relation: optionalText('Emergency contact relation', 50),
});

const seasonInOrder = (t: { season_start?: string | null; season_end?: string | null }) =>
  !t.season_start || !t.season_end || t.season_start <= t.season_end;
const seasonOrderError = { message: 'Season end must be on or after the season start', path: ['season_end'] };

/** POST /api/teams/setup-complete. */
export const setupTeamBody = teamFields.refine(seasonInOrder, seasonOrderError);
export type SetupTeamBody = z.input<typeof setupTeamBody>;

/**
 * PUT /api/teams/{id} (Team Settings): any of the wizard's fields and the group-chat bot id; a field
 * left out keeps its value, a blank optional field clears it.
 */
export const updateTeamBody = teamFields.partial().refine(seasonInOrder, seasonOrderError);
export type UpdateTeamBody = z.input<typeof updateTeamBody>;

/**
 * A team as every team endpoint answers it. invite_code and groupme_bot_id are present only for the
 * people who run the team (coach of the team, admin); others get null.
 */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  team_name: z.string(),
  invite_code: z.string().nullable(),
  groupme_bot_id: z.string().nullable(),
  age_group: z.string().nullable(),
  division: z.string().nullable(),
  league_name: z.string().nullable(),
  season: z.string().nullable(),
  season_start: z.string().nullable(),
  season_end: z.string().nullable(),
  team_description: z.string().nullable(),
  head_coach_name: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  team_logo_url: z.string().nullable(),
  /** Whether the signed-in user runs this team (coach of it or admin). */
  is_coach: z.boolean(),
  /**
   * The rest of the wizard's fields (coaches' and emergency contacts, practice details): only for those
   * who may edit the team's details; null for everyone else.
   */
  details: z
    .object({
      head_coach_phone: z.string().nullable(),
      head_coach_email: z.string().nullable(),
      assistant_coach_name: z.string().nullable(),
      assistant_coach_phone: z.string().nullable(),
      assistant_coach_email: z.string().nullable(),
      practice_location: z.string().nullable(),
      practice_day: z.string().nullable(),
      practice_time: z.string().nullable(),
      emergency_contact_name: z.string().nullable(),
      emergency_contact_phone: z.string().nullable(),
      emergency_contact_relation: z.string().nullable(),
    })
    .nullable(),
});
export type Team = z.infer<typeof teamSchema>;

export const memberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: z.enum(ROLES),
  /** Only for coaches of the team and admins. */
  email: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

// ---- Players ----

const jerseyField = z.coerce
  .number({ error: ROSTER_MESSAGES.jerseyRange })
  .int(ROSTER_MESSAGES.jerseyWhole)
  .min(JERSEY_MIN, ROSTER_MESSAGES.jerseyRange)
  .max(JERSEY_MAX, ROSTER_MESSAGES.jerseyRange);
const ageField = z.coerce
  .number({ error: ROSTER_MESSAGES.ageRange })
  .int(ROSTER_MESSAGES.ageRange)
  .min(AGE_MIN, ROSTER_MESSAGES.ageRange)
  .max(AGE_MAX, ROSTER_MESSAGES.ageRange);

export const playerBody = z.object({
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
    .preprocess(blankToNull, jerseyField.nullable())
    .optional()
    .transform((v) => v ?? null),
  age: z
    .preprocess(blankToNull, ageField.nullable())
    .optional()
    .transform((v) => v ?? null),
  status: z
    .enum(PLAYER_STATUSES, { error: 'Status must be active or inactive' })
    .optional()
    .transform((v) => v ?? 'active'),
});
export type PlayerBody = z.input<typeof playerBody>;

/** A write that answers only a sentence (DELETE player, remove parent, assign parent): `message`, also as `detail`. */
export const messageResponse = z.object({ message: z.string(), detail: z.string() });

export const bulkPlayersBody = z.object({
  players: z
    .array(z.unknown(), { error: 'Players must be a list' })
    .max(BULK_ADD_MAX, `No more than ${BULK_ADD_MAX} players at once`),
});

/** A parent contact as the roster shows it. email, phone and relationship are left out for parents and players. */
export const parentContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_primary: z.boolean(),
  relationship: z.enum(RELATIONSHIPS).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  user_id: z.number().int().nullable(),
  invite_sent_at: z.string().nullable(),
});
export type ParentContact = z.infer<typeof parentContactSchema>;

export const playerSchema = z.object({
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
});
export type Player = z.infer<typeof playerSchema>;

/** POST /api/teams/{teamId}/players/bulk: the players added, in roster order. */
export const bulkPlayersResponse = z.object({ players: z.array(playerSchema), message: z.string() });

// ---- Parent contacts and accounts ----

const relationshipField = z
  .enum(RELATIONSHIPS, { error: `Relationship must be one of: ${RELATIONSHIPS.join(', ')}` })
  .nullish()
  .transform((v) => v ?? 'parent');

/** POST /api/teams/{teamId}/players/{playerId}/parents */
export const addParentBody = z.object({
  parent_name: nameField,
  parent_email: emailField,
  parent_phone: phoneField,
  player_id: z.coerce.number().int().optional(),
  relationship_type: relationshipField,
  is_primary: z.boolean().optional().default(false),
  /** Create an account without a password if none exists and email an invite link (default true). */
  send_invite: z.boolean().optional().default(true),
});
export type AddParentBody = z.input<typeof addParentBody>;

export const addParentResponse = parentContactSchema.extend({
  /** Whether an invite email was queued. */
  invite_sent: z.boolean(),
});

/** PUT /api/teams/{teamId}/parents/{parentId} */
export const updateParentBody = z.object({ name: nameField, email: emailField, phone: phoneField });

/** Sync (Resend invite): 'joined' when the parent already linked their account (nothing is sent). */
export const syncParentResponse = z.object({
  status: z.enum(['invited', 'joined']),
  invite_sent: z.boolean(),
  invite_sent_at: z.string().nullable(),
});

/** POST /api/teams/{teamId}/parents/{userId}/assign-player */
export const assignPlayerBody = z.object({
  player_id: z.coerce.number({ error: ROSTER_MESSAGES.selectPlayer }).int(ROSTER_MESSAGES.selectPlayer),
  relationship: relationshipField,
  is_primary: z.boolean().optional().default(false),
});

export const bulkSyncResponse = z.object({
  synced_count: z.number().int(),
  skipped_count: z.number().int(),
  failed_count: z.number().int(),
});

/** GET /api/teams/{teamId}/parents/synced: one row per parent account of the team. */
export const syncedParentSchema = z.object({
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
});
export type SyncedParent = z.infer<typeof syncedParentSchema>;

// ---- Joining ----

export { inviteCodeField } from './fields.ts';

export const joinBody = z.object({
  invite_code: inviteCodeField,
  message: optionalText('Message', 500),
});

export const joinResponse = z.object({
  status: z.enum(['approved', 'pending_approval']),
  team_id: z.number().int(),
  team_name: z.string(),
  request_id: z.number().int(),
});
export type JoinResponse = z.infer<typeof joinResponse>;

/** The single-use token of an emailed invite link. */
const inviteTokenField = z
  .string({ error: textError('Invite token') })
  .min(1, 'Invite token is required')
  .max(200);

/** GET /api/join-requests/mine: the signed-in user's own requests, newest first. */
export const myJoinRequestSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;

/** GET /api/invites/mine: invites waiting for the signed-in user, to accept in the app. */
export const myInviteSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  invited_at: z.string(),
  expires_at: z.string(),
});
export type MyInvite = z.infer<typeof myInviteSchema>;

export const acceptInviteBody = z.object({
  invite_code: inviteCodeField,
  invite_token: inviteTokenField,
});

/** POST /api/invites/preview: the team an emailed invite link is for, so its page can name it. */
export const invitePreviewBody = z.object({
  invite_code: inviteCodeField,
  email: emailField,
  invite_token: inviteTokenField,
});
export const invitePreviewResponse = z.object({ team_name: z.string() });

export const setupPasswordBody = z.object({
  email: emailField,
  password: z.string({ error: textError('Password') }),
  invite_token: inviteTokenField,
});

export const joinRequestSchema = z.object({
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
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const approveJoinBody = z
  .object({ player_id: z.preprocess(blankToNull, z.coerce.number().int().nullable()).optional() })
  .nullish()
  .transform((v) => ({ player_id: v?.player_id ?? null }));

export const rejectJoinBody = z.object({
  status: z.literal('rejected').optional(),
  rejection_reason: optionalText('Rejection reason', 500),
});
