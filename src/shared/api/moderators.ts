import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { MODERATOR_FLAGS, type ModeratorFlag } from '../permissions.ts';
import { ROLES } from '../roles.ts';
import { numberFromText } from './fields.ts';

// Request and response shapes of /api/moderators (docs/product/moderators-and-admin.md 'Moderators').

export const MODERATOR_MESSAGES = {
  selectUserAndPermission: 'Please select a user and at least one permission',
  selectPermission: 'Please select at least one permission',
  notEligible: 'Only parents and players of this team can be moderators',
  notFound: 'Moderator not found',
  granted: 'Moderator permissions granted successfully!',
  updated: 'Moderator permissions updated successfully!',
  revoked: 'Moderator permissions revoked successfully!',
} as const;

export const permissionDefinitionSchema = defineSchema(() =>
  z.object({
    permission_key: z.string(),
    permission_name: z.string(),
    description: z.string(),
  }),
);
export type PermissionDefinition = z.infer<typeof permissionDefinitionSchema>;

export const moderatorSchema = defineSchema(() =>
  z.object({
    user_id: z.number().int(),
    user_name: z.string(),
    user_email: z.string(),
    role: z.enum(ROLES),
    granted_date: z.string(),
    is_active: z.boolean(),
    /** Permission keys ('manage_roster', ...); empty once revoked. */
    permissions: z.array(z.string()),
  }),
);
export type Moderator = z.infer<typeof moderatorSchema>;

export const potentialModeratorSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
  }),
);
export type PotentialModerator = z.infer<typeof potentialModeratorSchema>;

const flagFields = defineSchema(
  () =>
    Object.fromEntries(
      MODERATOR_FLAGS.map((flag) => [flag, z.boolean({ error: `${flag} must be true or false` }).optional()]),
    ) as Record<ModeratorFlag, z.ZodOptional<z.ZodBoolean>>,
);

/** The dialog's user comes from a select and the team from the page's stored choice: '12' is 12. */
const positiveId = (label: string) =>
  z.preprocess(
    numberFromText,
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `${label} is required`
            : `${label} must be a number`,
      })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be a positive number`)
      .max(2_147_483_647, `${label} is out of range`),
  );

/** POST /api/moderators/assign: the whole set of flags (an unnamed flag is false). */
export const assignModeratorBody = defineSchema(() =>
  z.object({
    user_id: positiveId('User id'),
    team_id: positiveId('Team id'),
    ...flagFields,
  }),
);
export type AssignModeratorBody = z.input<typeof assignModeratorBody>;

/** GET /api/moderators/my-permissions/{teamId}: every flag as true/false, and whether the caller runs the team. */
export const myPermissionsSchema = defineSchema(() =>
  z.object({
    team_id: z.number().int(),
    is_coach: z.boolean(),
    ...(Object.fromEntries(MODERATOR_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
      ModeratorFlag,
      z.ZodBoolean
    >),
  }),
);
export type MyPermissions = z.infer<typeof myPermissionsSchema>;
