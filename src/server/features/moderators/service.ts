import {
  type Moderator,
  MODERATOR_MESSAGES,
  type MyPermissions,
  type PermissionDefinition,
  type PotentialModerator,
} from '../../../shared/api/moderators.ts';
import {
  hasCapability,
  holdsFlag,
  MODERATOR_FLAGS,
  type ModeratorFlag,
  PERMISSION_DEFINITIONS,
  permissionKey,
} from '../../../shared/permissions.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';
import * as queries from './queries.ts';

// Moderators (docs/product/moderators-and-admin.md 'Moderators'): coaches and admins grant
// parents and players of the team some of the twelve flags. Every access check reads the flags from the
// database, so a change takes effect on the user's very next request, on every app process.

export const PERMISSION_LIST: PermissionDefinition[] = MODERATOR_FLAGS.map((flag) => ({
  permission_key: permissionKey(flag),
  permission_name: PERMISSION_DEFINITIONS[flag].name,
  description: PERMISSION_DEFINITIONS[flag].description,
}));

function toModerator(row: queries.ModeratorRow): Moderator {
  return {
    user_id: row.userId,
    user_name: row.name,
    user_email: row.email,
    role: row.role,
    granted_date: (row.since ?? new Date(0)).toISOString(),
    is_active: row.permissions.length > 0,
    permissions: row.permissions.map(permissionKey),
  };
}

export function createModeratorService({ db }: { db: Db }) {
  return {
    async list(access: TeamAccess): Promise<Moderator[]> {
      requireCapability(access, 'manage_moderators');
      return (await queries.moderatorsOfTeam(db, access.team.id)).map(toModerator);
    },

    async potential(access: TeamAccess): Promise<PotentialModerator[]> {
      requireCapability(access, 'manage_moderators');
      const rows = await queries.potentialModerators(db, access.team.id);
      return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, role: row.role }));
    },

    /** Grants or overwrites the user's whole set of flags (Add Moderator and Edit Moderator Permissions). */
    async assign(access: TeamAccess, userId: number, flags: ModeratorFlag[]): Promise<Moderator> {
      requireCapability(access, 'manage_moderators');
      if (flags.length === 0) throw badRequest(MODERATOR_MESSAGES.selectUserAndPermission);
      const row = await queries.setModeratorFlags(db, access.team.id, userId, flags);
      if (!row) throw badRequest(MODERATOR_MESSAGES.notEligible);
      return toModerator(row);
    },

    async revoke(access: TeamAccess, userId: number): Promise<{ message: string }> {
      requireCapability(access, 'manage_moderators');
      if (!(await queries.revokeModerator(db, access.team.id, userId))) {
        throw notFound(MODERATOR_MESSAGES.notFound);
      }
      return { message: MODERATOR_MESSAGES.revoked };
    },

    /** Every flag as true/false for the caller (coaches and admins hold them all). */
    mine(access: TeamAccess): MyPermissions {
      const flags = Object.fromEntries(
        MODERATOR_FLAGS.map((flag) => [flag, holdsFlag(access, flag)]),
      ) as Record<ModeratorFlag, boolean>;
      return { team_id: access.team.id, is_coach: hasCapability(access, 'manage_moderators'), ...flags };
    },
  };
}

export type ModeratorService = ReturnType<typeof createModeratorService>;
