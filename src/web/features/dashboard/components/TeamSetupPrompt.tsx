import type { Ref } from 'react';

interface TeamSetupPromptProps {
  ref?: Ref<HTMLElement>;
  /** The coach has no team yet. */
  firstTeam: boolean;
}

/** Tells a coach how team setup works. The team-creation wizard comes with the teams feature. */
export function TeamSetupPrompt({ ref, firstTeam }: TeamSetupPromptProps) {
  return (
    <section ref={ref} className="card card--highlight" aria-labelledby="team-setup-title" tabIndex={-1}>
      <h2 id="team-setup-title" className="card__title">
        {firstTeam ? 'Set up your first team' : 'Add another team'}
      </h2>
      <p>
        A team holds your schedule, roster, documents and messages. When you create one, it receives an
        8-character invite code: share it with parents and players so they can join from the sign-in screen,
        and approve their requests from the Admin tab.
      </p>
    </section>
  );
}
