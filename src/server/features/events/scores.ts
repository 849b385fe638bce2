import { EVENT_MESSAGES, type GameStatus } from '../../../shared/events.ts';
import { hasCapability } from '../../../shared/permissions.ts';
import { badRequest } from '../../http-error.ts';
import { requireCapability, type TeamAccess } from '../teams/access.ts';

// Scores (docs/product/events.md 'Scores', 'Who may do what'), the same for tournament games
// and individual games: a score is saved through the game's PUT; saving both sets the game completed; a
// conditional game takes no score; a change of the scores alone needs only can_update_scores.

export interface ScoreInput {
  status?: GameStatus | undefined;
  our_score?: number | null | undefined;
  opponent_score?: number | null | undefined;
}

export interface Settled {
  status: GameStatus;
  ourScore: number | null;
  opponentScore: number | null;
}

const SCORE_KEYS = new Set(['our_score', 'opponent_score']);

/**
 * A change that names only the scores needs can_update_scores or can_manage_events; anything else
 * needs can_manage_events. A score dialog that also sends status 'completed' with both scores (part 2
 * reading A: saving a score completes the game) asks for nothing the scores alone would not do.
 */
export function requireGameWrite(access: TeamAccess, input: Record<string, unknown>): void {
  const named = Object.keys(input).filter((key) => input[key] !== undefined);
  const bothScores = typeof input['our_score'] === 'number' && typeof input['opponent_score'] === 'number';
  const scoreOnly = (key: string) =>
    SCORE_KEYS.has(key) || (key === 'status' && input['status'] === 'completed' && bothScores);
  if (named.length > 0 && named.every(scoreOnly)) {
    if (!hasCapability(access, 'manage_events')) requireCapability(access, 'update_scores');
    return;
  }
  requireCapability(access, 'manage_events');
}

/**
 * The status and scores a write leaves on a game (`current` is undefined for a new one). Both scores
 * or neither; none on a conditional game; both saved by this write: completed. Clearing the scores of a
 * completed game, without naming a status, makes it scheduled again ('Add Score' is offered again).
 */
export function settleScores(current: Settled | undefined, input: ScoreInput): Settled {
  const ourScore = input.our_score !== undefined ? input.our_score : (current?.ourScore ?? null);
  const opponentScore =
    input.opponent_score !== undefined ? input.opponent_score : (current?.opponentScore ?? null);
  let status = input.status ?? current?.status ?? 'scheduled';
  if ((ourScore === null) !== (opponentScore === null)) throw badRequest(EVENT_MESSAGES.scoresInvalid);
  const scored = ourScore !== null;
  if (scored && status === 'conditional') throw badRequest(EVENT_MESSAGES.conditionalNoScore);
  const scoresNamed = input.our_score !== undefined || input.opponent_score !== undefined;
  if (scoresNamed && scored) status = 'completed';
  else if (scoresNamed && input.status === undefined && status === 'completed') status = 'scheduled';
  return { status, ourScore, opponentScore };
}
