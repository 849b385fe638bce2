import type { Tournament } from '../../../../shared/api/events.ts';
import { formatDateRange, recordText } from '../../../../shared/events.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { TournamentStatusTag } from './EventTags.tsx';
import { Facts } from './Facts.tsx';

export type TournamentView = 'cards' | 'list';

interface TournamentListProps {
  tournaments: readonly Tournament[];
  view: TournamentView;
  /** Names the list for screen readers. */
  label: string;
  onOpen: (tournamentId: number) => void;
}

/** Tournament cards (name, dates, record, status, location, address, notes) or compact rows. */
export function TournamentList({ tournaments, view, label, onOpen }: TournamentListProps) {
  if (view === 'list') {
    return (
      <ul className="card event-rows" aria-label={label}>
        {tournaments.map((t) => (
          <li key={t.id} className="event-row">
            <div className="event-row__main">
              <div className="event-card__head">
                <h3 className="event-row__name">{t.name}</h3>
                <TournamentStatusTag status={t.status} />
              </div>
              <p className="muted">
                {formatDateRange(t.start_date, t.end_date)} · {t.location} · W-L-D {recordText(t.record)}
              </p>
            </div>
            <ActionButton label="View Details" subject={t.name} onClick={() => onOpen(t.id)} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="event-grid" aria-label={label}>
      {tournaments.map((t) => (
        <li key={t.id} className="card event-card">
          <div className="event-card__head">
            <h3 className="event-card__name">{t.name}</h3>
            <TournamentStatusTag status={t.status} />
          </div>
          <Facts
            items={[
              ['Dates', formatDateRange(t.start_date, t.end_date)],
              ['Record (W-L-D)', recordText(t.record)],
              ['Location', t.location],
              ['Address', t.address],
              ['Notes', t.notes],
            ]}
          />
          <div className="event-card__actions">
            <ActionButton label="View Details" subject={t.name} tone="primary" onClick={() => onOpen(t.id)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
