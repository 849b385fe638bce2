import type { ReactNode, Ref } from 'react';
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
  /** The notifications bell (features/notifications). */
  bell: ReactNode;
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
  bell,
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
      {bell}
    </header>
  );
}
