import type { WebFeature } from '../../lib/web-feature.ts';
import { usePendingJoinRequestCount } from './api/get-join-requests.ts';

// Join requests' part of the app (registered in src/web/app/registry.ts): the Admin badge, for coaches.
export const adminFeature: WebFeature = {
  badges: {
    admin: {
      label: 'pending join requests',
      useCount: (team, coachLike) => usePendingJoinRequestCount(team?.id ?? null, coachLike),
    },
  },
};
