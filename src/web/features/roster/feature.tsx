import { accountCan } from '../../../shared/permissions.ts';
import { lazyScreen } from '../../components/LazyScreen.tsx';
import type { WebFeature } from '../../lib/web-feature.ts';

const RosterPage = lazyScreen(() => import('./components/RosterPage.tsx').then((m) => m.RosterPage));

// The roster's part of the app (registered in src/web/app/registry.ts): the Team tab.
export const rosterFeature: WebFeature = {
  tabs: {
    team: {
      icon: 'users',
      // docs/product/roster-and-parents.md: 'Team Management' for coaches and admins, whatever the team.
      title: (account) => (accountCan(account, 'coach_teams') ? 'Team Management' : 'Team Roster'),
      preload: RosterPage.preload,
      screen: (c) => <RosterPage title={c.heading} team={c.selectedTeam} loading={!c.teamsLoaded} />,
    },
  },
};
