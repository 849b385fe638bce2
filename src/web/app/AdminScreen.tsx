import type { User } from '../../shared/api/auth.ts';
import type { Team } from '../../shared/api/teams.ts';
import { accountCan } from '../../shared/permissions.ts';
import { AdminPage } from '../features/admin/components/AdminPage.tsx';
import { ChatPostStatus } from '../features/announcements/components/ChatPostStatus.tsx';
import type { AdminTab } from '../features/admin/components/AdminTabs.tsx';
import { RsvpOverviewPanel } from '../features/rsvp/components/RsvpOverviewPanel.tsx';
import { KitsPanel } from '../features/kits/components/KitsPanel.tsx';
import { ModeratorsPanel } from '../features/moderators/components/ModeratorsPanel.tsx';
import { usePlayers } from '../features/roster/api/get-players.ts';
import { TeamSettingsPanel } from '../features/teams/components/TeamSettingsPanel.tsx';
import { useCan } from '../lib/permissions.ts';

interface AdminScreenProps {
  user: User;
  team: Team | null;
  loading: boolean;
}

/** Whether announcements reached the group chat, for those who may see it. */
function CoachChatPostStatus({ team }: { team: Team }) {
  return useCan(team, 'view_chat_post_status') ? <ChatPostStatus teamId={team.id} /> : null;
}

/**
 * Team Administration, composed here from the features it shows: the roster's players (an approved
 * request can be linked to one), the RSVP overview, kits, moderators and team settings.
 */
export function AdminScreen({ user, team, loading }: AdminScreenProps) {
  const administers = accountCan(user, 'administer_teams');
  const players = usePlayers(administers && team ? team.id : null);
  const canKits = useCan(team, 'manage_equipment');
  const canSettings = useCan(team, 'edit_team_info');
  // Coaches see every tab; a moderator only the ones their flags open.
  const tabs: AdminTab[] | null = administers
    ? null
    : [...(canKits ? (['kits'] as const) : []), ...(canSettings ? (['settings'] as const) : [])];
  return (
    <AdminPage
      canAdminister={administers || (tabs !== null && tabs.length > 0)}
      tabs={tabs}
      team={team}
      players={players.data ?? []}
      loading={loading}
      // Keyed by team: switching teams starts each panel afresh, so nothing typed for one team is
      // saved onto another.
      panels={(selected) => ({
        rsvps: <RsvpOverviewPanel key={selected.id} teamId={selected.id} />,
        kits: <KitsPanel key={selected.id} team={selected} />,
        moderators: <ModeratorsPanel key={selected.id} team={selected} />,
        settings: (
          <TeamSettingsPanel
            key={selected.id}
            team={selected}
            chatPostStatus={<CoachChatPostStatus team={selected} />}
          />
        ),
      })}
    />
  );
}
