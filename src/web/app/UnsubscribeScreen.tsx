import { AuthLayout } from '../features/auth/components/AuthLayout.tsx';
import { UnsubscribeForm } from '../features/notifications/components/UnsubscribeForm.tsx';

/** /unsubscribe?token=...: an email's unsubscribe link, in the frame of the signed-out pages, no sign-in. */
export function UnsubscribeScreen() {
  return (
    <AuthLayout title="Unsubscribe">
      <UnsubscribeForm />
      <div className="auth-links">
        <a className="link" href="/">
          Open the app
        </a>
      </div>
    </AuthLayout>
  );
}
