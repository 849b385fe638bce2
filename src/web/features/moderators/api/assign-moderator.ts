import { moderatorSchema, type Moderator } from '../../../../shared/api/moderators.ts';
import { flagOfKey, type PermissionKey } from '../../../../shared/permissions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { moderatorKeys } from './keys.ts';
import { useReloadingMutation } from '../../../lib/use-reloading-mutation.ts';

export interface AssignModeratorInput {
  userId: number;
  /** The whole set: every flag not named is cleared. */
  keys: readonly PermissionKey[];
}

/** Add Moderator and Edit Moderator Permissions: the whole set of flags, one `can_{key}` per flag. */
export function assignModerator(teamId: number, { userId, keys }: AssignModeratorInput): Promise<Moderator> {
  return apiRequest('/moderators/assign', {
    method: 'POST',
    json: {
      user_id: userId,
      team_id: teamId,
      ...Object.fromEntries(keys.map((key) => [flagOfKey(key), true])),
    },
    schema: import.meta.env.DEV ? moderatorSchema : undefined,
  });
}

export function useAssignModerator(teamId: number) {
  return useReloadingMutation(
    (input: AssignModeratorInput) => assignModerator(teamId, input),
    [moderatorKeys.list(teamId)],
  );
}
