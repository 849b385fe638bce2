import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage.tsx';
import { SignInScreen } from '../features/auth/components/SignInScreen.tsx';
import { UserGuidePage } from '../features/guide/components/UserGuidePage.tsx';
import { useAuthToken } from '../lib/auth-token.ts';
import { SignedInApp } from './SignedInApp.tsx';
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
