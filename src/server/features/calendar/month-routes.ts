import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarEventSchema, calendarRangeQuery } from '../../../shared/api/calendar.ts';
import { teamParams } from '../../params.ts';
import type { CalendarMonthService } from './month-service.ts';

// GET /api/calendar/team/{teamId}/events?from&to (docs/decisions/017), inside the signed-in scope: the
// scope loads the caller's access (404 for a team not theirs) and the ETag before the handler runs.

export async function calendarMonthRoutes(
  app: FastifyInstance,
  { calendarMonth }: { calendarMonth: CalendarMonthService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/team/:teamId/events',
    {
      schema: {
        params: teamParams,
        querystring: calendarRangeQuery,
        response: { 200: z.array(calendarEventSchema) },
      },
      // The events read the same for every member: one member's read serves the rest (decision 016).
      config: { sameAnswerForEveryMember: true },
    },
    (request) => calendarMonth.between(request.teamAccess, request.query.from, request.query.to),
  );
}
