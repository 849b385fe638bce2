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

/** What a write needs (DECISIONS.md): coaches of the team and admins hold every capability; others need the flag. */
export const CAPABILITY_FLAGS = {
  update_scores: 'can_update_scores',
  make_announcements: 'can_make_announcements',
  create_tournaments: 'can_create_tournaments',
  manage_roster: 'can_manage_roster',
  upload_files: 'can_upload_files',
  send_messages: 'can_send_messages',
  manage_events: 'can_manage_events',
  edit_team_info: 'can_edit_team_info',
  manage_equipment: 'can_manage_equipment',
} as const satisfies Record<string, ModeratorFlag>;
export type Capability = keyof typeof CAPABILITY_FLAGS;

export function hasCapability(
  access: { isCoach: boolean; flags: readonly ModeratorFlag[] },
  capability: Capability,
): boolean {
  return access.isCoach || access.flags.includes(CAPABILITY_FLAGS[capability]);
}
