import { Alert } from '../../../components/Alert.tsx';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { useChatPostError } from '../api/announcements.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * Team Settings' read-only notice of the last group-chat cross-post that failed
 * (docs/product/announcements.md 'Cross-posts to the group chat'): a wrong bot id shows here after 5
 * refusals; an outage while it is still retrying. Nothing when the last cross-post went out. For coaches
 * and admins.
 */
export function ChatPostStatus({ teamId }: { teamId: number }) {
  const zone = useTeamTimeZone();
  const status = useChatPostError(teamId, true);
  const error = status.data?.last_error;
  if (!error) return null;
  return (
    <Alert tone="info">
      Last group-chat post failed{status.data?.at ? ` (${formatDateTime(status.data.at, zone)})` : ''}:{' '}
      {error}
    </Alert>
  );
}
