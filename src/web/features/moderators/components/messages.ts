import { ApiError } from '../../../lib/api-client.ts';

// Result messages of the Moderators tab (docs/product/moderators-and-admin.md).

export const MODERATOR_RESULTS = {
  granted: 'Moderator permissions granted successfully!',
  updated: 'Moderator permissions updated successfully!',
  revoked: 'Moderator permissions revoked successfully!',
} as const;

type Action = 'grant' | 'update' | 'revoke';

/** 'Failed to grant permissions: {detail or Unknown error}'; without a connection, 'Failed to grant permissions. Please try again.' */
export function moderatorFailure(action: Action, error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError)
    return `Failed to ${action} permissions. Please try again.`;
  const detail = error instanceof ApiError ? error.detail : undefined;
  return `Failed to ${action} permissions: ${detail || 'Unknown error'}`;
}
