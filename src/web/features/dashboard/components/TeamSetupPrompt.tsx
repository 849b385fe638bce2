interface TeamSetupPromptProps {
  onCreateTeam: () => void;
}

/** A coach without a team: what a team is, and the way into the 'Create Your Team' wizard. */
export function TeamSetupPrompt({ onCreateTeam }: TeamSetupPromptProps) {
  return (
    <section className="card card--highlight" aria-labelledby="team-setup-title">
      <h2 id="team-setup-title" className="card__title">
        Set up your first team
      </h2>
      <p>
        A team holds your schedule, roster, documents and messages. When you create one, it receives an
        8-character invite code: share it with parents and players so they can join from the sign-in screen,
        and approve their requests from the Admin tab.
      </p>
      <button type="button" className="button button--primary" onClick={onCreateTeam}>
        Set Up a Team
      </button>
    </section>
  );
}
