import type { User } from '../../../../shared/api/auth.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import './account.css';

/**
 * Shown in the shell until the account's email is confirmed (docs/product/accounts-and-sign-in.md): the
 * coach can link a parent to their child by email only then.
 */
export function EmailVerificationNotice({ user }: { user: User }) {
  const resend = useResendVerification();
  if (user.email_verified) return null;
  return (
    <div className="verify-notice" role="region" aria-label="Confirm your email address">
      <p className="verify-notice__text">
        Please confirm your email address. We sent a link to <strong>{user.email}</strong>.
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={resend.isPending}
        onClick={() => resend.mutate(undefined)}
      >
        {resend.isPending ? 'Sending...' : 'Resend link'}
      </button>
      {resend.isSuccess && (
        <p className="verify-notice__result" role="status">
          Link sent
        </p>
      )}
      {resend.isError && (
        <p className="verify-notice__result verify-notice__result--error" role="alert">
          {errorMessage(resend.error, 'Could not send the link')}
        </p>
      )}
    </div>
  );
}
