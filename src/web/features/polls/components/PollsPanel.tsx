import { useEffect, useState } from 'react';
import type { Poll } from '../../../../shared/api/polls.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { POLL_LIMITS, POLL_MESSAGES } from '../../../../shared/polls.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { showToast } from '../../../lib/toasts.ts';
import { usePolls } from '../api/get-polls.ts';
import { useDeletePoll } from '../api/save-poll.ts';
import { PollCard } from './PollCard.tsx';
import { PollFormModal } from './PollFormModal.tsx';
import './polls.css';

const HIGHLIGHT_CLASS = 'poll-card--highlight';

type Dialog = { kind: 'form'; poll: Poll | null } | { kind: 'delete'; poll: Poll };

interface PollsPanelProps {
  team: Team;
  /** The poll named by #messages?subtab=polls&pollId=: scrolled to and highlighted for 3 s. */
  highlightPollId: number | null;
}

/** The Communication screen's Polls tab, 'Team Polls' (docs/product/polls.md). */
export function PollsPanel({ team, highlightPollId }: PollsPanelProps) {
  const polls = usePolls(team.id);
  const remove = useDeletePoll(team.id);
  const canCreate = useCan(team, 'make_announcements');
  const answersForAll = useCan(team, 'answer_for_all_players');
  const zone = useTeamTimeZone();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const loaded = polls.data !== undefined;
  const found = polls.data?.polls.some((poll) => poll.id === highlightPollId) ?? false;

  // Once the poll is on the page: scroll to it, move focus there and highlight it for 3 seconds (a class
  // on the card's element, like the scrolling: nothing else of the page changes).
  useEffect(() => {
    if (highlightPollId === null || !loaded || !found) return;
    const element = document.getElementById(`poll-${highlightPollId}`);
    if (!element) return;
    element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    element.focus({ preventScroll: true });
    element.classList.add(HIGHLIGHT_CLASS);
    const timer = setTimeout(() => element.classList.remove(HIGHLIGHT_CLASS), POLL_LIMITS.highlightMs);
    return () => {
      clearTimeout(timer);
      element.classList.remove(HIGHLIGHT_CLASS);
    };
  }, [highlightPollId, loaded, found]);

  const confirmDelete = (poll: Poll) => {
    close();
    remove.mutate(poll.id, {
      onSuccess: () => showToast('success', POLL_MESSAGES.deleted),
      onError: (error) =>
        showToast('error', `${POLL_MESSAGES.deleteFailed}: ${errorMessage(error, 'Unknown error')}`),
    });
  };

  return (
    <section aria-labelledby="polls-title" className="polls-panel">
      <div className="section-header">
        <h2 id="polls-title" className="section-title">
          Team Polls
        </h2>
        {canCreate && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog({ kind: 'form', poll: null })}
          >
            Create Poll
          </button>
        )}
      </div>
      {polls.isPending ? (
        <p role="status">Loading polls...</p>
      ) : polls.isError ? (
        <p role="alert">Could not load the polls. They will load again when the connection is back.</p>
      ) : polls.data.polls.length === 0 ? (
        <p className="card muted">
          No polls yet.{canCreate ? ' Create one to ask the team a quick question.' : ''}
        </p>
      ) : (
        <ul className="poll-list" aria-label="Polls">
          {polls.data.polls.map((poll) => (
            <PollCard
              key={poll.id}
              teamId={team.id}
              poll={poll}
              answersForAll={answersForAll}
              zone={zone}
              eligible={polls.data.eligible_players}
              onEdit={() => setDialog({ kind: 'form', poll })}
              onDelete={() => setDialog({ kind: 'delete', poll })}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === 'form' && (
        <PollFormModal teamId={team.id} zone={zone} poll={dialog.poll} onClose={close} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Poll"
        message={dialog?.kind === 'delete' ? POLL_MESSAGES.deleteConfirm(dialog.poll.question) : ''}
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.poll)}
        onCancel={close}
      />
    </section>
  );
}
