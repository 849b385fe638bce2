import { SignInScreen } from '../features/auth/components/SignInScreen.tsx';
import { useAuthToken } from '../lib/auth-token.ts';
// Only the sign-in screen is in the first file; the other pages load when opened.
import {
  ForgotPasswordPage,
  ResetPasswordPage,
  SignedInApp,
  UserGuidePage,
  VerifyEmailPage,
} from './screens.ts';
import { TitledPage } from './TitledPage.tsx';
import { usePathname } from './usePathname.ts';

/** Routes by path: the guide and the password pages stand alone; everything else is the app. */
export function App() {
  const path = usePathname();
  switch (path) {
    case '/user-guide':
      return (
        <TitledPage title="User Guide">
          <UserGuidePage />
        </TitledPage>
      );
    case '/forgot-password':
      return (
        <TitledPage title="Forgot Password">
          <ForgotPasswordPage />
        </TitledPage>
      );
    case '/reset-password':
      return (
        <TitledPage title="Reset Password">
          <ResetPasswordPage />
        </TitledPage>
      );
    case '/verify-email':
      return (
        <TitledPage title="Confirm Email Address">
          <VerifyEmailPage />
        </TitledPage>
      );
    default:
      return <MainApp />;
  }
}

/** Signed out: the sign-in screen. Signed in: the shell. */
function MainApp() {
  const token = useAuthToken();
  if (!token) {
    return (
      <TitledPage title="Login">
        <SignInScreen />
      </TitledPage>
    );
  }
  return <SignedInApp />;
}
