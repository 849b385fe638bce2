import { useState } from 'react';
import type { Tournament } from '../../../../shared/api/events.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  compareTournaments,
  EVENT_MESSAGES,
  formatDateRange,
  isAlreadyAdded,
} from '../../../../shared/events.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useCoachedTeams } from '../../../lib/coached-teams.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useAllTournaments } from '../api/get-all-tournaments.ts';
import { useTournaments } from '../api/get-tournaments.ts';
import { useSaveTournament } from '../api/save-tournament.ts';
import { failure } from '../lib/messages.ts';
import { TournamentStatusTag } from './EventTags.tsx';
import { TournamentFormModal } from './TournamentFormModal.tsx';

interface AddTournamentModalProps {
  team: Team;
  onClose: () => void;
  onCreated: () => void;
}

/**
 * Add Tournament: a tournament of one of the coach's other teams copied to this one ('Add to Current
 * Team': name, dates, location, address, website and notes; not its games), or Create New Tournament.
 */
export function AddTournamentModal({ team, onClose, onCreated }: AddTournamentModalProps) {
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<number | null>(null);
  const all = useAllTournaments();
  // Quick-add copies only from the teams the user runs (docs/product/events.md); /all holds the others
  // they are in.
  const coached = useCoachedTeams();
  const coachedIds = new Set((coached.data ?? []).map((t) => t.id));
  const current = useTournaments(team.id);
  const save = useSaveTournament(team.id);
  const others = (all.data ?? [])
    .filter((t) => t.team_id !== team.id && coachedIds.has(t.team_id))
    .sort(compareTournaments);
  // docs/product/events.md 'Quick-add': one already on this team is marked and not offered again.
  const alreadyAdded = (t: Tournament) => (current.data ?? []).some((mine) => isAlreadyAdded(mine, t));

  const copy = (t: Tournament) => {
    setCopying(t.id);
    const { name, start_date, end_date, location, address, url, notes } = t;
    save.mutate(
      { body: { name, start_date, end_date, location, address, url, notes, source_tournament_id: t.id } },
      {
        onSuccess: () => {
          showToast('success', EVENT_MESSAGES.tournamentCreated);
          onCreated();
        },
      },
    );
  };

  if (creating) return <TournamentFormModal team={team} tournament={null} onClose={onClose} />;

  return (
    <Modal
      open
      title="Add Tournament"
      size="lg"
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      }
    >
      <div className="stack">
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          Create New Tournament
        </button>
        {save.isError && <Alert tone="error">{failure('Tournament Creation Failed', save.error)}</Alert>}
        <section aria-labelledby="quick-add-title">
          <h3 id="quick-add-title" className="section-title">
            From your other teams
          </h3>
          {all.isPending || coached.isPending || current.isPending ? (
            <p role="status">Loading...</p>
          ) : others.length === 0 ? (
            <p className="muted">Tournaments of your other teams appear here, to add them to {team.name}.</p>
          ) : (
            <ul className="event-rows" aria-label="Tournaments of your other teams">
              {others.map((t) => {
                const added = alreadyAdded(t);
                return (
                  <li key={t.id} className="event-row">
                    <div className="event-row__main">
                      <div className="event-card__head">
                        <h4 className="event-row__name">{t.name}</h4>
                        <TournamentStatusTag status={t.status} />
                        {added && <Tag tone="success">{EVENT_MESSAGES.alreadyAdded}</Tag>}
                      </div>
                      <p className="muted">
                        {t.team_name} · {formatDateRange(t.start_date, t.end_date)} · {t.location}
                      </p>
                    </div>
                    <ActionButton
                      label={
                        added
                          ? EVENT_MESSAGES.alreadyAdded
                          : save.isPending && copying === t.id
                            ? 'Adding...'
                            : 'Add to Current Team'
                      }
                      subject={`${t.name} (${t.team_name})`}
                      tone="primary"
                      disabled={added || save.isPending}
                      onClick={() => copy(t)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
