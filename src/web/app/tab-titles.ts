import { tabInfo, type TabId } from '../../shared/tabs.ts';

/** The heading of a tab's page (the document title uses tabTitle). */
export function tabHeading(tab: TabId, coachLike: boolean): string {
  if (tab === 'dashboard') return 'Team Dashboard';
  if (tab === 'calendar') return 'Team Calendar';
  return tabTitle(tab, coachLike);
}

/** The document title of a tab, before the club name. */
export function tabTitle(tab: TabId, coachLike: boolean): string {
  if (tab === 'team') return coachLike ? 'Team Management' : 'Team Roster';
  return tabInfo(tab).title;
}
