import { formatTimeOfDay } from '../lib/dates.ts';
import { useOfflineCopyTime, useOnline } from '../lib/network-status.ts';
import { useTeamTimeZone } from '../lib/public-config.ts';

export const OFFLINE_MESSAGE = "Offline - changes can't be saved";

/** What the pill says while the page shows answers kept for offline reading, stored at `time`. */
export const offlineAsOf = (time: string) => `Offline - as of ${time}`;

/**
 * A pill in the shell while the server cannot be reached; its live region stays so the change is read
 * out. When the screen shows answers the service worker kept (docs/decisions/047), it says when they
 * were stored, in the team's time zone.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const keptSince = useOfflineCopyTime();
  const zone = useTeamTimeZone();
  const asOf = keptSince ? formatTimeOfDay(keptSince, zone) : '';
  return (
    <div className="offline-indicator" aria-live="polite">
      {!online && (
        <span role="status" className="offline-indicator__pill">
          {asOf ? (
            <>
              {offlineAsOf(asOf)} <span className="offline-indicator__detail">Changes can't be saved</span>
            </>
          ) : (
            OFFLINE_MESSAGE
          )}
        </span>
      )}
    </div>
  );
}
