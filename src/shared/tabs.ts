// The app's tabs, switched by the URL hash (docs/product/shell-and-navigation.md).
export const TAB_IDS = [
  'dashboard',
  'tournaments',
  'team',
  'documents',
  'calendar',
  'messages',
  'training',
  'admin',
] as const;
export type TabId = (typeof TAB_IDS)[number];

export const DEFAULT_TAB: TabId = 'dashboard';

export interface TabInfo {
  id: TabId;
  /** Label in the side bar. */
  label: string;
  /** Page title (followed by the club name). */
  title: string;
}

/** Side-bar tabs in their order. Training has no tab (its hash falls back to the dashboard). */
export const NAV_TABS: readonly TabInfo[] = [
  { id: 'dashboard', label: 'Dashboard', title: 'Dashboard' },
  { id: 'tournaments', label: 'Team Events', title: 'Games & Schedule' },
  { id: 'team', label: 'Team', title: 'Team Management' },
  { id: 'documents', label: 'Documents', title: 'Team Documents' },
  { id: 'calendar', label: 'Calendar', title: 'Calendar' },
  { id: 'messages', label: 'Communication', title: 'Messages' },
  { id: 'admin', label: 'Admin', title: 'Admin' },
];

/**
 * Tabs a user may see: Admin for those who administer teams (coaches and admins: 'administer_teams'),
 * or hold a flag that opens one of its tabs.
 */
export function visibleTabs(seesAdmin: boolean): TabInfo[] {
  // eslint-disable-next-line no-restricted-syntax -- the Admin tab's id, not a role
  return NAV_TABS.filter((tab) => tab.id !== 'admin' || seesAdmin);
}

/**
 * The tab a hash opens. '#messages?subtab=polls' opens messages. Unknown hashes give undefined;
 * training falls back to the dashboard. A link to #admin opens Admin for everyone, so a parent who
 * followed one reads 'Access Restricted' instead of landing elsewhere without a word (issue 6); a tab
 * restored from storage (`restored`) sends them to the dashboard instead.
 */
export function tabFromHash(hash: string, administers: boolean, restored = false): TabId | undefined {
  const name = hash.replace(/^#/, '').split('?')[0] ?? '';
  if (!(TAB_IDS as readonly string[]).includes(name)) return undefined;
  const tab = name as TabId;
  if (tab === 'training') return DEFAULT_TAB;
  // eslint-disable-next-line no-restricted-syntax -- the Admin tab's id, not a role
  if (tab === 'admin' && !administers && restored) return DEFAULT_TAB;
  return tab;
}

/** Query parameters after the tab name in the hash, e.g. '#messages?subtab=polls&pollId=4'. */
export function hashParams(hash: string): URLSearchParams {
  const query = hash.replace(/^#/, '').split('?')[1] ?? '';
  return new URLSearchParams(query);
}

export function tabInfo(tab: TabId): TabInfo {
  return NAV_TABS.find((t) => t.id === tab) ?? { id: tab, label: 'Training', title: 'Training' };
}
