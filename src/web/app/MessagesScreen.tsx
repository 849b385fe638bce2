import { useMemo } from 'react';
import { ANNOUNCEMENT_MESSAGES } from '../../shared/announcements.ts';
import type { Team } from '../../shared/api/teams.ts';
import { formatDate } from '../../shared/events.ts';
import { Tabs } from '../components/Tabs.tsx';
import { AnnouncementsPanel } from '../features/announcements/components/AnnouncementsPanel.tsx';
import type { EventOption } from '../features/announcements/components/AnnouncementFormModal.tsx';
import { useGames } from '../features/events/api/get-games.ts';
import { usePractices } from '../features/events/api/get-practices.ts';
import { useTournaments } from '../features/events/api/get-tournaments.ts';
import { PollsPanel } from '../features/polls/components/PollsPanel.tsx';
import { useHashParam } from '../lib/use-hash-param.ts';

// The #messages tab, 'Communication' (spec part 1 section 2), composed here from the features it shows:
// announcements (with the team's events to relate one to, for coaches) and polls. Conversations come
// in a later part.

type Section = 'announcements' | 'polls';
const SECTIONS = [
  { id: 'announcements', label: 'Announcements' },
  { id: 'polls', label: 'Polls' },
] as const;

interface MessagesScreenProps {
  title: string;
  team: Team | null;
  loading: boolean;
  userId: number;
}

export function MessagesScreen({ title, team, loading, userId }: MessagesScreenProps) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      {team ? (
        <Communication key={team.id} team={team} userId={userId} />
      ) : (
        <div className="page-body">
          {loading ? (
            <p className="card" role="status">
              Loading...
            </p>
          ) : (
            <p className="card">{ANNOUNCEMENT_MESSAGES.noTeam}</p>
          )}
        </div>
      )}
    </>
  );
}

function Communication({ team, userId }: { team: Team; userId: number }) {
  const [subtab, setSubtab] = useHashParam('subtab');
  const [pollId] = useHashParam('pollId');
  const active: Section = subtab === 'polls' ? 'polls' : 'announcements';
  const highlight = pollId && /^\d+$/.test(pollId) ? Number(pollId) : null;
  return (
    <div className="page-body">
      <Tabs
        label="Communication"
        tabs={SECTIONS}
        active={active}
        onSelect={(id) => setSubtab(id)}
        renderPanel={(id) =>
          id === 'polls' ? (
            <PollsPanel team={team} highlightPollId={highlight} />
          ) : team.is_coach ? (
            <AnnouncementsWithEvents team={team} userId={userId} />
          ) : (
            <AnnouncementsPanel team={team} userId={userId} />
          )
        }
      />
    </div>
  );
}

/** Coaches relate an announcement to one of the team's events; only they load them (spec section 6). */
function AnnouncementsWithEvents({ team, userId }: { team: Team; userId: number }) {
  const tournaments = useTournaments(team.id);
  const games = useGames(team.id);
  const practices = usePractices(team.id);
  const options = useMemo<EventOption[]>(
    () => [
      ...(tournaments.data ?? []).map((t) => ({
        type: 'tournament' as const,
        id: t.id,
        label: `Tournament: ${t.name} (${formatDate(t.start_date)})`,
      })),
      ...(games.data ?? []).map((g) => ({
        type: 'game' as const,
        id: g.id,
        label: `Game: vs ${g.opponent} (${formatDate(g.date)})`,
      })),
      ...(practices.data ?? []).map((p) => ({
        type: 'practice' as const,
        id: p.id,
        label: `Practice: ${p.title} (${formatDate(p.date)})`,
      })),
    ],
    [tournaments.data, games.data, practices.data],
  );
  return <AnnouncementsPanel team={team} userId={userId} eventOptions={options} />;
}
