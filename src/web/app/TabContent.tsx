import type { TabId } from '../../shared/tabs.ts';
import type { User } from '../../shared/api/auth.ts';
import { DashboardPage } from '../features/dashboard/components/DashboardPage.tsx';
import type { Team } from '../features/teams/types.ts';
import { tabHeading } from './tab-titles.ts';

interface TabContentProps {
  tab: TabId;
  user: User;
  coachLike: boolean;
  teamsLoaded: boolean;
  teams: readonly Team[];
  selectedTeam: Team | null;
  teamSetupRequested: boolean;
}

/** The main area of the active tab. The screens of later features show their heading only. */
export function TabContent({
  tab,
  user,
  coachLike,
  teamsLoaded,
  teams,
  selectedTeam,
  teamSetupRequested,
}: TabContentProps) {
  if (tab === 'dashboard') {
    return (
      <DashboardPage
        userName={user.name}
        coachLike={coachLike}
        teamsLoaded={teamsLoaded}
        hasTeams={teams.length > 0}
        selectedTeam={selectedTeam}
        teamSetupRequested={teamSetupRequested}
      />
    );
  }
  return <h1 className="page-title">{tabHeading(tab, coachLike)}</h1>;
}
