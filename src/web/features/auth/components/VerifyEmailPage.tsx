import { useEffect, useState } from 'react';
import { AUTH_MESSAGES } from '../../../../shared/api/auth.ts';
import { Alert } from '../../../components/Alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /verify-email?token=...: the link sent at registration or on an email change. */
export function VerifyEmailPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const verify = useVerifyEmail();
  const { mutate } = verify;

  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const failed = !token || verify.isError;
  return (
    <AuthLayout title="Confirm Email Address">
      {verify.isPending && <p role="status">Confirming your email address...</p>}
      {verify.isSuccess && <Alert tone="success">{verify.data}</Alert>}
      {failed && (
        <Alert tone="error">
          {token ? errorMessage(verify.error, AUTH_MESSAGES.verifyInvalid) : AUTH_MESSAGES.verifyInvalid}
        </Alert>
      )}
      {verify.isError && (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => mutate(token)}
        >
          Try again
        </button>
      )}
      <a className="button button--primary button--block" href="/">
        Continue to the app
      </a>
    </AuthLayout>
  );
}
