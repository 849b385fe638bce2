import { useOnline } from '../lib/network-status.ts';

export const OFFLINE_MESSAGE = "Offline - changes can't be saved";

/** A pill in the shell while the server cannot be reached; its live region stays so the change is read out. */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div className="offline-indicator" aria-live="polite">
      {!online && (
        <span role="status" className="offline-indicator__pill">
          {OFFLINE_MESSAGE}
        </span>
      )}
    </div>
  );
}
