import type { ReactNode } from 'react';
import { QuickActions } from './QuickActions.tsx';
import { TeamSetupPrompt } from './TeamSetupPrompt.tsx';
import { TeamWelcome } from './TeamWelcome.tsx';

interface DashboardTeam {
  name: string;
  invite_code: string | null;
}

interface DashboardPageProps {
  userName: string;
  coachLike: boolean;
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
  coachLike,
  teamsLoaded,
  hasTeams,
  selectedTeam,
  onCreateTeam,
  noTeam,
  events,
}: DashboardPageProps) {
  const showSetup = coachLike && teamsLoaded && !hasTeams;

  return (
    <>
      <h1 className="page-title">Team Dashboard</h1>
      <div className="page-body">
        {showSetup && <TeamSetupPrompt onCreateTeam={onCreateTeam} />}
        {teamsLoaded && selectedTeam && (
          <TeamWelcome userName={userName} team={selectedTeam} showInviteCode={coachLike} />
        )}
        {teamsLoaded &&
          selectedTeam &&
          (events ? events(<QuickActions coachLike={coachLike} />) : <QuickActions coachLike={coachLike} />)}
        {teamsLoaded && !coachLike && !selectedTeam && noTeam}
      </div>
    </>
  );
}
