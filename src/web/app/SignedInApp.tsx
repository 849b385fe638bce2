import { useEffect } from 'react';
import { tabFromHash } from '../../shared/tabs.ts';
import { InvitationDetectedDialog } from '../features/auth/components/InvitationDetectedDialog.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { useOfflineReading } from '../lib/offline-reading.ts';
import { AppShell } from './AppShell.tsx';
import { ProfileLoadError } from './ProfileLoadError.tsx';
import { TABS } from './registry.tsx';

/** Loads the current user (a refused token signs out inside useMe), then shows the shell. */
export function SignedInApp() {
  const me = useMe(true);
  useOfflineReading();
  // The screen the address names downloads beside the user's profile, not once it has answered: on a
  // phone that is one round trip fewer (docs/decisions/040). The shell still decides what to show.
  useEffect(() => {
    const tab = tabFromHash(window.location.hash, true);
    if (tab) TABS[tab].preload?.();
  }, []);
  if (me.isPending) {
    return (
      <div className="loading-screen" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading...
      </div>
    );
  }
  if (me.isError) return <ProfileLoadError onRetry={() => void me.refetch()} />;
  return (
    <>
      <AppShell user={me.data} />
      <InvitationDetectedDialog />
    </>
  );
}
