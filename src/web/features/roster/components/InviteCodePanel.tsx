import { useCopy } from '../../../lib/use-copy.ts';

interface InviteCodePanelProps {
  code: string;
}

/** The team's invite code for coaches, with Copy Code ('Copied!' for 2 seconds). */
export function InviteCodePanel({ code }: InviteCodePanelProps) {
  const [state, copy] = useCopy();
  return (
    <section className="card invite-panel" aria-labelledby="invite-code-title">
      <div className="invite-panel__text">
        <h2 id="invite-code-title" className="card__title">
          Team Invite Code
        </h2>
        <p className="invite-panel__help">
          Share this code with parents and players. They choose “Join a team with an invite code” on the
          sign-in screen, and you approve their requests in the Admin tab.
        </p>
      </div>
      <div className="invite-panel__code-row">
        <strong className="invite-code invite-panel__code" data-testid="invite-code">
          {code}
        </strong>
        <button type="button" className="button button--primary" onClick={() => void copy(code)}>
          {state === 'copied' ? 'Copied!' : 'Copy Code'}
        </button>
      </div>
      <p role="status" className={state === 'failed' ? 'field__error' : 'visually-hidden'}>
        {state === 'copied' && 'Invite code copied to the clipboard.'}
        {state === 'failed' && 'Copying is not available here. Select the code and copy it by hand.'}
      </p>
    </section>
  );
}
