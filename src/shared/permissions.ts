// Moderator flags (spec part 1 section 3) and the capability each one grants (DECISIONS.md).
export const MODERATOR_FLAGS = [
  'can_update_scores',
  'can_make_announcements',
  'can_create_tournaments',
  'can_manage_roster',
  'can_upload_files',
  'can_send_messages',
  'can_manage_events',
  'can_edit_team_info',
  'can_manage_equipment',
  'can_view_finances',
  'can_collect_payments',
  'can_assign_snacks',
] as const;
export type ModeratorFlag = (typeof MODERATOR_FLAGS)[number];
export type PermissionFlags = Record<ModeratorFlag, boolean>;

export function noPermissions(): PermissionFlags {
  return Object.fromEntries(MODERATOR_FLAGS.map((flag) => [flag, false])) as PermissionFlags;
}

export function allPermissions(): PermissionFlags {
  return Object.fromEntries(MODERATOR_FLAGS.map((flag) => [flag, true])) as PermissionFlags;
}
