import { useMemo } from 'react';
import type { Team } from '../../shared/api/teams.ts';
import { MESSAGING_MESSAGES } from '../../shared/conversations.ts';
import { formatDate } from '../../shared/events.ts';
import { Badge } from '../components/Badge.tsx';
import { Tabs } from '../components/Tabs.tsx';
import { AnnouncementsPanel } from '../features/announcements/components/AnnouncementsPanel.tsx';
import type { EventOption } from '../features/announcements/components/AnnouncementFormModal.tsx';
import { useUnreadCount } from '../features/conversations/api/get-unread-count.ts';
import { ConversationsPanel } from '../features/conversations/components/ConversationsPanel.tsx';
import { useConversationLeftBehind } from '../features/conversations/lib/use-conversation-left-behind.ts';
import { useGames } from '../features/events/api/get-games.ts';
import { usePractices } from '../features/events/api/get-practices.ts';
import { useTournaments } from '../features/events/api/get-tournaments.ts';
import { PollsPanel } from '../features/polls/components/PollsPanel.tsx';
import { useCan } from '../lib/permissions.ts';
import { useHashParam } from '../lib/use-hash-param.ts';

// The #messages tab, 'Communication' (docs/product/shell-and-navigation.md 'Tabs and page titles'),
// composed here from the features it shows: announcements (with the team's events to relate one to, for
// coaches), conversations ('Messages', with the unread badge) and polls.

type Section = 'announcements' | 'conversations' | 'polls';

interface MessagesScreenProps {
  title: string;
  team: Team | null;
  loading: boolean;
  userId: number;
}

export function MessagesScreen({ title, team, loading, userId }: MessagesScreenProps) {
  // Communication is made anew for each team; what the switch left in the address is known here.
  const leftBehind = useConversationLeftBehind(team?.id ?? null);
  return (
    <>
      <h1 className="page-title">{title}</h1>
      {team ? (
        <Communication key={team.id} team={team} userId={userId} leftBehind={leftBehind} />
      ) : (
        <div className="page-body">
          {loading ? (
            <p className="card" role="status">
              Loading...
            </p>
          ) : (
            <p className="card">{MESSAGING_MESSAGES.noTeam}</p>
          )}
        </div>
      )}
    </>
  );
}

function Communication({
  team,
  userId,
  leftBehind,
}: {
  team: Team;
  userId: number;
  leftBehind: string | null;
}) {
  const [subtab, setSubtab] = useHashParam('subtab');
  const [pollId] = useHashParam('pollId');
  const unread = useUnreadCount(team.id);
  const relatesEvents = useCan(team, 'relate_announcement_events');
  const active: Section =
    subtab === 'polls' ? 'polls' : subtab === 'conversations' ? 'conversations' : 'announcements';
  const highlight = pollId && /^\d+$/.test(pollId) ? Number(pollId) : null;
  const sections = [
    { id: 'announcements', label: 'Announcements' },
    { id: 'conversations', label: 'Messages', badge: <Badge count={unread} label="unread messages" /> },
    { id: 'polls', label: 'Polls' },
  ] as const;
  return (
    <div className="page-body">
      <Tabs<Section>
        label="Communication"
        tabs={sections}
        active={active}
        onSelect={(id) => setSubtab(id)}
        renderPanel={(id) =>
          id === 'polls' ? (
            <PollsPanel team={team} highlightPollId={highlight} />
          ) : id === 'conversations' ? (
            <ConversationsPanel
              team={team}
              userId={userId}
              active={active === 'conversations'}
              leftBehind={leftBehind}
            />
          ) : relatesEvents ? (
            <AnnouncementsWithEvents team={team} userId={userId} />
          ) : (
            <AnnouncementsPanel team={team} userId={userId} />
          )
        }
      />
    </div>
  );
}

/**
 * Coaches relate an announcement to one of the team's events; only they load them
 * (docs/product/announcements.md 'Fields and defaults').
 */
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
