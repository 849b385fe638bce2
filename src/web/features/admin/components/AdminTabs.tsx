import { useState } from 'react';
import type { Player, Team } from '../../../../shared/api/teams.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Tabs, type TabItem } from '../../../components/Tabs.tsx';
import { useJoinRequests } from '../api/get-join-requests.ts';
import { JoinRequestsPanel } from './JoinRequestsPanel.tsx';

type AdminTab = 'join-requests' | 'rsvps' | 'kits' | 'moderators' | 'settings';

const LABELS: Record<AdminTab, string> = {
  'join-requests': 'Join Requests',
  rsvps: 'Event RSVPs',
  kits: 'Team Kits',
  moderators: 'Moderators',
  settings: 'Team Settings',
};

interface AdminTabsProps {
  team: Team;
  players: readonly Player[];
}

/** The administration tabs. Only Join Requests is built; the others arrive with their issues. */
export function AdminTabs({ team, players }: AdminTabsProps) {
  const [active, setActive] = useState<AdminTab>('join-requests');
  const requests = useJoinRequests(team.id);
  const pending = (requests.data ?? []).filter((request) => request.status === 'pending').length;
  const tabs: TabItem<AdminTab>[] = (Object.keys(LABELS) as AdminTab[]).map((id) => ({
    id,
    label: LABELS[id],
    ...(id === 'join-requests' ? { badge: <Badge count={pending} label="pending" /> } : {}),
  }));

  return (
    <div className="page-body page-body--wide">
      <Tabs
        label="Team administration"
        scroll
        tabs={tabs}
        active={active}
        onSelect={setActive}
        renderPanel={(tab) =>
          tab === 'join-requests' ? (
            <JoinRequestsPanel
              teamId={team.id}
              requests={requests.data ?? []}
              loading={requests.isPending}
              players={players}
            />
          ) : (
            <h2 className="section-title">{LABELS[tab]}</h2>
          )
        }
      />
    </div>
  );
}
