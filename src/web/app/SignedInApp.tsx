import { InvitationDetectedDialog } from '../features/auth/components/InvitationDetectedDialog.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { AppShell } from './AppShell.tsx';
import { ProfileLoadError } from './ProfileLoadError.tsx';

/** Loads the current user (a refused token signs out inside useMe), then shows the shell. */
export function SignedInApp() {
  const me = useMe(true);
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
