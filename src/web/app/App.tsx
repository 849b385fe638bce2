import { lazyScreen } from '../components/LazyScreen.tsx';
import { accountCan } from '../../shared/permissions.ts';
import { meQuery, useMe } from '../features/auth/api/get-me.ts';
import { SignInScreen } from '../features/auth/components/SignInScreen.tsx';
import { myTeamQuery } from '../features/teams/api/get-my-team.ts';
import { getToken, useAuthToken } from '../lib/auth-token.ts';
import { coachedTeamsQuery } from '../lib/coached-teams.ts';
import { usePublicConfig } from '../lib/public-config.ts';
import { queryClient } from '../lib/query-client.ts';
import { TitledPage } from './TitledPage.tsx';
import { usePathname } from './usePathname.ts';

// Only the sign-in screen is in the first file; the other pages load their code when first opened (each
// import() becomes a file of its own in the build). Each lazy screen is declared where it is used: a list
// of them in one module made an import circle (docs/decisions/038).
const SignedInApp = lazyScreen(() => import('./SignedInApp.tsx').then((m) => m.SignedInApp));
const UserGuidePage = lazyScreen(() =>
  import('../features/guide/components/UserGuidePage.tsx').then((m) => m.UserGuidePage),
);
const ForgotPasswordPage = lazyScreen(() =>
  import('../features/auth/components/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import('../features/auth/components/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
);
const UnsubscribeScreen = lazyScreen(() =>
  import('./UnsubscribeScreen.tsx').then((m) => m.UnsubscribeScreen),
);
const VerifyEmailPage = lazyScreen(() =>
  import('../features/auth/components/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage),
);
const RsvpAnswerPage = lazyScreen(() =>
  import('../features/rsvp/components/RsvpAnswerPage.tsx').then((m) => m.RsvpAnswerPage),
);

/** Routes by path: the guide, the password pages, unsubscribe and an email's answer link stand alone; everything else is the app. */
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
    case '/unsubscribe':
      return (
        <TitledPage title="Unsubscribe">
          <UnsubscribeScreen />
        </TitledPage>
      );
    // An email's RSVP answer link (RSVP_ANSWER_PATH): answered without signing in.
    case '/rsvp-answer':
      return (
        <TitledPage title="Answer RSVP">
          <RsvpAnswerPage />
        </TitledPage>
      );
    default:
      return <MainApp />;
  }
}

/**
 * With a stored token, the user and then the user's teams are asked for as the app's first file runs,
 * while the signed-in app's files download: the first screen needs both, and asking from the screens
 * (once those files had arrived and rendered) put two round trips after the download instead of beside
 * it (docs/decisions/040). The screens read them under the same keys, so nothing is asked twice.
 */
export function startSignedInReads(): void {
  if (!getToken()) return;
  queryClient
    .fetchQuery(meQuery)
    .then((user) =>
      accountCan(user, 'coach_teams')
        ? queryClient.prefetchQuery(coachedTeamsQuery)
        : queryClient.prefetchQuery(myTeamQuery),
    )
    // A refused token is handled by getMe; any other failure shows where the screens read them.
    .catch(() => undefined);
}

/** Signed out: the sign-in screen. Signed in: the shell. */
function MainApp() {
  const token = useAuthToken();
  // Asked for while the signed-in app's file downloads, not once it has run: on a phone that is one round
  // trip fewer before the first screen (docs/decisions/040). The shell reads both under the same keys.
  useMe(token !== null);
  usePublicConfig();
  if (!token) {
    return (
      <TitledPage title="Login">
        <SignInScreen />
      </TitledPage>
    );
  }
  return <SignedInApp />;
}
