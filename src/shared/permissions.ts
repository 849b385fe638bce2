// Moderator flags and the capability each one grants (docs/product/moderators-and-admin.md 'Capabilities'),
// plus the capabilities only coaches of a team (and admins) hold. Server checks and page buttons both ask
// `hasCapability`, so a moderator sees exactly the buttons the server lets them use.

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

/** The key of a flag as GET /api/moderators/permissions names it: 'can_manage_roster' -> 'manage_roster'. */
export type PermissionKey = ModeratorFlag extends `can_${infer K}` ? K : never;

export const permissionKey = (flag: ModeratorFlag): PermissionKey => flag.slice(4) as PermissionKey;
export const flagOfKey = (key: PermissionKey): ModeratorFlag => `can_${key}`;

export const isModeratorFlag = (value: string): value is ModeratorFlag =>
  (MODERATOR_FLAGS as readonly string[]).includes(value);

/** Name and description of each flag, as the Add and Edit Moderator dialogs show them. */
export const PERMISSION_DEFINITIONS: Record<ModeratorFlag, { name: string; description: string }> = {
  can_update_scores: { name: 'Update Scores', description: 'Enter and correct game scores' },
  can_make_announcements: {
    name: 'Make Announcements',
    description: 'Post announcements and polls to the team',
  },
  can_create_tournaments: {
    name: 'Create Tournaments',
    description: 'Create, edit and delete tournaments',
  },
  can_manage_roster: {
    name: 'Manage Roster',
    description: 'Add, edit and remove players and their parent contacts',
  },
  can_upload_files: { name: 'Upload Files', description: 'Upload team documents' },
  can_send_messages: { name: 'Send Messages', description: 'Start conversations with team members' },
  can_manage_events: {
    name: 'Manage Events',
    description: 'Create, edit and delete games and practices',
  },
  can_edit_team_info: {
    name: 'Edit Team Info',
    description: "Change the team's details and group-chat settings",
  },
  can_manage_equipment: { name: 'Manage Equipment', description: "Create, edit and delete the team's kits" },
  can_view_finances: { name: 'View Finances', description: "See the team's finances (coming later)" },
  can_collect_payments: {
    name: 'Collect Payments',
    description: 'Collect payments from families (coming later)',
  },
  can_assign_snacks: { name: 'Assign Snacks', description: 'Organise the snack rota (coming later)' },
};

/**
 * What a write, or a read of something not every member sees, needs
 * (docs/product/moderators-and-admin.md): coaches of the team and admins hold every capability; others
 * need the flag.
 */
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
  /** docs/product/documents.md 'Who may do what': those who may upload documents see the not-public ones. */
  view_private_documents: 'can_upload_files',
} as const satisfies Record<string, ModeratorFlag>;

/** Team administration that no flag grants: only coaches of the team and admins. */
export const COACH_CAPABILITIES = [
  'review_join_requests',
  'manage_moderators',
  'regenerate_invite_code',
] as const;

export type Capability = keyof typeof CAPABILITY_FLAGS | (typeof COACH_CAPABILITIES)[number];

export interface CapabilityHolder {
  /** Coach of the team, or a club admin. */
  isCoach: boolean;
  flags: readonly ModeratorFlag[];
}

export function hasCapability(holder: CapabilityHolder, capability: Capability): boolean {
  if (holder.isCoach) return true;
  if (capability in CAPABILITY_FLAGS) {
    return holder.flags.includes(CAPABILITY_FLAGS[capability as keyof typeof CAPABILITY_FLAGS]);
  }
  return false;
}
