import { JOIN_MESSAGES } from '../../../../shared/teams.ts';
import { AUTH_MESSAGES } from '../../../../shared/api/auth.ts';
import type { JoinRole } from '../../../../shared/roles.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { acceptInvite } from '../api/accept-invite.ts';
import { joinTeam } from '../api/join-team.ts';
import { login } from '../api/login.ts';
import { register } from '../api/register.ts';
import { setupPassword } from '../api/setup-password.ts';

// The multi-step sign-in flows of the sign-in screen (docs/product/accounts-and-sign-in.md). Each step's
// failure becomes a SignInError carrying the message to show: the server's detail or the catalogue's
// fallback.

export class SignInError extends Error {
  override readonly name = 'SignInError';
}

/** What a finished flow asks the screen to do. */
export type SignInOutcome =
  { kind: 'signed-in'; token: string } | { kind: 'pending-approval'; token: string };

export const PENDING_APPROVAL_MESSAGE =
  'Request submitted successfully! A coach will review your request and notify you via email when approved. Please check your email for updates.';

async function step<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SignInError) throw error;
    if (error instanceof ApiError) throw new SignInError(errorMessage(error, fallback));
    if (error instanceof Error && error.message === 'No auth token after login')
      throw new SignInError(error.message);
    console.error(error);
    throw new SignInError('An error occurred');
  }
}

export function signInWithPassword(email: string, password: string): Promise<string> {
  return step(() => login({ email, password }), 'Login failed');
}

export interface CoachSignUpInput {
  name: string;
  email: string;
  phone: string | null;
  password: string;
}

/** Creates a coach account and signs it in. */
export async function coachSignUp(input: CoachSignUpInput): Promise<string> {
  await step(() => register({ ...input, role: 'coach' }), 'Registration failed');
  return signInWithPassword(input.email, input.password);
}

export interface JoinTeamFlowInput {
  inviteCode: string;
  role: JoinRole;
  name: string;
  email: string;
  phone: string | null;
  password: string;
  /** The single-use token of an emailed invite link, if the user came from one. */
  inviteToken: string | null;
}

function isEmailTaken(error: unknown): boolean {
  return error instanceof ApiError && error.detail === AUTH_MESSAGES.emailTaken;
}

/** Registers the account, or, when the email already has one, signs in with the password given. */
async function registerThenSignIn(input: JoinTeamFlowInput): Promise<string> {
  try {
    await register({
      name: input.name,
      email: input.email,
      phone: input.phone,
      password: input.password,
      role: input.role,
      // Checked first by the server: a wrong code creates no account.
      invite_code: input.inviteCode,
    });
  } catch (error) {
    if (!isEmailTaken(error)) return step(() => Promise.reject(error), 'Registration failed');
  }
  return signInWithPassword(input.email, input.password);
}

/** With an invite token: set the password of the account the coach created; otherwise register. */
async function obtainToken(input: JoinTeamFlowInput): Promise<string> {
  if (input.inviteToken) {
    try {
      await setupPassword({ email: input.email, password: input.password, invite_token: input.inviteToken });
      return await signInWithPassword(input.email, input.password);
    } catch (error) {
      console.warn('Setting the password with the invite failed; registering instead', error);
    }
  }
  return registerThenSignIn(input);
}

/**
 * Join-team mode: get a token, accept the invite (when there is one, and done then), otherwise ask to
 * join the team. Both answers sign in: a pending request then shows where it stands inside the app.
 */
export async function joinTeamFlow(input: JoinTeamFlowInput): Promise<SignInOutcome> {
  const token = await obtainToken(input);

  if (input.inviteToken) {
    try {
      await acceptInvite({
        invite_code: input.inviteCode,
        invite_token: input.inviteToken,
        authToken: token,
      });
      // In the team now. Joining by code would add nothing, and refuses a coach's account (an invited
      // address its owner registered as a coach: docs/decisions/007).
      return { kind: 'signed-in', token };
    } catch (error) {
      console.warn('Accepting the invite failed', error);
    }
  }

  try {
    const answer = await joinTeam({ invite_code: input.inviteCode, authToken: token });
    if (answer.status === 'pending_approval') return { kind: 'pending-approval', token };
    return { kind: 'signed-in', token };
  } catch (error) {
    const message = errorMessage(error, 'Failed to join team');
    if (input.inviteToken && message === JOIN_MESSAGES.alreadyMember) return { kind: 'signed-in', token };
    throw new SignInError(message);
  }
}
