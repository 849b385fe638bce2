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
}

/** The 'Team Dashboard' tab. */
export function DashboardPage({
  userName,
  coachLike,
  teamsLoaded,
  hasTeams,
  selectedTeam,
  onCreateTeam,
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
        {teamsLoaded && !coachLike && !selectedTeam && (
          <section className="card" aria-labelledby="no-team-title">
            <h2 id="no-team-title" className="card__title">
              You are not on a team yet
            </h2>
            <p>
              Ask your coach for the team’s 8-character invite code. Then log out, choose “Join a team with an
              invite code” on the sign-in screen and sign in with your email and password; a coach confirms
              the request.
            </p>
          </section>
        )}
      </div>
    </>
  );
}
