import { lazyScreen } from '../components/LazyScreen.tsx';

// The screens and dialogs that load their code when first opened, so the sign-in page and the
// dashboard download only what they show. Each import() becomes a file of its own in the build.

export const SignedInApp = lazyScreen(() => import('./SignedInApp.tsx').then((m) => m.SignedInApp));

export const UserGuidePage = lazyScreen(() =>
  import('../features/guide/components/UserGuidePage.tsx').then((m) => m.UserGuidePage),
);
export const ForgotPasswordPage = lazyScreen(() =>
  import('../features/auth/components/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
);
export const ResetPasswordPage = lazyScreen(() =>
  import('../features/auth/components/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
);

export const VerifyEmailPage = lazyScreen(() =>
  import('../features/auth/components/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage),
);

export const RosterPage = lazyScreen(() =>
  import('../features/roster/components/RosterPage.tsx').then((m) => m.RosterPage),
);
// Team Events ('Games & Schedule') and the dashboard's schedule cards: the events code, its schemas and
// luxon (today in the team's time zone) load with them, not with the dashboard's own file.
export const EventsPage = lazyScreen(() =>
  import('../features/events/components/EventsPage.tsx').then((m) => m.EventsPage),
);
export const DashboardEvents = lazyScreen(() =>
  import('../features/events/components/DashboardEvents.tsx').then((m) => m.DashboardEvents),
);
// The Team Calendar: the month grid, RSVPs, Print Schedule and the subscription dialog (luxon for today).
export const CalendarPage = lazyScreen(() =>
  import('../features/calendar/components/CalendarPage.tsx').then((m) => m.CalendarPage),
);
// Communication: announcements and polls (issue 10).
export const MessagesScreen = lazyScreen(() => import('./MessagesScreen.tsx').then((m) => m.MessagesScreen));
// The dashboard's Active Polls card (2 at most) and Announcements card (newest 3, 120-character previews).
export const DashboardPolls = lazyScreen(() =>
  import('../features/polls/components/DashboardPolls.tsx').then((m) => m.DashboardPolls),
);
export const DashboardAnnouncements = lazyScreen(() =>
  import('../features/announcements/components/DashboardAnnouncements.tsx').then(
    (m) => m.DashboardAnnouncements,
  ),
);
// Team Documents (issue 11): the list, upload with progress, edit and delete.
export const DocumentsPage = lazyScreen(() =>
  import('../features/documents/components/DocumentsPage.tsx').then((m) => m.DocumentsPage),
);
// A tournament's documents inside the events screen's detail view (composed here: features stay apart).
export const TournamentDocuments = lazyScreen(() =>
  import('../features/documents/components/TournamentDocuments.tsx').then((m) => m.TournamentDocuments),
);
export const AdminScreen = lazyScreen(() => import('./AdminScreen.tsx').then((m) => m.AdminScreen));

export const AccountSettingsModal = lazyScreen(
  () => import('../features/account/components/AccountSettingsModal.tsx').then((m) => m.AccountSettingsModal),
  'overlay',
);
export const TeamSetupWizard = lazyScreen(
  () => import('../features/teams/components/TeamSetupWizard.tsx').then((m) => m.TeamSetupWizard),
  'overlay',
);

// A parent or player without a team: where their request stands and how to join (dates need luxon).
export const NoTeamPanel = lazyScreen(() =>
  import('../features/joining/components/NoTeamPanel.tsx').then((m) => m.NoTeamPanel),
);
