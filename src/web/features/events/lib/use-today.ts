import { todayIn } from '../../../../shared/event-dates.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';

/** Today's date 'YYYY-MM-DD' in the team's time zone (GET /api/config team_time_zone). */
export function useToday(): string {
  return todayIn(useTeamTimeZone());
}
