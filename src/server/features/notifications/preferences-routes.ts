import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationPreferencesBody,
  notificationPreferencesSchema,
  unsubscribeAnswer,
  unsubscribeQuery,
} from '../../../shared/api/notifications.ts';
import { clientAddress } from '../../client-address.ts';
import type { Config } from '../../config.ts';
import type { PreferenceService } from './preferences-service.ts';

// /api/notifications/preferences (signed in: the caller's own) and /api/notifications/unsubscribe
// (no sign-in: the signed link is the authority), docs/product/notifications.md 'API'.

export async function notificationPreferenceRoutes(
  app: FastifyInstance,
  { preferences }: { preferences: PreferenceService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/preferences', { schema: { response: { 200: notificationPreferencesSchema } } }, (request) =>
    preferences.read(request.user),
  );

  r.put(
    '/preferences',
    { schema: { body: notificationPreferencesBody, response: { 200: notificationPreferencesSchema } } },
    (request) => preferences.update(request.user, request.body),
  );
}

/** The largest body an unsubscribe POST is read to: the one-click pair is 26 bytes. */
const UNSUBSCRIBE_BODY_LIMIT = 4096;

/**
 * POST only: a GET changes nothing, since mail scanners follow links. A mail provider's one-click
 * (RFC 8058) sends `List-Unsubscribe=One-Click`, URL-encoded (parsed by formbody) or as multipart form
 * data; the unsubscribe page sends JSON or nothing. The body is not needed: the token says it all.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  { preferences, config }: { preferences: PreferenceService; config: Config },
) {
  // Multipart bodies are read and dropped (this scope only; the sign-in form has its own parser).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
    (_request, _body, done) => done(null, undefined),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/unsubscribe',
    {
      bodyLimit: UNSUBSCRIBE_BODY_LIMIT,
      schema: { querystring: unsubscribeQuery, response: { 200: unsubscribeAnswer } },
      // Per address, generous: a mail provider's one-click requests for many members come from few
      // addresses. A token cannot be guessed (signed-links.ts); this only stops a flood.
      preHandler: app.limitBy([
        {
          name: 'unsubscribe:ip',
          max: config.UNSUBSCRIBE_LIMIT_PER_IP,
          windowMinutes: 60,
          key: clientAddress,
        },
      ]),
    },
    (request) => preferences.unsubscribe(request.query.token),
  );
}
