import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Practice } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { SERIES_MESSAGES, type PracticeScope } from '../../../../shared/practice-series.ts';
import {
  EVENT_MESSAGES,
  formatDate,
  formatTime,
  GAME_STATUS_LABELS,
  isUpcoming,
} from '../../../../shared/events.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { MessageDialog, type Message } from '../../../components/MessageDialog.tsx';
import { MonthGroups } from '../../../components/MonthGroups.tsx';
import { groupByMonth, monthOfDate } from '../../../lib/months.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useDeletePractice } from '../api/delete-practice.ts';
import { useUpdatePractice } from '../api/save-practice.ts';
import { newestFirst, soonestFirst } from '../lib/lists.ts';
import { EVENT_TITLES, reason } from '../lib/messages.ts';
import { useHighlight } from '../lib/use-highlight.ts';
import { Collapsible } from './Collapsible.tsx';
import { DirectionsLink } from '../../../components/DirectionsLink.tsx';
import { Facts } from './Facts.tsx';
import { PracticeFormModal } from './PracticeFormModal.tsx';
import { SeriesScopeDialog } from './SeriesScopeDialog.tsx';
import { ViewSwitch } from './ViewSwitch.tsx';

/** More practices than this show as compact rows by default (docs/decisions/051-long-lists.md). */
export const COMPACT_PRACTICES_FROM = 11;

type PracticeView = 'compact' | 'detailed';

type Dialog =
  | { kind: 'form'; practice: Practice | null }
  | { kind: 'delete'; practice: Practice }
  | { kind: 'cancel'; practice: Practice };

interface PracticesSectionProps {
  team: Team;
  query: UseQueryResult<Practice[]>;
  today: string;
  highlightId: number | null;
}

/**
 * 'Practices': Upcoming and Past, Add/Edit Practice (with a weekly series), cancel (the practice stays,
 * struck through, and can be put back) and delete. Editing or deleting a practice of a series asks
 * 'This practice' or 'This and following' (docs/product/events.md 'Practice series').
 */
export function PracticesSection({ team, query, today, highlightId }: PracticesSectionProps) {
  const canManage = useCan(team, 'manage_events');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const remove = useDeletePractice(team.id);
  const update = useUpdatePractice(team.id);
  const close = () => setDialog(null);
  const practices = query.data ?? [];
  const upcoming = practices.filter((p) => isUpcoming(p.date, today)).sort(soonestFirst);
  const past = practices.filter((p) => !isUpcoming(p.date, today)).sort(newestFirst);
  const highlightPast = past.some((p) => p.id === highlightId);
  const highlightMonth = monthOfDate(practices.find((p) => p.id === highlightId)?.date ?? null);
  const [chosenView, setView] = useState<PracticeView | null>(null);
  const view: PracticeView =
    chosenView ?? (practices.length >= COMPACT_PRACTICES_FROM ? 'compact' : 'detailed');
  // Compact rows a tap opened; a linked practice opens by itself.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const isExpanded = (practice: Practice) => practice.id === highlightId || expanded.has(practice.id);
  const toggleRow = (practice: Practice) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(practice.id)) next.delete(practice.id);
      else next.add(practice.id);
      return next;
    });
  useHighlight(highlightId ? `practice-${highlightId}` : null, query.isSuccess);

  const confirmDelete = (practice: Practice, scope: PracticeScope = 'this') => {
    close();
    remove.mutate(
      { practiceId: practice.id, scope },
      {
        onSuccess: (answer) => showToast('success', answer.message),
        onError: (error) =>
          setMessage({ title: EVENT_TITLES.deleteFailed, text: reason(error, 'Failed to delete practice') }),
      },
    );
  };

  const setStatus = (practice: Practice, status: Practice['status'], scope: PracticeScope = 'this') => {
    close();
    update.mutate(
      { practiceId: practice.id, body: { status }, scope },
      {
        onSuccess: () =>
          showToast(
            'success',
            status === 'cancelled'
              ? scope === 'following'
                ? SERIES_MESSAGES.practicesCancelled
                : EVENT_MESSAGES.practiceCancelled
              : EVENT_MESSAGES.practiceRestored,
          ),
        onError: (error) =>
          setMessage({ title: EVENT_TITLES.updateFailed, text: reason(error, 'Failed to update practice') }),
      },
    );
  };
  const changing = (practice: Practice) => update.isPending && update.variables?.practiceId === practice.id;

  /** The practice's facts and actions: the detailed view, or a compact row once tapped. */
  const details = (practice: Practice, upcomingList: boolean) => (
    <>
      <Facts
        items={[
          ['Date', formatDate(practice.date)],
          ['Time', formatTime(practice.time)],
          ['Arrive by', practice.arrival_time ? formatTime(practice.arrival_time) : null],
          ['Duration', practice.duration ? `${practice.duration} minutes` : null],
          ['Location', practice.location],
          ['Address', practice.address && <DirectionsLink address={practice.address} />],
          ['Focus', practice.focus],
          ['Equipment Needed', practice.equipment_needed],
          ['Notes', practice.notes],
        ]}
      />
      <div className="event-actions">
        {canManage && (
          <>
            <ActionButton
              label="Edit"
              subject={`${practice.title} on ${formatDate(practice.date)}`}
              onClick={() => setDialog({ kind: 'form', practice })}
            />
            {upcomingList && practice.status === 'scheduled' && (
              <ActionButton
                label={changing(practice) ? 'Cancelling...' : 'Cancel Practice'}
                subject={`${practice.title} on ${formatDate(practice.date)}`}
                disabled={update.isPending}
                onClick={() => setDialog({ kind: 'cancel', practice })}
              />
            )}
            {upcomingList && practice.status === 'cancelled' && (
              <ActionButton
                label={changing(practice) ? 'Restoring...' : 'Restore'}
                subject={`${practice.title} on ${formatDate(practice.date)}`}
                disabled={update.isPending}
                onClick={() => setStatus(practice, 'scheduled')}
              />
            )}
            <ActionButton
              label={
                remove.isPending && remove.variables?.practiceId === practice.id ? 'Deleting...' : 'Delete'
              }
              subject={`${practice.title} on ${formatDate(practice.date)}`}
              tone="danger"
              disabled={remove.isPending}
              onClick={() => setDialog({ kind: 'delete', practice })}
            />
          </>
        )}
      </div>
    </>
  );

  const itemClass = (practice: Practice, compact: boolean) =>
    `event-item${compact ? ' event-item--compact' : ''}${practice.id === highlightId ? ' event-item--highlight' : ''}${
      practice.status === 'cancelled' ? ' event-item--cancelled' : ''
    }`;

  const item = (practice: Practice, upcomingList: boolean) =>
    view === 'compact' ? (
      <li
        key={practice.id}
        id={`practice-${practice.id}`}
        tabIndex={-1}
        className={itemClass(practice, true)}
      >
        <button
          type="button"
          className="compact-row"
          aria-expanded={isExpanded(practice)}
          aria-controls={`practice-${practice.id}-details`}
          onClick={() => toggleRow(practice)}
        >
          <span className="compact-row__date">{formatDate(practice.date)}</span>
          <span className="compact-row__time">{formatTime(practice.time)}</span>
          <span className="compact-row__title event-item__title">{practice.title}</span>
          {practice.location && <span className="compact-row__place">{practice.location}</span>}
          {practice.status === 'cancelled' && <Tag tone="danger">{GAME_STATUS_LABELS.cancelled}</Tag>}
        </button>
        <div
          id={`practice-${practice.id}-details`}
          className="compact-row__details"
          hidden={!isExpanded(practice)}
        >
          {isExpanded(practice) && details(practice, upcomingList)}
        </div>
      </li>
    ) : (
      <li
        key={practice.id}
        id={`practice-${practice.id}`}
        tabIndex={-1}
        className={itemClass(practice, false)}
      >
        <div className="event-item__head">
          <h4 className="event-item__title">{practice.title}</h4>
          {practice.status === 'cancelled' && <Tag tone="danger">{GAME_STATUS_LABELS.cancelled}</Tag>}
        </div>
        {details(practice, upcomingList)}
      </li>
    );

  const list = (items: Practice[], label: string, empty: string, upcomingList: boolean) =>
    items.length === 0 ? (
      <p className="muted">{empty}</p>
    ) : (
      <MonthGroups
        label={label}
        groups={groupByMonth(items, (p) => monthOfDate(p.date))}
        currentMonth={monthOfDate(today)}
        alsoOpen={highlightMonth ? [highlightMonth] : []}
      >
        {(monthItems, group) => (
          <ul className="event-rows" aria-label={`${label}, ${group.label}`}>
            {monthItems.map((practice) => item(practice, upcomingList))}
          </ul>
        )}
      </MonthGroups>
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
          {practices.length > 0 && (
            <ViewSwitch
              className="segmented practice-view"
              label="Practice view"
              options={[
                ['compact', 'Compact'],
                ['detailed', 'Detailed'],
              ]}
              value={view}
              onChange={setView}
            />
          )}
          <Collapsible title="Upcoming" count={upcoming.length} defaultOpen>
            {list(upcoming, 'Upcoming practices', 'No upcoming practices.', true)}
          </Collapsible>
          <Collapsible
            key={String(highlightPast)}
            title="Past"
            count={past.length}
            defaultOpen={highlightPast}
          >
            {list(past, 'Past practices', 'No past practices.', false)}
          </Collapsible>
        </div>
      )}
      {dialog?.kind === 'form' && (
        <PracticeFormModal team={team} practice={dialog.practice} onClose={close} />
      )}
      <SeriesScopeDialog
        open={dialog?.kind === 'delete' && dialog.practice.series_id !== null}
        title="Delete Practice"
        message={
          dialog?.kind === 'delete'
            ? `"${dialog.practice.title}" on ${formatDate(dialog.practice.date)} is one of a weekly series. Delete this practice only, or this and the following practices of the series? This action cannot be undone.`
            : ''
        }
        cancelLabel="Keep Practice"
        danger
        onChoose={(scope) => dialog?.kind === 'delete' && confirmDelete(dialog.practice, scope)}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete' && dialog.practice.series_id === null}
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
      <SeriesScopeDialog
        open={dialog?.kind === 'cancel' && dialog.practice.series_id !== null}
        title="Cancel Practice"
        message={
          dialog?.kind === 'cancel'
            ? `"${dialog.practice.title}" on ${formatDate(dialog.practice.date)} is one of a weekly series. Cancel this practice only, or this and the following practices of the series? They stay on the schedule and in calendar apps, marked cancelled, and can be restored.`
            : ''
        }
        cancelLabel="Keep Practice"
        danger
        onChoose={(scope) => dialog?.kind === 'cancel' && setStatus(dialog.practice, 'cancelled', scope)}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'cancel' && dialog.practice.series_id === null}
        title="Cancel Practice"
        message={
          dialog?.kind === 'cancel'
            ? `Cancel "${dialog.practice.title}" on ${formatDate(dialog.practice.date)}? It stays on the schedule and in calendar apps, marked cancelled, and you can restore it.`
            : ''
        }
        confirmLabel="Cancel Practice"
        cancelLabel="Keep Practice"
        danger
        onConfirm={() => dialog?.kind === 'cancel' && setStatus(dialog.practice, 'cancelled')}
        onCancel={close}
      />
      <MessageDialog open={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text}
      </MessageDialog>
    </section>
  );
}
