import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import {
  blankToNull,
  colorField,
  optionalDate,
  optionalEmail,
  optionalText,
  phoneField,
  textError,
} from './fields.ts';
import {
  AGE_GROUPS,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  DIVISIONS,
  TEAM_NAME_MIN_LENGTH,
} from '../teams.ts';
import { ROLES } from '../roles.ts';
import { REMINDER_LIMITS, REMINDER_MESSAGES } from '../rsvp-reminders.ts';

// Request and response shapes of the team endpoints (docs/product/teams-and-joining.md; Team Settings).

export const teamNameField = defineSchema(() =>
  z
    .string({ error: textError('Team name') })
    .trim()
    .min(TEAM_NAME_MIN_LENGTH, `Team name must be at least ${TEAM_NAME_MIN_LENGTH} characters`)
    .max(100, 'Team name must be no more than 100 characters'),
);

/** Every field of the four wizard steps. */
const teamFields = defineSchema(() =>
  z.object({
    name: teamNameField,
    // The wizard's selects send '' when nothing is chosen: no value, like null.
    age_group: z
      .preprocess(
        blankToNull,
        z
          .enum(AGE_GROUPS as [string, ...string[]], { error: 'Age group must be one of U6 to U19' })
          .nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
    division: z
      .preprocess(
        blankToNull,
        z.enum(DIVISIONS, { error: `Division must be one of: ${DIVISIONS.join(', ')}` }).nullable(),
      )
      .optional()
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
    primary_color: colorField('Primary colour', DEFAULT_PRIMARY_COLOR),
    secondary_color: colorField('Secondary colour', DEFAULT_SECONDARY_COLOR),
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
  }),
);

const seasonInOrder = (t: { season_start?: string | null; season_end?: string | null }) =>
  !t.season_start || !t.season_end || t.season_start <= t.season_end;
const seasonOrderError = { message: 'Season end must be on or after the season start', path: ['season_end'] };

/** POST /api/teams/setup-complete. */
export const setupTeamBody = defineSchema(() => teamFields.refine(seasonInOrder, seasonOrderError));
export type SetupTeamBody = z.input<typeof setupTeamBody>;

/**
 * PUT /api/teams/{id} (Team Settings): any of the wizard's fields and the group-chat bot id; a field
 * left out keeps its value, a blank optional field clears it.
 */
export const updateTeamBody = defineSchema(() =>
  teamFields
    .partial()
    .extend({
      /**
       * Hours before each event that its automatic RSVP reminder goes out (coaches and admins only): 0 is
       * off, null follows the server's default (docs/product/notifications.md 'RSVP reminders').
       */
      rsvp_reminder_hours: z
        .number({ error: REMINDER_MESSAGES.hoursRange })
        .int(REMINDER_MESSAGES.hoursRange)
        .min(0, REMINDER_MESSAGES.hoursRange)
        .max(REMINDER_LIMITS.hoursMax, REMINDER_MESSAGES.hoursRange)
        .nullable()
        .optional(),
    })
    .refine(seasonInOrder, seasonOrderError),
);
export type UpdateTeamBody = z.input<typeof updateTeamBody>;

/**
 * A team as every team endpoint answers it. invite_code and groupme_bot_id are present only for the
 * people who run the team (coach of the team, admin); others get null.
 */
export const teamSchema = defineSchema(() =>
  z.object({
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
     * Hours before each event that its automatic RSVP reminder goes out: 0 off, null the server's default
     * (GET /api/config `rsvp_reminder_hours_default`).
     */
    rsvp_reminder_hours: z.number().int().nullable(),
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
  }),
);
export type Team = z.infer<typeof teamSchema>;

export const memberSchema = defineSchema(() =>
  z.object({
    user_id: z.number().int(),
    name: z.string(),
    role: z.enum(ROLES),
    /** Only for coaches of the team and admins. */
    email: z.string().nullable(),
  }),
);
export type Member = z.infer<typeof memberSchema>;
