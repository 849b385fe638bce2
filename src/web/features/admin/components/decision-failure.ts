import { errorMessage } from '../../../lib/api-client.ts';

/** 'Failed to approve request: ...' (the spec only logs these; the coach should still know). */
export function decisionFailure(action: 'approve' | 'reject', error: unknown): string {
  return `Failed to ${action} request: ${errorMessage(error, 'Unknown error')}`;
}
