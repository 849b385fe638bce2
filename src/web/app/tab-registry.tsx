import type { ReactNode } from 'react';
import type { User } from '../../shared/api/auth.ts';
import type { Team } from '../../shared/api/teams.ts';
import { tabInfo, type TabId } from '../../shared/tabs.ts';
import type { IconName } from '../components/Icon.tsx';
import { DashboardPage } from '../features/dashboard/components/DashboardPage.tsx';
// The dashboard opens with the app; the other tabs load their code when first opened.
import { DashboardSchedule } from './DashboardSchedule.tsx';
import {
  AdminScreen,
  CalendarPage,
  DocumentsPage,
  EventsPage,
  MessagesScreen,
  NoTeamPanel,
  RosterPage,
  TournamentDocuments,
} from './screens.ts';

// Every tab of the app in one place: its icon, titles, badge and screen (ids, labels and the shared
// titles live in src/shared/tabs.ts, which the hash rules use too). A Record over TabId: the compiler
// refuses a tab that is missing here.

/** What a tab's screen may use of the shell. */
export interface TabScreenContext {
  user: User;
  coachLike: boolean;
  teamsLoaded: boolean;
  teams: readonly Team[];
  selectedTeam: Team | null;
  onCreateTeam: () => void;
  /** The page heading of the tab. */
  heading: string;
}

/** The counts the side bar shows beside a tab. */
export interface TabCounts {
  unread: number;
  pendingJoinRequests: number;
}

interface TabDefinition {
  icon: IconName;
  /** The document title before the club name; the shared title by default. */
  title?: (coachLike: boolean) => string;
  /** The page heading; the document title by default. */
  heading?: (coachLike: boolean) => string;
  badge?: { count: keyof TabCounts; label: string };
  /** The tab's screen; without one the page shows its heading until its feature arrives. */
  screen?: (context: TabScreenContext) => ReactNode;
}

export const TABS: Record<TabId, TabDefinition> = {
  dashboard: {
    icon: 'home',
    heading: () => 'Team Dashboard',
    screen: (c) => (
      <DashboardPage
        userName={c.user.name}
        coachLike={c.coachLike}
        teamsLoaded={c.teamsLoaded}
        hasTeams={c.teams.length > 0}
        selectedTeam={c.selectedTeam}
        onCreateTeam={c.onCreateTeam}
        noTeam={<NoTeamPanel />}
        events={
          c.selectedTeam && (
            <DashboardSchedule key={c.selectedTeam.id} team={c.selectedTeam} coachLike={c.coachLike} />
          )
        }
      />
    ),
  },
  tournaments: {
    icon: 'trophy',
    screen: (c) => (
      <EventsPage
        title={c.heading}
        team={c.selectedTeam}
        loading={!c.teamsLoaded}
        tournamentDocuments={(props) => <TournamentDocuments {...props} />}
      />
    ),
  },
  team: {
    icon: 'users',
    title: (coachLike) => (coachLike ? 'Team Management' : 'Team Roster'),
    screen: (c) => <RosterPage title={c.heading} team={c.selectedTeam} loading={!c.teamsLoaded} />,
  },
  documents: {
    icon: 'document',
    screen: (c) => (
      <DocumentsPage title={c.heading} team={c.selectedTeam} teams={c.teams} loading={!c.teamsLoaded} />
    ),
  },
  calendar: {
    icon: 'calendar',
    heading: () => 'Team Calendar',
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
  messages: {
    icon: 'chat',
    badge: { count: 'unread', label: 'unread messages' },
    screen: (c) => (
      <MessagesScreen title={c.heading} team={c.selectedTeam} loading={!c.teamsLoaded} userId={c.user.id} />
    ),
  },
  training: { icon: 'whistle' },
  admin: {
    icon: 'shield',
    badge: { count: 'pendingJoinRequests', label: 'pending join requests' },
    screen: (c) => <AdminScreen coachLike={c.coachLike} team={c.selectedTeam} loading={!c.teamsLoaded} />,
  },
};

/** The document title of a tab, before the club name. */
export function tabTitle(tab: TabId, coachLike: boolean): string {
  return TABS[tab].title?.(coachLike) ?? tabInfo(tab).title;
}

/** The heading of a tab's page. */
export function tabHeading(tab: TabId, coachLike: boolean): string {
  return TABS[tab].heading?.(coachLike) ?? tabTitle(tab, coachLike);
}
