import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { User } from '../../shared/api/auth.ts';
import type { Team } from '../../shared/api/teams.ts';
import { useCoachedTeams } from '../lib/coached-teams.ts';
import { useCan } from '../lib/permissions.ts';
import { accountCan } from '../../shared/permissions.ts';
import { visibleTabs } from '../../shared/tabs.ts';
import { useMyTeam } from '../features/teams/api/get-my-team.ts';
import { lazyScreen } from '../components/LazyScreen.tsx';
import { ToastRegion } from '../components/ToastRegion.tsx';
import { EmailVerificationNotice } from '../features/account/components/EmailVerificationNotice.tsx';
import { useClubName } from '../lib/public-config.ts';
import { useLiveStream } from '../lib/live-stream.ts';
import { closeLayer, LAYER_MARKER, openLayer } from '../lib/modal-history.ts';
import { leaveThen } from '../lib/unsaved-changes.ts';
import { LogoutConfirm } from './LogoutConfirm.tsx';
import { NotificationBell } from '../features/notifications/components/NotificationBell.tsx';
import { MobileTopBar } from './MobileTopBar.tsx';
import { liveQueryKeys, tabTitle, useTabCounts } from './registry.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TabContent } from './TabContent.tsx';
import { TeamPicker } from './TeamPicker.tsx';
import { useHashTab } from './useHashTab.ts';
import { useLeaveGuard } from './useLeaveGuard.tsx';
import { usePageTitle } from './usePageTitle.ts';
import { useSelectedTeam } from './useSelectedTeam.ts';

// Dialogs whose code loads when first opened.
const AccountSettingsModal = lazyScreen(
  () => import('../features/account/components/AccountSettingsModal.tsx').then((m) => m.AccountSettingsModal),
  'overlay',
);
const TeamSetupWizard = lazyScreen(
  () => import('../features/teams/components/TeamSetupWizard.tsx').then((m) => m.TeamSetupWizard),
  'overlay',
);

const SIDEBAR_ID = 'sidebar';
const NO_TEAMS: readonly Team[] = [];
/** Matches the stylesheet's breakpoint where the side bar stops being a drawer. */
const DESKTOP_QUERY = '(min-width: 900px)';

interface AppShellProps {
  user: User;
}

/** The signed-in layout: side bar (a drawer on phones), top bar on phones, and the active tab. */
/** The drawer's layer in the history of modal layers (lib/modal-history.ts). */
const DRAWER_LAYER = 'navigation-drawer';

export function AppShell({ user }: AppShellProps) {
  // What the account does across teams (src/shared/permissions.ts): the account that coaches teams reads
  // the teams it coaches, others their one team. What the user may do on the selected team, the screens
  // ask by name (useCan).
  const runsTeams = accountCan(user, 'coach_teams');
  const canCreateTeams = accountCan(user, 'create_teams');
  const administers = accountCan(user, 'administer_teams');
  const clubName = useClubName();
  const [tab, navigate] = useHashTab(administers);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [wizardOpen, setWizardOpen] = useState(false);
  // Prompted once per browser session, not on every reload: a coach looking around is not nagged.
  const promptKey = `teamSetupPrompted:${user.id}`;
  const [setupPrompted, setSetupPrompted] = useState(() => sessionStorage.getItem(promptKey) === '1');
  const markPrompted = () => setSetupPrompted(true);
  // Kept once the shell is on screen, not while it renders: a render React throws away (an interrupted
  // first render) kept the mark and lost the open wizard, so a new coach sometimes never saw it.
  useEffect(() => {
    if (setupPrompted) sessionStorage.setItem(promptKey, '1');
  }, [setupPrompted, promptKey]);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const logoRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  const coachedTeams = useCoachedTeams(runsTeams);
  const myTeam = useMyTeam(!runsTeams);
  const teamsLoaded = runsTeams ? !coachedTeams.isPending : !myTeam.isPending;
  const teams: readonly Team[] = runsTeams
    ? (coachedTeams.data ?? NO_TEAMS)
    : myTeam.data
      ? [myTeam.data]
      : NO_TEAMS;
  const [selectedTeam, selectTeam] = useSelectedTeam(teams);
  // The badges the features register (unread messages, pending join requests).
  const counts = useTabCounts(selectedTeam);
  // New messages, announcements and polls arrive as they happen; polling is the fallback.
  useLiveStream(selectedTeam?.id, liveQueryKeys);
  // Moderators holding the kits or team-info flag reach those parts of Team Administration too.
  const canKits = useCan(selectedTeam, 'manage_equipment');
  const canSettings = useCan(selectedTeam, 'edit_team_info');

  // docs/product/shell-and-navigation.md: team setup is prompted once, for a coach whose teams have
  // loaded and who has no selected team.
  if (canCreateTeams && coachedTeams.isSuccess && !selectedTeam && !setupPrompted) {
    markPrompted();
    setWizardOpen(true);
  }

  usePageTitle(wizardOpen ? 'Team Setup' : tabTitle(tab, user));

  const closeDrawer = useCallback((returnFocus: boolean) => {
    setDrawerOpen(false);
    if (returnFocus) menuButtonRef.current?.focus();
  }, []);

  // Phones: the open drawer owns a history entry, like a dialog, so Back closes it and stays on the page.
  useEffect(() => {
    if (!drawerOpen) return;
    openLayer(DRAWER_LAYER, () => closeDrawer(true));
    return () => closeLayer(DRAWER_LAYER);
  }, [drawerOpen, closeDrawer]);

  /**
   * Leaves the drawer, then goes where the user chose: its history entry is taken back out first, so the
   * place chosen is one Back step from the page the drawer was opened on.
   */
  const leaveDrawerThen = (go: () => void) => {
    const state: unknown = window.history.state;
    const ownEntry =
      drawerOpen &&
      !!state &&
      typeof state === 'object' &&
      (state as Record<string, unknown>)[LAYER_MARKER] === DRAWER_LAYER;
    closeDrawer(false);
    if (!ownEntry) return go();
    window.addEventListener('popstate', () => go(), { once: true });
    closeLayer(DRAWER_LAYER);
  };

  // Unsaved input on the page (game day's scores): leaving it asks first, over the page itself: the
  // drawer closes before the question (docs/decisions/050 'Game day').
  const leaveQuestion = useLeaveGuard(tab, administers, (ask) => {
    if (!drawerOpen) return ask();
    leaveDrawerThen(() => {
      menuButtonRef.current?.focus();
      ask();
    });
  });

  // Phones: Escape closes the drawer; opening it moves focus into it.
  useEffect(() => {
    if (!drawerOpen) return;
    logoRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape in an open dialog closes only the dialog.
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) closeDrawer(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, closeDrawer]);

  // The drawer is a phone layout: widening the window past the breakpoint closes it.
  useEffect(() => {
    const wide = window.matchMedia?.(DESKTOP_QUERY);
    if (!wide) return;
    const onChange = () => {
      if (wide.matches) setDrawerOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  // A new tab starts at the top of the page.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [tab]);

  const onCreateTeam = () => {
    markPrompted();
    setWizardOpen(true);
  };

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // The hash switches tabs, so the skip link moves focus itself.
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to main content
      </a>
      <MobileTopBar
        clubName={clubName}
        team={selectedTeam}
        drawerOpen={drawerOpen}
        drawerId={SIDEBAR_ID}
        onToggleDrawer={() => (drawerOpen ? closeDrawer(false) : setDrawerOpen(true))}
        menuButtonRef={menuButtonRef}
        unreadMessages={counts.messages ?? 0}
        bell={<NotificationBell className="top-bar__bell" />}
      />
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => closeDrawer(true)} />}
      <Sidebar
        id={SIDEBAR_ID}
        open={drawerOpen}
        clubName={clubName}
        tabs={visibleTabs(administers || canKits || canSettings)}
        activeTab={tab}
        counts={counts}
        user={user}
        logoRef={logoRef}
        bell={<NotificationBell className="sidebar__bell" />}
        teamPicker={
          <TeamPicker
            runsTeams={runsTeams}
            canCreateTeams={canCreateTeams}
            loading={!teamsLoaded}
            teams={teams}
            selectedId={selectedTeam?.id ?? null}
            onSelect={(id) =>
              leaveThen(() => {
                selectTeam(id);
                // On a phone the choice is made in the drawer: show the team's page at once.
                closeDrawer(false);
              })
            }
            onCreateTeam={onCreateTeam}
          />
        }
        onHome={() => leaveThen(() => leaveDrawerThen(() => navigate('dashboard')), '#dashboard')}
        onTabChosen={(event) => {
          if (!drawerOpen) return;
          const href = event.currentTarget.getAttribute('href') ?? '';
          event.preventDefault();
          leaveDrawerThen(() => {
            window.location.hash = href;
          });
        }}
        // The drawer stays open under these dialogs, so focus can return to the button that opened them.
        onOpenAccount={() => setAccountOpen(true)}
        onLogout={() => leaveThen(() => setLogoutOpen(true))}
      />
      <main ref={mainRef} id="main" className="main" tabIndex={-1} inert={drawerOpen}>
        <EmailVerificationNotice user={user} />
        <TabContent
          tab={tab}
          user={user}
          teamsLoaded={teamsLoaded}
          teams={teams}
          selectedTeam={selectedTeam}
          onCreateTeam={onCreateTeam}
        />
      </main>
      <ToastRegion layer={null} />
      {accountOpen && <AccountSettingsModal open user={user} onClose={() => setAccountOpen(false)} />}
      <LogoutConfirm open={logoutOpen} onCancel={() => setLogoutOpen(false)} />
      {leaveQuestion}
      {wizardOpen && (
        <TeamSetupWizard
          open
          coachName={user.name}
          onClose={() => setWizardOpen(false)}
          onCreated={(team) => selectTeam(team.id)}
        />
      )}
    </div>
  );
}
