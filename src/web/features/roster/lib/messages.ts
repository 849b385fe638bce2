import { ROSTER_RESULTS } from '../../../../shared/teams.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { SyncParentResult } from '../api/sync-parent.ts';

// Result messages of the roster screen (spec part 2 section 8).

/** 'Failed to update player: {detail or Unknown error}' and the like. */
export function failedTo(action: string, error: unknown): string {
  const detail = error instanceof ApiError ? error.detail : undefined;
  return `Failed to ${action}: ${detail || 'Unknown error'}`;
}

export const PARENT_MESSAGES = {
  addedAndInvited: 'Parent added successfully and invitation email sent!',
  added: 'Parent added successfully!',
  updated: 'Parent updated successfully!',
  removed: ROSTER_RESULTS.parentRemoved,
  alreadyHasAccount: 'Parent already has a user account',
  synced: 'Parent synced to user account successfully!',
  inviteSent: 'Invite email sent.',
  inviteNotSent: 'Note: Invite email failed to send.',
  removeConfirm: 'Are you sure you want to remove this parent? This action cannot be undone.',
  bulkSyncFailed: 'Failed to bulk sync parents',
  missingId: (action: 'sync' | 'edit' | 'remove') => `Cannot ${action} parent: ID is missing`,
} as const;

/** The server says whether an invite was queued (none when the parent already has an account). */
export function addParentMessage(inviteSent: boolean): string {
  return inviteSent ? PARENT_MESSAGES.addedAndInvited : PARENT_MESSAGES.added;
}

export function syncParentMessage(result: SyncParentResult): string {
  if (result.status === 'existing') return PARENT_MESSAGES.alreadyHasAccount;
  return `${PARENT_MESSAGES.synced} ${result.invite_sent ? PARENT_MESSAGES.inviteSent : PARENT_MESSAGES.inviteNotSent}`;
}

export const PLAYER_MESSAGES = {
  addFailed: 'Failed to add player. Please try again.',
  removed: ROSTER_RESULTS.playerRemoved,
} as const;
