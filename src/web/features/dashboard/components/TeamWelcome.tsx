interface TeamWelcomeProps {
  userName: string;
  team: { name: string; invite_code: string | null };
  showInviteCode: boolean;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Greets the user and names the active team; coaches also see the code that lets families join. */
export function TeamWelcome({ userName, team, showInviteCode }: TeamWelcomeProps) {
  return (
    <section className="card" aria-labelledby="team-welcome-title">
      <h2 id="team-welcome-title" className="card__title">
        Welcome, {firstName(userName)}
      </h2>
      <p>
        Active team: <strong>{team.name}</strong>
      </p>
      {showInviteCode && team.invite_code && (
        <p>
          Invite code for parents and players: <strong className="invite-code">{team.invite_code}</strong>
        </p>
      )}
    </section>
  );
}
