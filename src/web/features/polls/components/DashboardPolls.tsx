import type { Team } from '../../../../shared/api/teams.ts';
import { isArchived, POLL_LIMITS } from '../../../../shared/polls.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePolls } from '../api/get-polls.ts';
import { pollAnswersShort } from '../lib/answered.ts';
import './polls.css';

// The dashboard's 'Active Polls' card (docs/product/polls.md): at most 2 polls that have not expired,
// each with its question, total votes and 'You have voted', 'Answered by {coach}' (a coach cast the
// vote of the user's child) or 'Click to vote', opening the poll in the
// Polls tab. No luxon here: the dashboard loads first (docs/decisions/011, 019).

export const pollHref = (pollId: number) => `#messages?subtab=polls&pollId=${pollId}`;

export function DashboardPolls({ team }: { team: Pick<Team, 'id' | 'is_coach'> }) {
  const polls = usePolls(team.id);
  const answersForAll = useCan(team, 'answer_for_all_players');
  const active = (polls.data?.polls ?? [])
    // The answer may be minutes old (the ETag period): a poll expired by the client's clock is left out too.
    .filter((poll) => !poll.is_archived && !isArchived(poll.expires_at))
    .slice(0, POLL_LIMITS.dashboardMax);
  return (
    <section className="card" aria-labelledby="active-polls-title">
      <div className="section-header">
        <h2 id="active-polls-title" className="card__title">
          Active Polls
        </h2>
        <a className="link" href="#messages?subtab=polls">
          View All<span className="visually-hidden"> polls</span>
        </a>
      </div>
      {polls.isPending ? (
        <p role="status">Loading polls...</p>
      ) : polls.isError ? (
        <p className="muted">Could not load the polls.</p>
      ) : active.length === 0 ? (
        <p className="muted">No active polls.</p>
      ) : (
        <ul className="dashboard-polls" aria-label="Active polls">
          {active.map((poll) => (
            <li key={poll.id}>
              <a className="dashboard-poll" href={pollHref(poll.id)}>
                <span className="dashboard-poll__question">{poll.question}</span>
                <span className="muted">
                  {poll.total_votes} {poll.total_votes === 1 ? 'vote' : 'votes'} ·{' '}
                  {pollAnswersShort(poll, answersForAll)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
