import type { MouseEvent, ReactNode, Ref } from 'react';
import type { User } from '../../shared/api/auth.ts';
import type { TabId, TabInfo } from '../../shared/tabs.ts';
import { Badge } from '../components/Badge.tsx';
import { BrandMark } from '../components/BrandMark.tsx';
import { Icon } from '../components/Icon.tsx';
import { OfflineIndicator } from '../components/OfflineIndicator.tsx';
import { BADGES, TABS, type TabCounts } from './registry.tsx';
import { UserBlock } from './UserBlock.tsx';

interface SidebarProps {
  id: string;
  /** Phones: the drawer is shown. Wider screens always show the side bar. */
  open: boolean;
  clubName: string;
  tabs: readonly TabInfo[];
  activeTab: TabId;
  counts: TabCounts;
  teamPicker: ReactNode;
  /** The notifications bell beside the club's name, on wide screens (a phone's is in the top bar). */
  bell: ReactNode;
  user: User;
  logoRef: Ref<HTMLButtonElement>;
  onHome: () => void;
  /** A tab link was chosen (before the browser follows it). */
  onTabChosen: (event: MouseEvent<HTMLAnchorElement>) => void;
  onOpenAccount: () => void;
  onLogout: () => void;
}

export function Sidebar({
  id,
  open,
  clubName,
  tabs,
  activeTab,
  counts,
  teamPicker,
  bell,
  user,
  logoRef,
  onHome,
  onTabChosen,
  onOpenAccount,
  onLogout,
}: SidebarProps) {
  return (
    <aside id={id} className={`sidebar${open ? ' sidebar--open' : ''}`} aria-label="Side bar">
      <div className="sidebar__brand">
        <button
          ref={logoRef}
          type="button"
          className="sidebar__logo"
          onClick={onHome}
          title="Go to the dashboard"
        >
          <BrandMark />
          <span className="sidebar__club">{clubName || 'Team Manager'}</span>
        </button>
        {bell}
      </div>

      <OfflineIndicator />

      {teamPicker}

      <nav aria-label="Main" className="sidebar__nav">
        <ul role="list">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <a
                href={tabHref(tab.id, counts)}
                className="nav-link"
                aria-current={tab.id === activeTab ? 'page' : undefined}
                onClick={onTabChosen}
              >
                <span className="nav-link__icon">
                  <Icon name={TABS[tab.id].icon} />
                </span>
                <span className="nav-link__label">{tab.label}</span>
                <TabBadge tab={tab.id} counts={counts} />
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="sidebar__footer">
        <UserBlock user={user} onOpenAccount={onOpenAccount} />
        <a className="sidebar__link" href="/user-guide" target="_blank" rel="noopener">
          User Guide
          <span className="visually-hidden"> (opens in a new window)</span>
        </a>
        <button type="button" className="sidebar__link sidebar__logout" onClick={onLogout}>
          Logout
        </button>
      </div>
    </aside>
  );
}

/** With unread messages, Communication opens on them rather than on the announcements. */
function tabHref(tab: TabId, counts: TabCounts): string {
  return tab === 'messages' && (counts.messages ?? 0) > 0 ? '#messages?subtab=conversations' : `#${tab}`;
}

function TabBadge({ tab, counts }: { tab: TabId; counts: TabCounts }) {
  const badge = BADGES.get(tab);
  return badge ? <Badge count={counts[tab] ?? 0} label={badge.label} /> : null;
}
