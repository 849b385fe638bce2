import { useEffect, useRef } from 'react';
import { TeamSetupPrompt } from './TeamSetupPrompt.tsx';
import { TeamWelcome } from './TeamWelcome.tsx';

interface DashboardTeam {
  name: string;
  invite_code: string;
}

interface DashboardPageProps {
  userName: string;
  coachLike: boolean;
  /** False while the team list is still loading. */
  teamsLoaded: boolean;
  hasTeams: boolean;
  selectedTeam: DashboardTeam | null;
  /** The user asked to create a team from the team picker. */
  teamSetupRequested: boolean;
}

/** The 'Team Dashboard' tab. */
export function DashboardPage({
  userName,
  coachLike,
  teamsLoaded,
  hasTeams,
  selectedTeam,
  teamSetupRequested,
}: DashboardPageProps) {
  const promptRef = useRef<HTMLElement>(null);
  const showSetup = coachLike && teamsLoaded && (!hasTeams || teamSetupRequested);

  useEffect(() => {
    if (teamSetupRequested) promptRef.current?.focus();
  }, [teamSetupRequested]);

  return (
    <>
      <h1 className="page-title">Team Dashboard</h1>
      <div className="page-body">
        {showSetup && <TeamSetupPrompt ref={promptRef} firstTeam={!hasTeams} />}
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
