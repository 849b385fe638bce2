import { useState } from 'react';
import type { User } from '../../../../shared/api/auth.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import './account.css';

/** Where a put-away notice is remembered: this browser tab's session only, per account. */
const DISMISS_KEY = 'verify-notice-dismissed';

function dismissedFor(userId: number): boolean {
  try {
    return sessionStorage.getItem(DISMISS_KEY) === String(userId);
  } catch {
    // Storage refused (a private window's quota, a policy): the notice simply stays.
    return false;
  }
}

/**
 * Shown in the shell until the account's email is confirmed (docs/product/accounts-and-sign-in.md): the
 * coach can link a parent to their child by email only then. One line on a phone (the address is cut
 * with an ellipsis, read whole by screen readers); 'Dismiss' puts it away until the next visit (the
 * browser session: sessionStorage).
 */
export function EmailVerificationNotice({ user }: { user: User }) {
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(() => dismissedFor(user.id));
  if (user.email_verified || dismissed) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISS_KEY, String(user.id));
    } catch {
      // Put away for this page only.
    }
    setDismissed(true);
  };
  return (
    <div className="verify-notice" role="region" aria-label="Confirm your email address">
      <p className="verify-notice__text">
        Confirm your email: we sent a link to <strong>{user.email}</strong>.
      </p>
      {resend.isSuccess ? (
        <p className="verify-notice__result" role="status">
          Link sent
        </p>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small verify-notice__resend"
          disabled={resend.isPending}
          onClick={() => resend.mutate(undefined)}
        >
          {resend.isPending ? 'Sending...' : 'Resend link'}
        </button>
      )}
      <button
        type="button"
        className="verify-notice__close"
        aria-label="Dismiss until your next visit"
        title="Dismiss until your next visit"
        onClick={dismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
      {resend.isError && (
        <p className="verify-notice__result verify-notice__result--error" role="alert">
          {errorMessage(resend.error, 'Could not send the link')}
        </p>
      )}
    </div>
  );
}
