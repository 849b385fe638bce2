import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigResponse } from '../../../shared/api/auth.ts';
import type { Config } from '../../config.ts';

/** What the page needs before anyone signs in: the club's name for titles, the teams' time zone, the
 * RSVP reminders' default hours (Team Settings shows them). */
export async function publicConfigRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('', { schema: { response: { 200: publicConfigResponse } } }, () => ({
      club_name: config.CLUB_NAME,
      team_time_zone: config.TEAM_TIME_ZONE,
      rsvp_reminder_hours_default: config.REMINDER_HOURS_DEFAULT,
    }));
}
