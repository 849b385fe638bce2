import { useEffect, useState } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import { isUpcoming } from '../../../../shared/events.ts';
import { Tabs } from '../../../components/Tabs.tsx';
import { useGames } from '../api/get-games.ts';
import { usePractices } from '../api/get-practices.ts';
import { useTournaments } from '../api/get-tournaments.ts';
import { eventsHash, readEventsLocation, type EventSection, type EventsLocation } from '../lib/location.ts';
import type { TournamentDocumentsSlot } from '../lib/tournament-documents.ts';
import { useToday } from '../lib/use-today.ts';
import { GamesSection } from './GamesSection.tsx';
import { PracticesSection } from './PracticesSection.tsx';
import { TournamentsSection } from './TournamentsSection.tsx';
import './events.css';

interface EventsPageProps {
  /** 'Games & Schedule'. */
  title: string;
  team: Team | null;
  /** The user's teams are still loading: no team is not yet 'no team selected'. */
  loading?: boolean;
  /** The tournament detail view's 'Tournament Documents', from the documents feature. */
  tournamentDocuments?: TournamentDocumentsSlot;
}

/** The #tournaments tab, 'Games & Schedule' (docs/product/events.md). */
export function EventsPage({ title, team, loading = false, tournamentDocuments }: EventsPageProps) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      {team ? (
        <TeamEvents key={team.id} team={team} tournamentDocuments={tournamentDocuments} />
      ) : (
        <div className="page-body">
          {loading ? (
            <p className="card" role="status">
              Loading...
            </p>
          ) : (
            <p className="card">Please select a team first.</p>
          )}
        </div>
      )}
    </>
  );
}

/** The place in the tab the hash names, followed on back and forward. */
function useEventsLocation(): [EventsLocation, (place: Partial<EventsLocation>) => void] {
  const [place, setPlace] = useState(() => readEventsLocation(window.location.hash));
  useEffect(() => {
    const onHashChange = () => setPlace(readEventsLocation(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    onHashChange();
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  const go = (next: Partial<EventsLocation>) => {
    window.location.hash = eventsHash(next);
  };
  return [place, go];
}

function TeamEvents({
  team,
  tournamentDocuments,
}: {
  team: Team;
  tournamentDocuments: TournamentDocumentsSlot | undefined;
}) {
  const today = useToday();
  const [place, go] = useEventsLocation();
  // Add Tournament asked for by a link opens once; the address forgets it, so Back or a reload does not
  // open it again.
  const [addTournament] = useState(place.addTournament);
  useEffect(() => {
    if (!addTournament) return;
    window.history.replaceState(window.history.state, '', eventsHash());
  }, [addTournament]);
  const tournaments = useTournaments(team.id);
  const games = useGames(team.id);
  const practices = usePractices(team.id);

  // Each tab counts what its section lists first: the current and upcoming tournaments (the default list
  // leaves out only the completed ones), the upcoming games and the upcoming practices, cancelled ones
  // included (docs/decisions/051-long-lists.md).
  const tournamentCount = (tournaments.data ?? []).filter((t) => t.status !== 'completed').length;
  const upcomingGames = (games.data ?? []).filter((g) => isUpcoming(g.date, today)).length;
  const practiceCount = (practices.data ?? []).filter((p) => isUpcoming(p.date, today)).length;
  const count = (n: number, what: string) => (
    <span className="tab-count">
      {n}
      <span className="visually-hidden"> {what}</span>
    </span>
  );

  return (
    <div className="page-body page-body--wide">
      <Tabs<EventSection>
        label="Team events"
        active={place.section}
        onSelect={(section) => go({ section })}
        tabs={[
          {
            id: 'tournaments',
            label: 'Tournaments',
            badge: count(tournamentCount, 'current or upcoming'),
          },
          { id: 'games', label: 'Individual Games', badge: count(upcomingGames, 'upcoming') },
          { id: 'practices', label: 'Practices', badge: count(practiceCount, 'upcoming') },
        ]}
        renderPanel={(section) => {
          switch (section) {
            case 'tournaments':
              return (
                <TournamentsSection
                  team={team}
                  query={tournaments}
                  today={today}
                  openId={place.tournamentId}
                  initialAdding={addTournament}
                  highlightGameId={place.tournamentId ? place.gameId : null}
                  onOpen={(tournamentId) => go({ tournamentId })}
                  onBack={() => go({ section: 'tournaments' })}
                  tournamentDocuments={tournamentDocuments}
                />
              );
            case 'games':
              return (
                <GamesSection
                  team={team}
                  query={games}
                  today={today}
                  highlightId={place.section === 'games' ? place.gameId : null}
                />
              );
            case 'practices':
              return (
                <PracticesSection
                  team={team}
                  query={practices}
                  today={today}
                  highlightId={place.practiceId}
                />
              );
          }
        }}
      />
    </div>
  );
}
