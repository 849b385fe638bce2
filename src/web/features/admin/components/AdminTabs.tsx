import type { ReactNode } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import type { Player } from '../../../../shared/api/roster.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Tabs, type TabItem } from '../../../components/Tabs.tsx';
import { useHashParam } from '../../../lib/use-hash-param.ts';
import { useJoinRequests } from '../api/get-join-requests.ts';
import { JoinRequestsPanel } from './JoinRequestsPanel.tsx';

export const ADMIN_TABS = ['join-requests', 'rsvps', 'kits', 'moderators', 'settings'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const LABELS: Record<AdminTab, string> = {
  'join-requests': 'Join Requests',
  rsvps: 'Event RSVPs',
  kits: 'Team Kits',
  moderators: 'Moderators',
  settings: 'Team Settings',
};

const isAdminTab = (value: string | null): value is AdminTab =>
  (ADMIN_TABS as readonly (string | null)[]).includes(value);

interface AdminTabsProps {
  team: Team;
  players: readonly Player[];
  /** The panels other features provide (composed by the app), by tab. */
  panels: Partial<Record<AdminTab, ReactNode>>;
  /** The tabs a moderator may open; null for every tab (coaches). */
  only?: readonly AdminTab[] | null;
}

/** The administration tabs; the open one is in the hash ('#admin?tab=moderators'). */
export function AdminTabs({ team, players, panels, only = null }: AdminTabsProps) {
  const shown = only ?? ADMIN_TABS;
  const [fromHash, setTab] = useHashParam('tab');
  const active: AdminTab =
    isAdminTab(fromHash) && shown.includes(fromHash) ? fromHash : (shown[0] ?? 'join-requests');
  const requests = useJoinRequests(team.id, shown.includes('join-requests'));
  const pending = (requests.data ?? []).filter((request) => request.status === 'pending').length;
  const tabs: TabItem<AdminTab>[] = shown.map((id) => ({
    id,
    label: LABELS[id],
    ...(id === 'join-requests' ? { badge: <Badge count={pending} label="pending" /> } : {}),
  }));

  return (
    <div className="page-body page-body--wide">
      <Tabs
        label="Team administration"
        wrap
        tabs={tabs}
        active={active}
        onSelect={setTab}
        renderPanel={(tab) =>
          tab === 'join-requests' ? (
            <JoinRequestsPanel
              teamId={team.id}
              requests={requests.data ?? []}
              loading={requests.isPending}
              players={players}
            />
          ) : (
            (panels[tab] ?? <h2 className="section-title">{LABELS[tab]}</h2>)
          )
        }
      />
    </div>
  );
}
