import { lazyScreen } from '../../components/LazyScreen.tsx';
import type { WebFeature } from '../../lib/web-feature.ts';
import { announcementKeys } from './api/keys.ts';

// Announcements' part of the app (registered in src/web/app/registry.ts): the dashboard's card (newest 3,
// 120-character previews) and the list a live change makes stale.
export const announcementsFeature: WebFeature = {
  dashboardCards: [
    lazyScreen(() => import('./components/DashboardAnnouncements.tsx').then((m) => m.DashboardAnnouncements)),
  ],
  live: { announcements: (teamId) => [announcementKeys.list(teamId)] },
};
