import type { Ref } from 'react';
import { badgeText } from '../../shared/display.ts';
import { OfflineIndicator } from '../components/OfflineIndicator.tsx';
import { TeamSwatch } from '../components/TeamSwatch.tsx';

interface MobileTopBarProps {
  clubName: string;
  /** The selected team, named on every screen (issue 6). */
  team: { name: string; primary_color: string } | null;
  drawerOpen: boolean;
  drawerId: string;
  onToggleDrawer: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
  /** Unread messages: shown on the Menu button, since the Communication badge is inside the menu. */
  unreadMessages: number;
}

/** Phones: the bar above the page with the menu toggle for the side bar. */
export function MobileTopBar({
  clubName,
  team,
  drawerOpen,
  drawerId,
  onToggleDrawer,
  menuButtonRef,
  unreadMessages,
}: MobileTopBarProps) {
  const unread = badgeText(unreadMessages);
  return (
    <header className="top-bar">
      <button
        ref={menuButtonRef}
        type="button"
        className="icon-button top-bar__menu"
        aria-label={unread ? `Menu, ${unread} unread message${unreadMessages === 1 ? '' : 's'}` : 'Menu'}
        aria-expanded={drawerOpen}
        aria-controls={drawerId}
        onClick={onToggleDrawer}
      >
        <span className="hamburger" aria-hidden="true" />
        {unread && (
          <span className="top-bar__count" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
      {team ? (
        <span className="top-bar__title top-bar__title--team">
          <TeamSwatch color={team.primary_color} />
          <span className="top-bar__team">{team.name}</span>
        </span>
      ) : (
        <span className="top-bar__title">{clubName}</span>
      )}
      <OfflineIndicator />
      <button type="button" className="icon-button top-bar__bell" aria-label="Notifications">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
      </button>
    </header>
  );
}
