import { useState } from 'react';
import { UNSUBSCRIBE_MESSAGES } from '../../../../shared/notification-preferences.ts';
import { unsubscribeLabel } from '../../../../shared/notifications.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';
import { kindInUnsubscribeToken } from '../lib/unsubscribe-link.ts';

// /unsubscribe?token=... (docs/product/notifications.md 'Unsubscribe'): the visible link of an email.
// Opening it changes nothing (mail scanners follow links); the one button does, without signing in.

const NETWORK_MESSAGE = 'You could not be unsubscribed: check your connection and try again.';

/** The question, its one button, then what happened. The page's frame is the app's (app/UnsubscribeScreen). */
export function UnsubscribeForm() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [kind] = useState(() => kindInUnsubscribeToken(token));
  const mutation = useUnsubscribe();

  if (!token) return <Alert tone="error">{UNSUBSCRIBE_MESSAGES.invalid}</Alert>;
  if (mutation.isSuccess) {
    return <Alert tone="success">{UNSUBSCRIBE_MESSAGES.done(mutation.data.label)}</Alert>;
  }
  const failure =
    mutation.error instanceof ApiError && mutation.error.isNetworkError
      ? NETWORK_MESSAGE
      : errorMessage(mutation.error, UNSUBSCRIBE_MESSAGES.invalid);
  // A link the server refused (400) will not work on a second press; a dropped connection may.
  const refused = mutation.error instanceof ApiError && mutation.error.status === 400;
  return (
    <div className="form">
      <p className="auth-card__intro">
        {kind ? UNSUBSCRIBE_MESSAGES.question(unsubscribeLabel(kind)) : UNSUBSCRIBE_MESSAGES.questionUnknown}
      </p>
      {mutation.isError && <Alert tone="error">{failure}</Alert>}
      {!refused && (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(token)}
        >
          {mutation.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </button>
      )}
    </div>
  );
}
