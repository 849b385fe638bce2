// Team polls (spec part 1 sections 2-9; DECISIONS.md 'Expiry', 'Poll email', 'poll and player paths').
// Who may vote for which player is the RSVP rule (rsvp.ts canRsvpFor): parents for their active
// children, players for themselves, coaches and admins for any active player; one vote per player.

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
  parentWithoutPlayers:
    "You don't have any players assigned to vote for. Contact your coach if this seems incorrect.",
  clickToVote: 'Click to vote',
  // Server answers.
  notFound: 'Poll not found',
  authorOnly: 'Only the author can change this poll',
  expired: 'This poll has expired',
  alreadyVoted: 'This player has already voted in this poll',
  optionOutOfRange: 'Choose one of the poll options',
} as const;
