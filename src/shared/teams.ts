// Team, roster and joining rules (docs/product/teams-and-joining.md, docs/product/roster-and-parents.md).

/**
 * Teams play in this zone unless TEAM_TIME_ZONE says otherwise (docs/product/shell-and-navigation.md
 * 'Formats').
 */
export const DEFAULT_TEAM_TIME_ZONE = 'America/Chicago';

export const INVITE_CODE_LENGTH = 8;
/** Upper-case letters and digits without the look-alikes 0/O and 1/I, so a code read aloud or off a phone is typed right. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What is wrong with a typed invite code before it is sent; undefined when it can be tried. */
export function inviteCodeProblem(code: string): string | undefined {
  if (!code.trim()) return 'Invite code is required';
  if (code.trim().length !== INVITE_CODE_LENGTH)
    return `Invite code must be ${INVITE_CODE_LENGTH} characters`;
  return undefined;
}

export const AGE_GROUPS = Array.from({ length: 14 }, (_, i) => `U${i + 6}`); // U6 .. U19
export const DIVISIONS = [
  'Recreational',
  'Competitive',
  'Elite',
  'Premier',
  'Division 1',
  'Division 2',
  'Division 3',
] as const;
export const DEFAULT_PRIMARY_COLOR = '#10b981';
export const DEFAULT_SECONDARY_COLOR = '#059669';
export const TEAM_NAME_MIN_LENGTH = 2;

export const POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] as const;
export type Position = (typeof POSITIONS)[number];
export const PLAYER_STATUSES = ['active', 'inactive'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
export const PLAYER_STATUS_LABELS: Record<PlayerStatus, string> = { active: 'Active', inactive: 'Inactive' };

export const JERSEY_MIN = 1;
export const JERSEY_MAX = 99;
export const AGE_MIN = 5;
export const AGE_MAX = 18;
export const BULK_ADD_MIN = 1;
export const BULK_ADD_MAX = 50;
export const BULK_ADD_DEFAULT = 10;

/** docs/product/roster-and-parents.md 'Parent contacts (`manage_roster`)': 'parent' is the default. */
export const RELATIONSHIPS = [
  'parent',
  'guardian',
  'grandmother',
  'grandfather',
  'aunt',
  'uncle',
  'emergency_contact',
  'other',
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  parent: 'Parent',
  guardian: 'Guardian',
  grandmother: 'Grandmother',
  grandfather: 'Grandfather',
  aunt: 'Aunt',
  uncle: 'Uncle',
  emergency_contact: 'Emergency Contact',
  other: 'Other',
};

/**
 * Roster import (docs/product/roster-and-parents.md 'Roster import'): at most this many rows in one
 * import, and a file or request body of at most this many bytes.
 */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** Invite links for parent accounts expire after 14 days (docs/product/teams-and-joining.md). */
export const INVITE_TOKEN_TTL_DAYS = 14;

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** Parent-account badges of the roster's Parent Accounts section. */
/**
 * Where a parent stands (docs/product/roster-and-parents.md 'Parent accounts and invites
 * (`manage_roster`)'): 'joined' once the parent's own action linked their account; 'invited' while an
 * invite is out; 'no_account' before any; 'unassigned' for a parent member of the team who is nobody's
 * contact yet.
 */
export const PARENT_ACCOUNT_STATUSES = ['no_account', 'invited', 'joined', 'unassigned'] as const;
export type ParentAccountStatus = (typeof PARENT_ACCOUNT_STATUSES)[number];
export const PARENT_ACCOUNT_LABELS: Record<ParentAccountStatus, string> = {
  no_account: 'No account',
  invited: 'Invited',
  joined: 'Joined',
  unassigned: 'Unassigned',
};

/** No new invite to a contact while one sent this recently is unused (docs/product/roster-and-parents.md). */
export const INVITE_RESEND_MINUTES = 10;

// Messages of the roster and the wizard that both sides show (docs/product/roster-and-parents.md,
// docs/product/teams-and-joining.md).
export const ROSTER_MESSAGES = {
  playerNameRequired: 'Player name is required',
  jerseyRange: `Jersey number must be between ${JERSEY_MIN} and ${JERSEY_MAX}`,
  jerseyWhole: 'Jersey number must be a whole number',
  jerseyTaken: 'Jersey number is already taken',
  ageRange: `Age must be between ${AGE_MIN} and ${AGE_MAX}`,
  bulkNeedsName: 'Please add at least one player with a name',
  bulkDuplicateJersey: 'Please ensure each player has a unique jersey number.',
  parentRequiredFields: 'Please fill in all required fields',
  parentEmailInvalid: 'Please enter a valid email address',
  selectPlayer: 'Please select a player',
  duplicateContact: 'This player already has a parent contact with that email',
  wizardRequiredTitle: 'Required Fields',
  wizardRequired: 'Please fill in all required fields before continuing.',
} as const;

export const JOIN_MESSAGES = {
  invalidCode: 'Invalid invite code. Please check the code with your coach.',
  alreadyMember: 'This account already belongs to a team.',
  coachesCannotJoin: 'Coaches create teams; only parents and players join with an invite code.',
  inviteInvalid: 'This invite link is invalid or has expired. Please ask your coach for a new one.',
  passwordAlreadySet: 'This account already has a password. Please sign in instead.',
  passwordSet: 'Password set. You can now sign in.',
  confirmEmailToAccept:
    'Please confirm your email address first, or follow the link in the invite email. Invites are accepted in the app once your email is confirmed.',
  requestAlreadyReviewed: 'This request has already been reviewed',
} as const;

/**
 * What the roster's writes answer in `message` (docs/product/roster-and-parents.md); the page shows it as
 * it is.
 */
export const INVITE_MESSAGES = {
  tooSoon: `An invite was sent to this parent less than ${INVITE_RESEND_MINUTES} minutes ago. Please wait before sending another.`,
  coachLimit: 'You have sent many invites in the last hour. Please wait before sending more.',
} as const;

export const ROSTER_RESULTS = {
  playersAdded: (count: number) => `Successfully added ${count} players to the team!`,
  playerRemoved: 'Player removed successfully',
  parentRemoved: 'Parent removed successfully!',
  parentAssigned: 'Parent assigned to player successfully',
} as const;

interface Numbered {
  jersey_number: number | null;
  name: string;
}

/** Roster order: by jersey number, players without a number last (then by name). */
export function compareByJersey(a: Numbered, b: Numbered): number {
  if (a.jersey_number === null && b.jersey_number === null) return a.name.localeCompare(b.name);
  if (a.jersey_number === null) return 1;
  if (b.jersey_number === null) return -1;
  return a.jersey_number - b.jersey_number || a.name.localeCompare(b.name);
}

/** Jersey numbers used more than once in a list, ascending. */
export function duplicateJerseyNumbers(numbers: readonly (number | null | undefined)[]): number[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const n of numbers) {
    if (n === null || n === undefined) continue;
    if (seen.has(n)) repeated.add(n);
    seen.add(n);
  }
  return [...repeated].sort((a, b) => a - b);
}
