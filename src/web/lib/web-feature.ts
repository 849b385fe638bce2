import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { User } from '../../shared/api/auth.ts';
import type { Team } from '../../shared/api/teams.ts';
import type { LiveTopic } from '../../shared/conversations.ts';
import type { TabId } from '../../shared/tabs.ts';
import type { IconName } from '../components/Icon.tsx';

// What a web feature contributes to the app (docs/decisions/038): each feature exports one WebFeature
// from its feature.ts(x), and src/web/app/registry.ts lists them. The app reads tabs, badges, dashboard
// cards and live-update keys only from there, so a new feature is its folder plus one line there.

/** What a tab's screen may use of the shell. */
export interface TabScreenContext {
  user: User;
  teamsLoaded: boolean;
  teams: readonly Team[];
  selectedTeam: Team | null;
  onCreateTeam: () => void;
  /** The page heading of the tab. */
  heading: string;
}

export interface TabContribution {
  icon: IconName;
  /**
   * The document title before the club name; the shared title (src/shared/tabs.ts) by default. A title
   * the spec ties to the account asks its account capability (`accountCan`).
   */
  title?: (account: Pick<User, 'role'>) => string;
  /** The page heading; the document title by default. */
  heading?: (account: Pick<User, 'role'>) => string;
  /** The tab's screen; without one the page shows its heading until its feature arrives. */
  screen?: (context: TabScreenContext) => ReactNode;
  /** Starts fetching a lazily loaded screen's code (a page opened on this tab, before the user is known). */
  preload?: () => void;
}

/** A count beside a tab in the side bar (0 shows none). */
export interface BadgeContribution {
  label: string;
  /** A hook: called at every render of the shell, in the registry's fixed order. */
  useCount: (team: Team | null) => number;
}

/** The query keys (prefixes) a live change of one topic makes stale. */
export type LiveKeys = (teamId: number, conversationId?: number) => readonly QueryKey[];

export interface WebFeature {
  tabs?: Partial<Record<TabId, TabContribution>>;
  badges?: Partial<Record<TabId, BadgeContribution>>;
  /** Cards of the dashboard, below the schedule, in the registry's order. */
  dashboardCards?: readonly ComponentType<{ team: Team }>[];
  live?: Partial<Record<LiveTopic, LiveKeys>>;
}
