import { useEffect, useRef, useState } from 'react';
import { AUTH_MESSAGES } from '../../../../shared/api/auth.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { clearToken, setToken, useAuthToken } from '../../../lib/auth-token.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';

const VERIFY_SIGN_IN_PROMPT =
  'Sign in to confirm your email address: the link confirms it only for the account it was sent for.';
const VERIFY_NOT_YOURS =
  "If you did not create an account with this address, you need do nothing: nothing happens until the account's owner signs in here.";

/**
 * /verify-email?token=...: the link sent at registration or on an email change. It confirms the address
 * only for the account it was made for, signed in (docs/decisions/007): signed out, or signed in to
 * another account, the page asks to sign in to that account first, then follows the link.
 */
export function VerifyEmailPage() {
  const [linkToken] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const session = useAuthToken();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const followedWith = useRef<string | null>(null);

  // Followed once per session: at once when signed in, and again after signing in to another account.
  useEffect(() => {
    if (!linkToken || !session || followedWith.current === session) return;
    followedWith.current = session;
    mutate(linkToken);
  }, [linkToken, session, mutate]);

  const status = verify.error instanceof ApiError ? verify.error.status : undefined;
  // A session the server no longer takes (expired, ended by a password change) is dropped: sign in again.
  useEffect(() => {
    if (status === 401) clearToken();
  }, [status]);

  const needsSignIn =
    linkToken !== '' &&
    !verify.isPending &&
    !verify.isSuccess &&
    (!session || status === 401 || status === 403);
  const otherFailure = verify.isError && !needsSignIn;

  return (
    <AuthLayout title="Confirm Email Address">
      {!linkToken && <Alert tone="error">{AUTH_MESSAGES.verifyInvalid}</Alert>}
      {verify.isPending && <p role="status">Confirming your email address...</p>}
      {verify.isSuccess && <Alert tone="success">{verify.data}</Alert>}
      {needsSignIn && (
        <>
          {status === 403 ? (
            <Alert tone="error">{errorMessage(verify.error, AUTH_MESSAGES.verifyOtherAccount)}</Alert>
          ) : (
            <p className="auth-card__intro">{VERIFY_SIGN_IN_PROMPT}</p>
          )}
          <LoginForm initialEmail="" onSignedIn={setToken} />
          <div className="auth-links">
            <p className="auth-links__row">{VERIFY_NOT_YOURS}</p>
            <a className="link" href="/forgot-password">
              Forgot password?
            </a>
          </div>
        </>
      )}
      {otherFailure && (
        <>
          <Alert tone="error">{errorMessage(verify.error, AUTH_MESSAGES.verifyInvalid)}</Alert>
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => mutate(linkToken)}
          >
            Try again
          </button>
        </>
      )}
      {!needsSignIn && (
        <a className="button button--primary button--block" href="/">
          Continue to the app
        </a>
      )}
    </AuthLayout>
  );
}
