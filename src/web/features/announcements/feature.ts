import type { WebFeature } from '../../lib/web-feature.ts';
import { announcementKeys } from './api/keys.ts';
import { DashboardAnnouncements } from './components/DashboardAnnouncements.tsx';

// Announcements' part of the app (registered in src/web/app/registry.ts): the dashboard's card (newest 3,
// 120-character previews; in the signed-in app's file: docs/decisions/040) and the list a live change
// makes stale.
export const announcementsFeature: WebFeature = {
  dashboardCards: [DashboardAnnouncements],
  live: { announcements: (teamId) => [announcementKeys.list(teamId)] },
};
