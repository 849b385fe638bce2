import type { User } from '../../shared/api/auth.ts';
import type { Team } from '../../shared/api/teams.ts';
import type { TabId } from '../../shared/tabs.ts';
import { DashboardPage } from '../features/dashboard/components/DashboardPage.tsx';
// The dashboard opens with the app; the other tabs load their code when first opened.
import { AdminScreen, NoTeamPanel, RosterPage } from './screens.ts';
import { tabHeading } from './tab-titles.ts';

interface TabContentProps {
  tab: TabId;
  user: User;
  coachLike: boolean;
  teamsLoaded: boolean;
  teams: readonly Team[];
  selectedTeam: Team | null;
  onCreateTeam: () => void;
}

/** The main area of the active tab. The screens of later features show their heading only. */
export function TabContent({
  tab,
  user,
  coachLike,
  teamsLoaded,
  teams,
  selectedTeam,
  onCreateTeam,
}: TabContentProps) {
  switch (tab) {
    case 'dashboard':
      return (
        <DashboardPage
          userName={user.name}
          coachLike={coachLike}
          teamsLoaded={teamsLoaded}
          hasTeams={teams.length > 0}
          selectedTeam={selectedTeam}
          onCreateTeam={onCreateTeam}
          noTeam={<NoTeamPanel />}
        />
      );
    case 'team':
      return <RosterPage title={tabHeading(tab, coachLike)} team={selectedTeam} loading={!teamsLoaded} />;
    case 'admin':
      return <AdminScreen coachLike={coachLike} team={selectedTeam} loading={!teamsLoaded} />;
    default:
      return <h1 className="page-title">{tabHeading(tab, coachLike)}</h1>;
  }
}
