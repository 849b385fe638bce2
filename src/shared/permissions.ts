// Moderator flags and the capability each one grants (docs/product/moderators-and-admin.md 'Capabilities'),
// plus the capabilities only coaches of a team (and admins) hold, and the few an account holds by its
// role whatever the team. Server checks and page buttons both ask `hasCapability` (or `accountCan`), so a
// moderator sees exactly the buttons the server lets them use. Nothing else compares a role or
// `is_coach` to decide what someone may do: eslint.config.js refuses it in the features.

import { isCoachLike, JOIN_ROLES, type Role } from './roles.ts';

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

/**
 * Team administration and oversight that no flag grants: only coaches of the team and admins. The
 * screens ask these by name too (docs/decisions/038), never `is_coach` or a role; docs/decisions/036
 * names the ones that were direct coach checks on the server before.
 */
export const COACH_CAPABILITIES = [
  'review_join_requests',
  'manage_moderators',
  'regenerate_invite_code',
  /** The team's invite code in its answers (anyone holding it may ask to join). */
  'view_invite_code',
  /** Other members' email addresses (privacy of minors); one's own is always shown. */
  'view_member_emails',
  /** The coach's RSVP overview: every event's answers and who has not answered. */
  'view_rsvp_overview',
  /** Deleting anyone's announcement or comment (the author may delete their own; docs/decisions/018). */
  'moderate_announcements',
  /** Relate an announcement to one of the team's events (the form offers them to coaches). */
  'relate_announcement_events',
  /** The group-chat cross-post's last failure, in Team Settings. */
  'view_chat_post_status',
  /** Editing and deleting anyone's document (the uploader may, while holding upload_files). */
  'moderate_documents',
  /** Every vote of a poll, whoever's player it is (others see their own players' votes). */
  'view_all_votes',
  /** Answer for a player up to RSVP_COACH_DAYS after the event started (attendance). */
  'record_attendance',
  /** Answer (RSVP, poll vote) for every active player of the team, not only one's own. */
  'answer_for_all_players',
  /** Import players and parent contacts from a file or pasted rows (docs/decisions/049). */
  'import_roster',
  /** The contact sheet: every player's parents with phones and emails, to print or download. */
  'view_contact_sheet',
  /**
   * The dashboard's coach parts (docs/product/shell-and-navigation.md 'Dashboard'): the coach's Quick
   * Actions and a new team's next steps, which read the roster. A moderator gets the members' ones.
   */
  'view_coach_dashboard',
] as const;

export type CoachCapability = (typeof COACH_CAPABILITIES)[number];
export type Capability = keyof typeof CAPABILITY_FLAGS | CoachCapability;

export interface CapabilityHolder {
  /** Coach of the team, or a club admin. */
  isCoach: boolean;
  flags: readonly ModeratorFlag[];
}

/** A capability that no moderator flag grants: asking it needs no flags. */
export const isCoachCapability = (capability: Capability): boolean =>
  (COACH_CAPABILITIES as readonly string[]).includes(capability);

export function hasCapability(holder: CapabilityHolder, capability: Capability): boolean {
  if (capability in CAPABILITY_FLAGS) {
    return holdsFlag(holder, CAPABILITY_FLAGS[capability as keyof typeof CAPABILITY_FLAGS]);
  }
  return holder.isCoach;
}

/**
 * For a rule given someone's role on the team (`roleOnTeam`) rather than a holder (who answers for whom,
 * when RSVPs close: src/shared/rsvp.ts): whether that role holds a capability no flag grants.
 */
export function roleOnTeamHolds(role: Role, capability: CoachCapability): boolean {
  return hasCapability({ isCoach: isCoachLike(role), flags: [] }, capability);
}

/**
 * Someone's standing on a team as the capabilities see it: a club admin acts as a coach on every team,
 * anyone else runs the team when their membership is a coach's. The caller's (teams/access.ts) and other
 * people's (a conversation's starter) are decided by this one rule.
 */
export function holderOnTeam(person: {
  accountRole: Role;
  memberRole: Role | null;
  flags: readonly ModeratorFlag[];
}): CapabilityHolder {
  return { isCoach: person.accountRole === 'admin' || person.memberRole === 'coach', flags: person.flags };
}

/**
 * What an account may do by its role, before and across teams (docs/product/accounts-and-sign-in.md
 * 'Roles'): coaches and club admins run teams, parents and players join them. The roles holding each.
 */
export const ACCOUNT_CAPABILITY_ROLES = {
  /** Create a team with the setup wizard (POST /api/teams). */
  create_teams: ['coach', 'admin'],
  /** The teams one coaches, to pick from (GET /api/teams/coached); others have their one team. */
  coach_teams: ['coach', 'admin'],
  /** Team Administration (the Admin tab) on the teams one runs; a moderator sees the tabs their flags open. */
  administer_teams: ['coach', 'admin'],
  /** Requests to join reach a team's coaches: the 'join_request' notification kind and its preference. */
  receive_join_requests: ['coach', 'admin'],
  /** Every team of the club, not only one's own (the coached list, tournaments to repeat). */
  view_all_teams: ['admin'],
  /** Ask to join a team with its invite code (coaches and admins create or run teams instead). */
  request_to_join: JOIN_ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type AccountCapability = keyof typeof ACCOUNT_CAPABILITY_ROLES;

/** Whether the account's role holds the capability, whatever team (and whether it has one). */
export function accountCan(account: { role: Role }, capability: AccountCapability): boolean {
  return (ACCOUNT_CAPABILITY_ROLES[capability] as readonly Role[]).includes(account.role);
}

/**
 * docs/product/conversations.md 'Who may message whom': whoever holds `send_messages` on the team (its
 * coaches, admins, moderators with can_send_messages) may message anyone on it; others may message people
 * of their own role group plus coaches and admins. `role` is the role on the team (`roleOnTeam`).
 */
export function canMessage(sender: { role: Role; canSendMessages: boolean }, recipientRole: Role): boolean {
  const flags: ModeratorFlag[] = sender.canSendMessages ? ['can_send_messages'] : [];
  if (hasCapability({ isCoach: isCoachLike(sender.role), flags }, 'send_messages')) return true;
  return recipientRole === sender.role || isCoachLike(recipientRole);
}

/** Whether the holder has the flag's rights: coaches and admins hold every flag (my-permissions). */
export function holdsFlag(holder: CapabilityHolder, flag: ModeratorFlag): boolean {
  return holder.isCoach || holder.flags.includes(flag);
}
