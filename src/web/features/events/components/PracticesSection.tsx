import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Practice } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { formatDate, formatTime, isUpcoming } from '../../../../shared/events.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { MessageDialog, type Message } from '../../../components/MessageDialog.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useDeletePractice } from '../api/delete-practice.ts';
import { newestFirst, soonestFirst } from '../lib/lists.ts';
import { EVENT_TITLES, reason } from '../lib/messages.ts';
import { useHighlight } from '../lib/use-highlight.ts';
import { Collapsible } from './Collapsible.tsx';
import { Facts, MapLink } from './Facts.tsx';
import { PracticeFormModal } from './PracticeFormModal.tsx';

type Dialog = { kind: 'form'; practice: Practice | null } | { kind: 'delete'; practice: Practice };

interface PracticesSectionProps {
  team: Team;
  query: UseQueryResult<Practice[]>;
  today: string;
  highlightId: number | null;
}

/** 'Practices': Upcoming and Past, Add/Edit Practice (with a weekly series) and delete. */
export function PracticesSection({ team, query, today, highlightId }: PracticesSectionProps) {
  const canManage = useCan(team, 'manage_events');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const remove = useDeletePractice(team.id);
  const close = () => setDialog(null);
  const practices = query.data ?? [];
  const upcoming = practices.filter((p) => isUpcoming(p.date, today)).sort(soonestFirst);
  const past = practices.filter((p) => !isUpcoming(p.date, today)).sort(newestFirst);
  const highlightPast = past.some((p) => p.id === highlightId);
  useHighlight(highlightId ? `practice-${highlightId}` : null, query.isSuccess);

  const confirmDelete = (practice: Practice) => {
    close();
    remove.mutate(practice.id, {
      onSuccess: (answer) => showToast('success', answer.message),
      onError: (error) =>
        setMessage({ title: EVENT_TITLES.deleteFailed, text: reason(error, 'Failed to delete practice') }),
    });
  };

  const list = (items: Practice[], label: string, empty: string) =>
    items.length === 0 ? (
      <p className="muted">{empty}</p>
    ) : (
      <ul className="event-rows" aria-label={label}>
        {items.map((practice) => (
          <li
            key={practice.id}
            id={`practice-${practice.id}`}
            tabIndex={-1}
            className={`event-item${practice.id === highlightId ? ' event-item--highlight' : ''}`}
          >
            <div className="event-item__head">
              <h4 className="event-item__title">{practice.title}</h4>
            </div>
            <Facts
              items={[
                ['Date', formatDate(practice.date)],
                ['Time', formatTime(practice.time)],
                ['Duration', practice.duration ? `${practice.duration} minutes` : null],
                ['Location', practice.location],
                ['Address', practice.address],
                ['Focus', practice.focus],
                ['Equipment Needed', practice.equipment_needed],
                ['Notes', practice.notes],
              ]}
            />
            <div className="event-actions">
              {practice.address && <MapLink address={practice.address} />}
              {canManage && (
                <>
                  <ActionButton
                    label="Edit"
                    subject={`${practice.title} on ${formatDate(practice.date)}`}
                    onClick={() => setDialog({ kind: 'form', practice })}
                  />
                  <ActionButton
                    label={remove.isPending && remove.variables === practice.id ? 'Deleting...' : 'Delete'}
                    subject={`${practice.title} on ${formatDate(practice.date)}`}
                    tone="danger"
                    disabled={remove.isPending}
                    onClick={() => setDialog({ kind: 'delete', practice })}
                  />
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="practices-title">
      <div className="section-header">
        <h2 id="practices-title" className="section-title">
          Practices
        </h2>
        {canManage && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog({ kind: 'form', practice: null })}
          >
            Add Practice
          </button>
        )}
      </div>
      {query.isPending ? (
        <p role="status">Loading practices...</p>
      ) : query.isError && practices.length === 0 ? (
        <p role="alert" className="card">
          Could not load the practices. They will load again when the connection is back.
        </p>
      ) : (
        <div className="card stack">
          <Collapsible title="Upcoming" count={upcoming.length} defaultOpen>
            {list(upcoming, 'Upcoming practices', 'No upcoming practices.')}
          </Collapsible>
          <Collapsible
            key={String(highlightPast)}
            title="Past"
            count={past.length}
            defaultOpen={highlightPast}
          >
            {list(past, 'Past practices', 'No past practices.')}
          </Collapsible>
        </div>
      )}
      {dialog?.kind === 'form' && (
        <PracticeFormModal team={team} practice={dialog.practice} onClose={close} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Practice"
        message={
          dialog?.kind === 'delete'
            ? `Are you sure you want to delete "${dialog.practice.title}" on ${formatDate(dialog.practice.date)}? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.practice)}
        onCancel={close}
      />
      <MessageDialog open={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text}
      </MessageDialog>
    </section>
  );
}
