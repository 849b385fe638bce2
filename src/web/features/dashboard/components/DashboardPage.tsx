import type { ReactNode } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import { useCan } from '../../../lib/permissions.ts';
import { QuickActions } from './QuickActions.tsx';
import { TeamSetupPrompt } from './TeamSetupPrompt.tsx';
import { TeamWelcome } from './TeamWelcome.tsx';

type DashboardTeam = Pick<Team, 'id' | 'is_coach' | 'name' | 'invite_code'>;

interface DashboardPageProps {
  userName: string;
  /** The account may create teams (`create_teams`): with none, the setup card. */
  canCreateTeams: boolean;
  /** The account joins teams (`request_to_join`): with none, where its requests stand. */
  canRequestToJoin: boolean;
  /** False while the team list is still loading. */
  teamsLoaded: boolean;
  hasTeams: boolean;
  selectedTeam: DashboardTeam | null;
  /** Opens the team setup wizard. */
  onCreateTeam: () => void;
  /** A parent or player without a team: where they stand and how to join (composed by the app). */
  noTeam?: ReactNode;
  /**
   * The selected team's Upcoming Events, Recent Results and cards (composed by the app), given what
   * follows them (the quick actions) to show once they have loaded, so nothing on screen moves.
   */
  events?: (tail: ReactNode) => ReactNode;
}

/** The 'Team Dashboard' tab. */
export function DashboardPage({
  userName,
  canCreateTeams,
  canRequestToJoin,
  teamsLoaded,
  hasTeams,
  selectedTeam,
  onCreateTeam,
  noTeam,
  events,
}: DashboardPageProps) {
  const showSetup = canCreateTeams && teamsLoaded && !hasTeams;
  // What the selected team shows this user: its invite code, and its coach's quick actions.
  const showInviteCode = useCan(selectedTeam, 'view_invite_code');
  const coachActions = useCan(selectedTeam, 'view_coach_dashboard');

  return (
    <>
      <h1 className="page-title">Team Dashboard</h1>
      <div className="page-body">
        {showSetup && <TeamSetupPrompt onCreateTeam={onCreateTeam} />}
        {teamsLoaded && selectedTeam && (
          <TeamWelcome userName={userName} team={selectedTeam} showInviteCode={showInviteCode} />
        )}
        {teamsLoaded &&
          selectedTeam &&
          (events ? (
            events(<QuickActions coachActions={coachActions} />)
          ) : (
            <QuickActions coachActions={coachActions} />
          ))}
        {teamsLoaded && canRequestToJoin && !selectedTeam && noTeam}
      </div>
    </>
  );
}
