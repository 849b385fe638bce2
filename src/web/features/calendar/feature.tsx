import { lazyScreen } from '../../components/LazyScreen.tsx';
import type { WebFeature } from '../../lib/web-feature.ts';

// The Team Calendar: the month grid, RSVPs, Print Schedule and the subscription dialog (luxon for today).
const CalendarPage = lazyScreen(() => import('./components/CalendarPage.tsx').then((m) => m.CalendarPage));

// The calendar's part of the app (registered in src/web/app/registry.ts): the Calendar tab.
export const calendarFeature: WebFeature = {
  tabs: {
    calendar: {
      icon: 'calendar',
      heading: () => 'Team Calendar',
      preload: CalendarPage.preload,
      screen: (c) => (
        <CalendarPage
          title={c.heading}
          team={c.selectedTeam}
          loading={!c.teamsLoaded}
          user={c.user}
          coachLike={c.coachLike}
        />
      ),
    },
  },
};
