// Team polls (docs/product/polls.md 'Fields and rules', 'Poll email', 'API').
// Who may vote for which player is the RSVP rule (rsvp.ts canRsvpFor): parents for their active
// children, players for themselves, coaches and admins for any active player; one vote per player, which
// whoever answers for the player may change until the poll expires (the last counts).

export const POLL_LIMITS = {
  questionMax: 300,
  optionMax: 100,
  minOptions: 2,
  maxOptions: 10,
  expiryDaysMin: 1,
  expiryDaysMax: 365,
  defaultExpiryDays: 7,
  dashboardMax: 2,
  /** How long the poll opened by #messages?subtab=polls&pollId= stays highlighted. */
  highlightMs: 3000,
} as const;

export const DEFAULT_POLL_OPTIONS = ['Yes', 'No'] as const;

export const POLL_MESSAGES = {
  invalidTitle: 'Invalid Poll',
  invalid: 'Please provide a question and at least 2 options.',
  createFailed: 'Failed to create poll',
  updateFailed: 'Failed to update poll',
  deleteFailed: 'Failed to delete poll',
  voteFailed: 'Failed to vote',
  created: 'Poll Created',
  createdDetail: 'Team members have been notified by email.',
  updated: 'Poll Updated',
  deleted: 'Poll Deleted',
  voted: 'Vote Recorded',
  deleteConfirm: (question: string) =>
    `Are you sure you want to delete the poll "${question}"? This action cannot be undone.`,
  youVoted: 'You have voted in this poll',
  youVotedShort: 'You have voted',
  /** A parent's or player's poll when a coach cast their child's vote (not 'You have voted'). */
  answeredFor: (coach: string, player: string) => `Answered by ${coach} for ${player}`,
  answeredByCoach: (coach: string) => `Answered by ${coach}`,
  parentWithoutPlayers:
    "You don't have any players assigned to vote for. Contact your coach if this seems incorrect.",
  clickToVote: 'Click to vote',
  // Server answers.
  notFound: 'Poll not found',
  authorOnly: 'Only the author can change this poll',
  expired: 'This poll has expired',
  /** Who cast a vote a coach or admin gave for a player, when their account is gone. */
  aCoach: 'a coach',
  answeredBy: (name: string) => `answered by ${name}`,
  changeHint: 'tap another answer to change it',
  voteChanged: 'Vote Changed',
  optionOutOfRange: 'Choose one of the poll options',
  duplicateOption: 'Each option must be different',
  playerNotFound: 'Player not found',
  notEligible: 'You cannot vote for this player',
  inactivePlayer: 'This player is not active on the team',
  expiryInvalid: 'Expiry must be a date and time',
  expiryPast: 'The expiry must be in the future',
  pollChanged: 'The poll changed. Please look at it again.',
  tooMany: 'You have created many polls in the last hour. Please wait before creating more.',
} as const;

/** How long a poll runs: never ends, N days from now, or to the end of a date in the team's zone. */
export type PollExpiryType = 'never' | 'days' | 'date';
export interface PollExpiryChoice {
  type: PollExpiryType;
  /** For 'days': 1 .. 365. */
  days: number;
  /** For 'date': 'YYYY-MM-DD' in the team's time zone. */
  date: string;
}

/** A poll whose expires_at has passed is archived: still listed (marked expired), refuses votes. */
export function isArchived(expiresAt: string | Date | null, now: Date = new Date()): boolean {
  if (expiresAt === null) return false;
  return new Date(expiresAt).getTime() <= now.getTime();
}

/** The number of votes of each option, by index (votes naming no option are not counted). */
export function voteCounts(optionCount: number, votes: readonly { option_index: number }[]): number[] {
  const counts = Array.from({ length: optionCount }, () => 0);
  for (const vote of votes) {
    if (vote.option_index >= 0 && vote.option_index < optionCount)
      counts[vote.option_index] = (counts[vote.option_index] ?? 0) + 1;
  }
  return counts;
}

/**
 * The form in which two options are compared: trimmed, Unicode NFC and lower case. Duplicates, the
 * remapping of votes on an edit and the option a vote names all use it (docs/decisions/019).
 */
export function normalizeOption(text: string): string {
  return text.normalize('NFC').trim().toLowerCase();
}

/** True when two option texts are the same option (see normalizeOption). */
export function sameOption(a: string, b: string): boolean {
  return normalizeOption(a) === normalizeOption(b);
}

/**
 * Editing a poll's options: where each old option's votes go. A vote keeps its option when the same text
 * (normalizeOption: a change of case or spacing alone keeps it) is still an option, at that option's new
 * index; a removed option's votes are dropped (null).
 */
export function remapOptions(before: readonly string[], after: readonly string[]): (number | null)[] {
  const index = new Map<string, number>();
  after.forEach((text, i) => {
    const key = normalizeOption(text);
    if (!index.has(key)) index.set(key, i);
  });
  return before.map((text) => index.get(normalizeOption(text)) ?? null);
}

/** True when two options are the same text (normalizeOption: ignoring case, surrounding spaces, NFC). */
export function hasDuplicateOptions(options: readonly string[]): boolean {
  const seen = new Set(options.map(normalizeOption));
  return seen.size !== options.length;
}
