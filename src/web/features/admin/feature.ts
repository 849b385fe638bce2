import { useCan } from '../../lib/permissions.ts';
import type { WebFeature } from '../../lib/web-feature.ts';
import { usePendingJoinRequestCount } from './api/get-join-requests.ts';

// Join requests' part of the app (registered in src/web/app/registry.ts): the Admin badge, for those
// who review the selected team's requests (its coaches and admins).
export const adminFeature: WebFeature = {
  badges: {
    admin: {
      label: 'pending join requests',
      useCount: function usePendingBadge(team) {
        return usePendingJoinRequestCount(team?.id ?? null, useCan(team, 'review_join_requests'));
      },
    },
  },
};
