import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarTokenSchema } from '../../../shared/api/calendar.ts';
import type { CalendarTokenService } from './token-service.ts';

// /api/calendar/token (docs/product/calendar-rsvp-and-feed.md 'The calendar feed'), inside the signed-in
// scope. Limits per account: the Subscribe dialog asks once per opening, so 120 an hour is far above any
// person; a new secret is rarely wanted, and each one breaks every subscribed calendar app.

const byUser = (request: FastifyRequest) => String(request.user.id);

export async function calendarTokenRoutes(
  app: FastifyInstance,
  { calendarTokens }: { calendarTokens: CalendarTokenService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '',
    {
      schema: { response: { 200: calendarTokenSchema } },
      preHandler: app.limitBy([{ name: 'calendar-token:user', max: 120, windowMinutes: 60, key: byUser }]),
    },
    (request) => calendarTokens.get(request.user),
  );

  r.post(
    '/regenerate',
    {
      schema: { response: { 200: calendarTokenSchema } },
      preHandler: app.limitBy([
        { name: 'calendar-token-regenerate:user', max: 10, windowMinutes: 60, key: byUser },
      ]),
    },
    (request) => calendarTokens.regenerate(request.user),
  );
}
