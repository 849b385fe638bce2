import type { WebFeature } from '../../lib/web-feature.ts';
import { pollKeys } from './api/keys.ts';
import { DashboardPolls } from './components/DashboardPolls.tsx';

// Polls' part of the app (registered in src/web/app/registry.ts): the dashboard's Active Polls card (in
// the signed-in app's file, so the dashboard's first screen is one file: docs/decisions/040) and the list
// a live change makes stale.
export const pollsFeature: WebFeature = {
  dashboardCards: [DashboardPolls],
  live: { polls: (teamId) => [pollKeys.list(teamId)] },
};
