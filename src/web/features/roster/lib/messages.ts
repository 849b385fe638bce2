import { ROSTER_RESULTS } from '../../../../shared/teams.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { SyncParentResult } from '../api/sync-parent.ts';

// Result messages of the roster screen (docs/product/roster-and-parents.md).

/** 'Failed to update player: {detail or Unknown error}' and the like. */
export function failedTo(action: string, error: unknown): string {
  const detail = error instanceof ApiError ? error.detail : undefined;
  return `Failed to ${action}: ${detail || 'Unknown error'}`;
}

export const PARENT_MESSAGES = {
  addedAndInvited: 'Parent added successfully and invitation email sent!',
  added: 'Parent added successfully!',
  addedNotInvited: 'Parent was added but failed to send invitation email. You can manually sync later.',
  updated: 'Parent updated successfully!',
  removed: ROSTER_RESULTS.parentRemoved,
  alreadyJoined: 'This parent has already joined the team.',
  inviteSent: 'Invite email sent. The parent joins and is linked to their child when they follow the link.',
  inviteNotSent: 'Note: Invite email failed to send.',
  removeConfirm: 'Are you sure you want to remove this parent? This action cannot be undone.',
  bulkSyncFailed: 'Failed to bulk sync parents',
  missingId: (action: 'sync' | 'edit' | 'remove') => `Cannot ${action} parent: ID is missing`,
} as const;

/**
 * What adding a parent says (docs/product/roster-and-parents.md): with the invite it asked for, without
 * one, or a warning when the invite was asked for but not queued, with the server's reason (an
 * unconfirmed email, a parent invited minutes ago, the hourly allowance).
 */
export function addParentMessage(
  inviteAsked: boolean,
  answer: { invite_sent: boolean; invite_detail: string | null },
): { tone: 'success' | 'warning'; text: string } {
  if (!inviteAsked) return { tone: 'success', text: PARENT_MESSAGES.added };
  if (answer.invite_sent) return { tone: 'success', text: PARENT_MESSAGES.addedAndInvited };
  const reason = answer.invite_detail ? ` ${answer.invite_detail}` : '';
  return { tone: 'warning', text: `${PARENT_MESSAGES.addedNotInvited}${reason}` };
}

export function syncParentMessage(result: SyncParentResult): string {
  if (result.status === 'joined') return PARENT_MESSAGES.alreadyJoined;
  return result.invite_sent ? PARENT_MESSAGES.inviteSent : PARENT_MESSAGES.inviteNotSent;
}

export const PLAYER_MESSAGES = {
  addFailed: 'Failed to add player. Please try again.',
  removed: ROSTER_RESULTS.playerRemoved,
  gone: 'This player was removed by someone else. The list has been refreshed.',
} as const;

export const PARENT_GONE = 'This parent was removed by someone else. The list has been refreshed.';

/**
 * A write on a row that another device removed meanwhile answers 404. Every roster write reloads the
 * team's lists afterwards (use-roster-mutation.ts), so the screen says so instead of 'not found'.
 */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
