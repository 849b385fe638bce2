import { lazyScreen } from '../../components/LazyScreen.tsx';
import type { WebFeature } from '../../lib/web-feature.ts';
import { pollKeys } from './api/keys.ts';

// Polls' part of the app (registered in src/web/app/registry.ts): the dashboard's Active Polls card (its
// code loads with the dashboard's cards, not with the app) and the list a live change makes stale.
export const pollsFeature: WebFeature = {
  dashboardCards: [lazyScreen(() => import('./components/DashboardPolls.tsx').then((m) => m.DashboardPolls))],
  live: { polls: (teamId) => [pollKeys.list(teamId)] },
};
