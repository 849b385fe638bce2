import { useState } from 'react';
import { clearInviteParams, readInviteParams } from '../lib/invite-params.ts';
import { setFlash } from '../../../lib/flash.ts';
import { useInvitedTeamName } from '../api/preview-invite.ts';
import { PENDING_APPROVAL_MESSAGE, type SignInOutcome } from '../lib/sign-in-flows.ts';
import { useSignIn } from '../lib/use-sign-in.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { CoachSignUpForm } from './CoachSignUpForm.tsx';
import { JoinTeamForm } from './JoinTeamForm.tsx';
import { LoginForm } from './LoginForm.tsx';

export type SignInMode = 'login' | 'coach-signup' | 'join-team';

const TITLES: Record<SignInMode, string> = {
  login: 'Login',
  'coach-signup': 'Coach Sign Up',
  'join-team': 'Join a Team',
};

const INTROS: Record<SignInMode, string> = {
  login: 'Sign in to see your team’s schedule, roster and messages.',
  'coach-signup': 'Create a coach account, then set up your team and invite parents and players.',
  'join-team': 'Parents and players join with the invite code their coach shared.',
};

/** Login, coach sign-up and join-team, with links between them (docs/product/accounts-and-sign-in.md). */
export function SignInScreen() {
  // Invite links (?team=&email=&name=&phone=&token=) open join-team mode prefilled.
  const [invite] = useState(() => readInviteParams());
  const [mode, setMode] = useState<SignInMode>(invite ? 'join-team' : 'login');
  const loginEmail = invite?.email ?? '';
  // An emailed invite names the team that invites them.
  const invitedTeam = useInvitedTeamName(invite);
  const signIn = useSignIn();

  const onSignedIn = (token: string) => {
    // Signed in: the invite in the URL is used up and must not prompt the invitation dialog.
    clearInviteParams();
    signIn(token);
  };

  const onJoinOutcome = (outcome: SignInOutcome) => {
    // Pending: the user stays signed in and the app shows the request; the spec's message comes once.
    if (outcome.kind === 'pending-approval') setFlash(PENDING_APPROVAL_MESSAGE);
    onSignedIn(outcome.token);
  };

  const switchTo = (next: SignInMode) => {
    setMode(next);
  };

  return (
    <AuthLayout
      title={mode === 'join-team' && invitedTeam ? `Join ${invitedTeam}` : TITLES[mode]}
      intro={
        mode === 'join-team' && invitedTeam
          ? `Your coach invited you to ${invitedTeam}. Choose a password to join.`
          : INTROS[mode]
      }
    >
      {mode === 'login' && <LoginForm initialEmail={loginEmail} onSignedIn={onSignedIn} />}
      {mode === 'coach-signup' && <CoachSignUpForm onSignedIn={onSignedIn} />}
      {mode === 'join-team' && <JoinTeamForm invite={invite} onOutcome={onJoinOutcome} />}

      <div className="auth-links">
        {mode === 'login' && (
          <a className="link" href="/forgot-password">
            Forgot password?
          </a>
        )}
        {mode !== 'login' && (
          <button type="button" className="link-button" onClick={() => switchTo('login')}>
            Back to sign in
          </button>
        )}
        {mode !== 'coach-signup' && (
          <p className="auth-links__row">
            <span>Coaching a team? </span>
            <button type="button" className="link-button" onClick={() => switchTo('coach-signup')}>
              Sign up as a coach
            </button>
          </p>
        )}
        {mode !== 'join-team' && (
          <p className="auth-links__row">
            <span>Parent or player? </span>
            <button type="button" className="link-button" onClick={() => switchTo('join-team')}>
              Join a team with an invite code
            </button>
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
