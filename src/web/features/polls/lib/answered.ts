import type { Poll } from '../../../../shared/api/polls.ts';
import { POLL_MESSAGES } from '../../../../shared/polls.ts';

// What a poll says of the caller's answers (docs/product/polls.md 'Who may do what'). A parent or player
// whose child's vote a coach cast did not vote: the poll says the coach answered, and for whom, rather
// than 'You have voted', and the answers stay to change it. A coach (who answers for every player)
// has voted only when they voted themselves, as the server's has_voted already says.

export interface PollAnswers {
  /** 'You have voted in this poll': the caller, or their family, voted for one of their players. */
  voted: boolean;
  /** The votes a coach cast for the caller's players: 'Answered by Casey Coach for Ava Adams'. */
  byCoach: { coach: string; player: string; playerId: number }[];
}

export function pollAnswers(poll: Poll, answersForAll: boolean): PollAnswers {
  if (answersForAll || !poll.has_voted) return { voted: poll.has_voted, byCoach: [] };
  // A parent's or player's details are their own players' votes only.
  const byCoach = poll.user_votes.flatMap((v) =>
    v.answered_by === null ? [] : [{ coach: v.answered_by, player: v.player_name, playerId: v.player_id }],
  );
  const familyVoted = poll.user_vote !== null || poll.user_votes.some((v) => v.answered_by === null);
  return { voted: familyVoted || byCoach.length === 0, byCoach };
}

/** The dashboard's short line: 'You have voted', 'Answered by {coach}' or 'Click to vote'. */
export function pollAnswersShort(poll: Poll, answersForAll: boolean): string {
  const { voted, byCoach } = pollAnswers(poll, answersForAll);
  if (voted) return POLL_MESSAGES.youVotedShort;
  const [first] = byCoach;
  return first ? POLL_MESSAGES.answeredByCoach(first.coach) : POLL_MESSAGES.clickToVote;
}
