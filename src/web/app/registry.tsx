import type { ComponentType } from 'react';
import type { User } from '../../shared/api/auth.ts';
import type { Team } from '../../shared/api/teams.ts';
import { accountCan } from '../../shared/permissions.ts';
import { LIVE_TOPICS, type LiveTopic } from '../../shared/conversations.ts';
import { TAB_IDS, tabInfo, type TabId } from '../../shared/tabs.ts';
import { lazyScreen } from '../components/LazyScreen.tsx';
import { adminFeature } from '../features/admin/feature.ts';
import { announcementsFeature } from '../features/announcements/feature.ts';
import { notificationsFeature } from '../features/notifications/feature.ts';
import { conversationsFeature } from '../features/conversations/feature.ts';
import { DashboardPage } from '../features/dashboard/components/DashboardPage.tsx';
import { documentsFeature } from '../features/documents/feature.tsx';
import { pollsFeature } from '../features/polls/feature.ts';
import { rosterFeature } from '../features/roster/feature.tsx';
import type { LiveQueryKeys } from '../lib/live-stream.ts';
import type { BadgeContribution, TabContribution, WebFeature } from '../lib/web-feature.ts';
// The dashboard opens with the app; the other tabs load their code when first opened.
import { DashboardSchedule } from './DashboardSchedule.tsx';

// The app's registry (docs/decisions/038): every web feature that adds to the shell registers here, once,
// with what it contributes (lib/web-feature.ts): tabs, side-bar badges, dashboard cards, and the query
// keys a live change makes stale. The tabs that show several features at once are the app's own
// compositions (features never import each other) and register below as `composedTabs`.

// Team Events ('Games & Schedule'), with a tournament's documents in its detail view.
const EventsPage = lazyScreen(() =>
  import('../features/events/components/EventsPage.tsx').then((m) => m.EventsPage),
);
const TournamentDocuments = lazyScreen(() =>
  import('../features/documents/components/TournamentDocuments.tsx').then((m) => m.TournamentDocuments),
);
// Team Calendar: the month, with the RSVPs given on it (luxon for today).
const CalendarScreen = lazyScreen(() => import('./CalendarScreen.tsx').then((m) => m.CalendarScreen));
// Communication: announcements, conversations and polls (issue 10).
const MessagesScreen = lazyScreen(() => import('./MessagesScreen.tsx').then((m) => m.MessagesScreen));
const AdminScreen = lazyScreen(() => import('./AdminScreen.tsx').then((m) => m.AdminScreen));
// A parent or player without a team: where their request stands and how to join (dates need luxon).
const NoTeamPanel = lazyScreen(() =>
  import('../features/joining/components/NoTeamPanel.tsx').then((m) => m.NoTeamPanel),
);

const composedTabs: WebFeature = {
  tabs: {
    dashboard: {
      icon: 'home',
      heading: () => 'Team Dashboard',
      screen: (c) => (
        <DashboardPage
          userName={c.user.name}
          canCreateTeams={accountCan(c.user, 'create_teams')}
          canRequestToJoin={accountCan(c.user, 'request_to_join')}
          teamsLoaded={c.teamsLoaded}
          hasTeams={c.teams.length > 0}
          selectedTeam={c.selectedTeam}
          onCreateTeam={c.onCreateTeam}
          noTeam={<NoTeamPanel />}
          events={(tail) =>
            c.selectedTeam && (
              <DashboardSchedule
                key={c.selectedTeam.id}
                team={c.selectedTeam}
                cards={DASHBOARD_CARDS}
                tail={tail}
              />
            )
          }
        />
      ),
    },
    tournaments: {
      icon: 'trophy',
      preload: EventsPage.preload,
      screen: (c) => (
        <EventsPage
          title={c.heading}
          team={c.selectedTeam}
          loading={!c.teamsLoaded}
          tournamentDocuments={(props) => <TournamentDocuments {...props} />}
        />
      ),
    },
    calendar: {
      icon: 'calendar',
      heading: () => 'Team Calendar',
      preload: CalendarScreen.preload,
      screen: (c) => (
        <CalendarScreen title={c.heading} team={c.selectedTeam} loading={!c.teamsLoaded} user={c.user} />
      ),
    },
    messages: {
      icon: 'chat',
      preload: MessagesScreen.preload,
      screen: (c) => (
        <MessagesScreen title={c.heading} team={c.selectedTeam} loading={!c.teamsLoaded} userId={c.user.id} />
      ),
    },
    training: { icon: 'whistle' },
    admin: {
      icon: 'shield',
      preload: AdminScreen.preload,
      screen: (c) => <AdminScreen user={c.user} team={c.selectedTeam} loading={!c.teamsLoaded} />,
    },
  },
};

/** Every registration, in the order their dashboard cards show. */
export const WEB_FEATURES: readonly WebFeature[] = [
  composedTabs,
  rosterFeature,
  documentsFeature,
  conversationsFeature,
  adminFeature,
  pollsFeature,
  announcementsFeature,
  notificationsFeature,
];

/** One contribution per key across the registrations: two features claiming one tab is a mistake. */
function collect<T>(pick: (feature: WebFeature) => Partial<Record<TabId, T>> | undefined): Map<TabId, T> {
  const found = new Map<TabId, T>();
  for (const feature of WEB_FEATURES) {
    for (const [tab, value] of Object.entries(pick(feature) ?? {}) as [TabId, T][]) {
      if (found.has(tab)) throw new Error(`Two web features register the '${tab}' tab`);
      found.set(tab, value);
    }
  }
  return found;
}

const tabs = collect((feature) => feature.tabs);
const missing = TAB_IDS.filter((tab) => !tabs.has(tab));
if (missing.length > 0) throw new Error(`No web feature registers the tab(s) ${missing.join(', ')}`);

/** Every tab of the app: its icon, titles and screen (ids, labels and shared titles: src/shared/tabs.ts). */
export const TABS = Object.fromEntries(tabs) as Record<TabId, TabContribution>;

/** The side bar's badges, by tab. */
export const BADGES: ReadonlyMap<TabId, BadgeContribution> = collect((feature) => feature.badges);

/** The counts the side bar shows beside the tabs (0 where none). */
export type TabCounts = Partial<Record<TabId, number>>;

/** Every badge's count for the selected team. */
export function useTabCounts(team: Team | null): TabCounts {
  const counts: TabCounts = {};
  // BADGES is fixed when the module loads, so the same hooks run in the same order at every render.
  for (const [tab, badge] of BADGES) counts[tab] = badge.useCount(team);
  return counts;
}

/** The dashboard's cards below its schedule, in registration order. */
export const DASHBOARD_CARDS: readonly ComponentType<{ team: Team }>[] = WEB_FEATURES.flatMap(
  (feature) => feature.dashboardCards ?? [],
);

/** What a live change makes stale: the union of the registrations' keys for its topic. */
export const liveQueryKeys: LiveQueryKeys = (teamId: number, topic: LiveTopic, conversationId?: number) =>
  WEB_FEATURES.flatMap((feature) => feature.live?.[topic]?.(teamId, conversationId) ?? []);

/** Topics no registration reloads anything for (a test keeps this empty). */
export const unhandledLiveTopics = (): LiveTopic[] =>
  LIVE_TOPICS.filter((topic) => !WEB_FEATURES.some((feature) => feature.live?.[topic]));

/** The document title of a tab, before the club name. */
export function tabTitle(tab: TabId, account: Pick<User, 'role'>): string {
  return TABS[tab].title?.(account) ?? tabInfo(tab).title;
}

/** The heading of a tab's page. */
export function tabHeading(tab: TabId, account: Pick<User, 'role'>): string {
  return TABS[tab].heading?.(account) ?? tabTitle(tab, account);
}
