import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Tournament } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  compareTournaments,
  TOURNAMENT_STATUS_LABELS,
  TOURNAMENT_STATUSES,
  type TournamentStatus,
} from '../../../../shared/events.ts';
import { SelectField } from '../../../components/SelectField.tsx';
import { useCan } from '../../../lib/permissions.ts';
import type { TournamentDocumentsSlot } from '../lib/tournament-documents.ts';
import { AddTournamentModal } from './AddTournamentModal.tsx';
import { Collapsible } from './Collapsible.tsx';
import { TournamentDetail } from './TournamentDetail.tsx';
import { TournamentList, type TournamentView } from './TournamentList.tsx';
import { ViewSwitch } from './ViewSwitch.tsx';

type StatusFilter = 'all' | TournamentStatus;

interface TournamentsSectionProps {
  team: Team;
  query: UseQueryResult<Tournament[]>;
  today: string;
  /** The tournament whose detail is open. */
  openId: number | null;
  /** Opens Add Tournament at once (the dashboard's Create Tournament). */
  initialAdding?: boolean;
  highlightGameId: number | null;
  onOpen: (tournamentId: number) => void;
  onBack: () => void;
  tournamentDocuments?: TournamentDocumentsSlot | undefined;
}

/** The Tournaments section: filters, cards or list, Past Tournaments, and one tournament's detail. */
export function TournamentsSection({
  team,
  query,
  today,
  openId,
  initialAdding = false,
  highlightGameId,
  onOpen,
  onBack,
  tournamentDocuments,
}: TournamentsSectionProps) {
  const canCreate = useCan(team, 'create_tournaments');
  const [adding, setAdding] = useState(initialAdding);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [only, setOnly] = useState('');
  const [view, setView] = useState<TournamentView>('cards');

  if (query.isPending) return <p role="status">Loading tournaments...</p>;
  const tournaments = [...(query.data ?? [])].sort(compareTournaments);

  if (openId !== null) {
    const open = tournaments.find((t) => t.id === openId);
    return open ? (
      <TournamentDetail
        team={team}
        tournament={open}
        today={today}
        highlightGameId={highlightGameId}
        onBack={onBack}
        documents={tournamentDocuments}
      />
    ) : (
      <div className="card stack">
        <button type="button" className="link-button" onClick={onBack}>
          ← Back to all tournaments
        </button>
        <p>{query.isError ? 'Could not load the tournaments.' : 'Tournament not found'}</p>
      </div>
    );
  }

  const counts = Object.fromEntries(
    TOURNAMENT_STATUSES.map((s) => [s, tournaments.filter((t) => t.status === s).length]),
  ) as Record<TournamentStatus, number>;
  const chosen = only ? tournaments.filter((t) => String(t.id) === only) : null;
  // The default list hides completed tournaments; they wait under 'Past Tournaments'.
  const shown =
    chosen ??
    (status === 'all'
      ? tournaments.filter((t) => t.status !== 'completed')
      : tournaments.filter((t) => t.status === status));
  const past = tournaments.filter((t) => t.status === 'completed');
  const filtered = chosen !== null || status !== 'all';

  return (
    <section aria-labelledby="tournaments-title">
      <div className="section-header">
        <h2 id="tournaments-title" className="section-title">
          Tournaments
        </h2>
        {canCreate && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add Tournament
          </button>
        )}
      </div>
      {query.isError && tournaments.length === 0 ? (
        <p role="alert" className="card">
          Could not load the tournaments. They will load again when the connection is back.
        </p>
      ) : tournaments.length === 0 ? (
        <div className="card empty-state">
          <p className="empty-state__title">No tournaments yet</p>
          {canCreate && (
            <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
              Create your first tournament
            </button>
          )}
        </div>
      ) : (
        <>
          <div className="event-filters">
            <div className="event-filters__select">
              <SelectField
                label="Tournament"
                value={only}
                placeholder="All current and upcoming tournaments"
                options={tournaments.map((t) => ({ value: String(t.id), label: t.name }))}
                onValueChange={setOnly}
              />
              {only && (
                <button type="button" className="button button--secondary" onClick={() => setOnly('')}>
                  Clear filter
                </button>
              )}
            </div>
            <div className="chips" role="group" aria-label="Status">
              {(['all', ...TOURNAMENT_STATUSES] as const).map((s) => (
                <button
                  key={s}
                  type="button"
                  className="chip"
                  aria-pressed={status === s}
                  onClick={() => setStatus(s)}
                >
                  {s === 'all' ? 'All' : TOURNAMENT_STATUS_LABELS[s]}{' '}
                  <span className="chip__count">{s === 'all' ? tournaments.length : counts[s]}</span>
                </button>
              ))}
            </div>
            <ViewSwitch
              label="Tournament view"
              options={[
                ['cards', 'Cards'],
                ['list', 'List'],
              ]}
              value={view}
              onChange={setView}
            />
          </div>
          {shown.length === 0 ? (
            <div className="card empty-state">
              <p>
                {filtered
                  ? 'No tournaments match this filter.'
                  : 'No current or upcoming tournaments. Past tournaments are below.'}
              </p>
              {filtered && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setOnly('');
                    setStatus('all');
                  }}
                >
                  Show all tournaments
                </button>
              )}
            </div>
          ) : (
            <TournamentList tournaments={shown} view={view} label="Tournaments" onOpen={onOpen} />
          )}
          {!filtered && past.length > 0 && (
            <Collapsible
              title="Past Tournaments"
              count={past.length}
              toggleLabel={(open) => (open ? 'Hide Results' : 'View Results')}
            >
              <TournamentList tournaments={past} view={view} label="Past tournaments" onOpen={onOpen} />
            </Collapsible>
          )}
        </>
      )}
      {adding && canCreate && (
        <AddTournamentModal team={team} onClose={() => setAdding(false)} onCreated={() => setAdding(false)} />
      )}
    </section>
  );
}
