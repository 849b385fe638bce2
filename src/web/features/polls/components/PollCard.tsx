import { useState } from 'react';
import type { EligiblePlayer, Poll, PollVote } from '../../../../shared/api/polls.ts';
import { isArchived, POLL_MESSAGES } from '../../../../shared/polls.ts';
import { Tag } from '../../../components/Tag.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useVotePoll } from '../api/save-poll.ts';
import { pollAnswers } from '../lib/answered.ts';

interface PollCardProps {
  teamId: number;
  poll: Poll;
  /** The caller answers for every active player (useCan 'answer_for_all_players'): no "no players" text. */
  answersForAll: boolean;
  zone: string;
  /** Active players the caller may vote for. */
  eligible: readonly EligiblePlayer[];
  onEdit: () => void;
  onDelete: () => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Yes', or 'Yes · answered by Casey Coach' for a vote a coach cast for the player. */
export function voteSummary(vote: PollVote): string {
  return vote.answered_by
    ? `${vote.option_text} · ${POLL_MESSAGES.answeredBy(vote.answered_by)}`
    : vote.option_text;
}

/**
 * One poll: the results, the vote controls for each player the caller answers for (a player's vote can
 * be changed until the poll expires, the last counts; docs/product/polls.md), the details.
 */
export function PollCard({ teamId, poll, answersForAll, zone, eligible, onEdit, onDelete }: PollCardProps) {
  const vote = useVotePoll(teamId);
  const votes = new Map(poll.user_votes.map((v) => [v.player_id, v]));
  const remaining = eligible.filter((p) => !poll.voted_player_ids.includes(p.id));
  const answers = pollAnswers(poll, answersForAll);
  const [chosen, setChosen] = useState<number | null>(null);
  // The player picked, else the first still to vote, else the first whose answer a coach gave (the
  // parent may want to change it), else the first (whose vote can be changed).
  const voter =
    eligible.find((p) => p.id === chosen) ??
    remaining[0] ??
    eligible.find((p) => answers.byCoach.some((v) => v.playerId === p.id)) ??
    eligible[0];
  const current = voter ? votes.get(voter.id) : undefined;
  const titleId = `poll-${poll.id}-title`;
  // The answer may be minutes old (the ETag period): the client's clock also decides 'expired'.
  const archived = poll.is_archived || isArchived(poll.expires_at);

  const cast = (optionIndex: number) => {
    if (!voter) return;
    const changing = current !== undefined;
    vote.mutate(
      {
        pollId: poll.id,
        player_id: voter.id,
        option_index: optionIndex,
        option_text: poll.options[optionIndex] ?? '',
      },
      {
        onSuccess: () => {
          if (!changing) setChosen(null);
          showToast(
            'success',
            `${changing ? POLL_MESSAGES.voteChanged : POLL_MESSAGES.voted}: ${voter.name}`,
          );
        },
        // The options were edited since they were loaded: say so; the mutation reloads the polls.
        onError: (error) =>
          error instanceof ApiError && error.status === 409 && error.detail === POLL_MESSAGES.pollChanged
            ? showToast('error', POLL_MESSAGES.pollChanged)
            : showToast('error', `${POLL_MESSAGES.voteFailed}: ${errorMessage(error, 'Unknown error')}`),
      },
    );
  };

  return (
    <li
      id={`poll-${poll.id}`}
      className={`card poll-card${archived ? ' poll-card--archived' : ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <div className="poll-card__header">
        <h3 id={titleId} className="poll-card__question">
          {poll.question}
        </h3>
        {archived && <Tag tone="neutral">Expired</Tag>}
      </div>
      <p className="muted poll-card__meta">
        {poll.author_name ? `By ${poll.author_name} · ` : ''}
        {formatDate(poll.created_at, zone)}
        {poll.expires_at && ` · ${archived ? 'Expired' : 'Expires'} ${formatDate(poll.expires_at, zone)}`}
      </p>

      <ul className="poll-results" aria-label={`Results: ${plural(poll.total_votes, 'vote')}`}>
        {poll.options.map((option, index) => {
          const count = poll.vote_counts[index] ?? 0;
          const percent = poll.total_votes ? Math.round((count / poll.total_votes) * 100) : 0;
          return (
            <li key={option} className="poll-results__row">
              <div className="poll-results__label">
                <span>
                  {option}
                  {poll.user_vote === index && <span className="poll-results__mine"> (your vote)</span>}
                </span>
                <span className="muted">
                  {plural(count, 'vote')} · {percent}%
                </span>
              </div>
              <div className="poll-results__bar" aria-hidden="true">
                <div className="poll-results__fill" style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="muted">Total: {plural(poll.total_votes, 'vote')}</p>

      {answers.voted && (
        <p className="poll-card__voted">
          <span aria-hidden="true">✓ </span>
          {POLL_MESSAGES.youVoted}
        </p>
      )}
      {answers.byCoach.map((v) => (
        <p key={v.playerId} className="poll-card__answered">
          {POLL_MESSAGES.answeredFor(v.coach, v.player)}
        </p>
      ))}

      {!archived && voter && (
        <div className="poll-vote" role="group" aria-label={`Vote: ${poll.question}`}>
          {eligible.length > 1 ? (
            <div className="field">
              <label className="field__label" htmlFor={`poll-${poll.id}-player`}>
                Vote for
              </label>
              <select
                id={`poll-${poll.id}-player`}
                className="input"
                value={voter.id}
                onChange={(e) => setChosen(Number(e.target.value))}
              >
                {eligible.map((p) => {
                  const given = votes.get(p.id);
                  return (
                    <option key={p.id} value={p.id}>
                      {given ? `${p.name} (${given.option_text})` : p.name}
                    </option>
                  );
                })}
              </select>
            </div>
          ) : (
            !current && <p className="poll-vote__for">Vote for {voter.name}</p>
          )}
          {current && (
            <p className="poll-vote__current">
              <span className="poll-vote__for">
                {voter.name}: {voteSummary(current)}
              </span>
              <span className="muted"> · {POLL_MESSAGES.changeHint}</span>
            </p>
          )}
          <div className="poll-vote__options">
            {poll.options.map((option, index) => (
              <button
                key={option}
                type="button"
                className={`button ${current?.option_index === index ? 'button--primary' : 'button--secondary'}`}
                aria-pressed={current ? current.option_index === index : undefined}
                disabled={vote.isPending}
                onClick={() => cast(index)}
              >
                {option}
                <span className="visually-hidden"> for {voter.name}</span>
              </button>
            ))}
          </div>
        </div>
      )}

      {!archived && eligible.length === 0 && !answersForAll && (
        <p className="muted">{POLL_MESSAGES.parentWithoutPlayers}</p>
      )}

      {poll.user_votes.length > 0 && (
        <details className="poll-details">
          <summary>Vote details ({poll.user_votes.length})</summary>
          <table className="poll-details__table">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Option</th>
                <th scope="col">Voted by</th>
              </tr>
            </thead>
            <tbody>
              {poll.user_votes.map((v) => (
                <tr key={v.player_id}>
                  <td>{v.player_name}</td>
                  <td>{v.option_text}</td>
                  <td>
                    {v.answered_by
                      ? POLL_MESSAGES.answeredBy(v.answered_by)
                      : (v.voter_name ?? 'Former member')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}

      {poll.can_manage && (
        <div className="poll-card__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onEdit}
            aria-label={`Edit poll: ${poll.question}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--danger-outline button--small"
            onClick={onDelete}
            aria-label={`Delete poll: ${poll.question}`}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
