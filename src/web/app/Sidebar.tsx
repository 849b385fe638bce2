import type { ReactNode, Ref } from 'react';
import type { User } from '../../shared/api/auth.ts';
import type { TabId, TabInfo } from '../../shared/tabs.ts';
import { Badge } from '../components/Badge.tsx';
import { BrandMark } from '../components/BrandMark.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { OfflineIndicator } from '../components/OfflineIndicator.tsx';
import { UserBlock } from './UserBlock.tsx';

interface SidebarProps {
  id: string;
  /** Phones: the drawer is shown. Wider screens always show the side bar. */
  open: boolean;
  clubName: string;
  tabs: readonly TabInfo[];
  activeTab: TabId;
  unreadCount: number;
  pendingJoinRequests: number;
  teamPicker: ReactNode;
  user: User;
  logoRef: Ref<HTMLButtonElement>;
  onHome: () => void;
  onTabChosen: () => void;
  onOpenAccount: () => void;
  onLogout: () => void;
}

const TAB_ICONS: Record<TabId, IconName> = {
  dashboard: 'home',
  tournaments: 'trophy',
  team: 'users',
  documents: 'document',
  calendar: 'calendar',
  messages: 'chat',
  training: 'whistle',
  admin: 'shield',
};

export function Sidebar({
  id,
  open,
  clubName,
  tabs,
  activeTab,
  unreadCount,
  pendingJoinRequests,
  teamPicker,
  user,
  logoRef,
  onHome,
  onTabChosen,
  onOpenAccount,
  onLogout,
}: SidebarProps) {
  return (
    <aside id={id} className={`sidebar${open ? ' sidebar--open' : ''}`} aria-label="Side bar">
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

      <OfflineIndicator />

      {teamPicker}

      <nav aria-label="Main" className="sidebar__nav">
        <ul role="list">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <a
                href={`#${tab.id}`}
                className="nav-link"
                aria-current={tab.id === activeTab ? 'page' : undefined}
                onClick={onTabChosen}
              >
                <span className="nav-link__icon">
                  <Icon name={TAB_ICONS[tab.id]} />
                </span>
                <span className="nav-link__label">{tab.label}</span>
                {tab.id === 'messages' && <Badge count={unreadCount} label="unread messages" />}
                {tab.id === 'admin' && <Badge count={pendingJoinRequests} label="pending join requests" />}
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
