import { EVENT_MESSAGES } from '../../../../shared/events.ts';
import { ApiError } from '../../../lib/api-client.ts';

// The events screen's result titles and texts (docs/product/events.md 'Messages of the screen').

export const EVENT_TITLES = {
  gameCreationFailed: 'Game Creation Failed',
  gameDeletionFailed: 'Game Deletion Failed',
  updateFailed: 'Update Failed',
  scoreUpdateFailed: 'Score Update Failed',
  tournamentDeletionFailed: 'Tournament Deletion Failed',
  deleteFailed: 'Delete Failed',
  missingInformation: 'Missing Information',
  noTeamSelected: 'No Team Selected',
  authenticationError: 'Authentication Error',
} as const;

/** The server's reason, or the fallback when there is none (a dropped connection says so itself). */
export function reason(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

/** 'Game Creation Failed: Opponent is required' as a form's alert shows it. */
export function failure(title: string, error: unknown, fallback = 'Please try again.'): string {
  return `${title}: ${reason(error, fallback)}`;
}

/** A score that did not save: the server's reason for a refused score, else the connection message. */
export function scoreFailure(error: unknown): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.detail;
  return `${EVENT_TITLES.scoreUpdateFailed}: ${refused ? error.detail : EVENT_MESSAGES.scoreFailed}`;
}

/** A write on a row another device removed meanwhile answers 404; the list reloads after every write. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
