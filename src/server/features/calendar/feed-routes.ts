import type { FastifyInstance, FastifyReply } from 'fastify';
import { feedQuery } from '../../../shared/api/calendar.ts';
import { CALENDAR_MESSAGES } from '../../../shared/calendar.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { isId } from '../../params.ts';
import { acceptsGzip, type AnswerCache } from '../../plugins/answer-cache.ts';
import {
  httpDate,
  noneMatchFails,
  notModifiedSince,
  parseIfNoneMatch,
} from '../../plugins/conditional-get.ts';
import { createFeedService } from './feed-service.ts';

// GET /api/calendar/feed/{userId}/{token}.ics[?player_id=] (docs/product/calendar-rsvp-and-feed.md 'The
// calendar feed'): no bearer token, so it lives outside the signed-in scope; the secret in the path is
// the credential. A bad id, a malformed or wrong secret, another user's id and a player the user may not
// answer for all answer the same 404, so the answer tells a guesser nothing. The path is redacted from
// the logs (app.ts).

/** A secret is 32 bytes in base64url: exactly 43 characters. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** A Last-Modified is never later than the answer itself (RFC 9110 8.8.2.1). */
const lastModifiedNow = (modified: Date) => new Date(Math.min(modified.getTime(), Date.now()));

export async function calendarFeedRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    config: Pick<Config, 'TEAM_TIME_ZONE' | 'PUBLIC_URL' | 'CLUB_NAME' | 'CALENDAR_FEED_PAST_MONTHS'>;
    answers: AnswerCache;
  },
) {
  const feed = createFeedService(options);
  // Listening is awaited before the app serves rather than while it is built: the app is built while
  // its database gets ready (docs/decisions/034).
  const listening = feed.start();
  listening.catch(() => undefined);
  app.addHook('onReady', async () => void (await listening));
  app.addHook('onClose', async () => {
    const stop = await listening.catch(() => undefined);
    await stop?.();
  });

  app.get<{ Params: { userId: string; file: string }; Querystring: Record<string, unknown> }>(
    '/:userId/:file',
    async (request, reply: FastifyReply) => {
      const userId = /^\d{1,10}$/.test(request.params.userId) ? Number(request.params.userId) : 0;
      const token = FEED_FILE.exec(request.params.file)?.[1];
      if (!isId(userId) || !token) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      const query = feedQuery.safeParse(request.query ?? {});
      if (!query.success) throw badRequest('player_id must be a player id (a positive whole number)');

      const resolved = await feed.resolve(userId, token, query.data.player_id);
      if (!resolved) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      // Calendar apps keep it privately and ask again with If-None-Match (compared weakly, `*` too: the
      // feed exists once the address is right) or If-Modified-Since; If-None-Match wins when both come.
      reply.header('Cache-Control', 'private, no-cache');
      reply.header('Vary', 'Accept-Encoding');
      const noneMatch = parseIfNoneMatch(request.headers['if-none-match']);
      if (noneMatchFails(noneMatch, resolved.etag)) {
        const known = feed.knownLastModified(resolved.etag);
        if (known) reply.header('Last-Modified', httpDate(lastModifiedNow(known)));
        return reply.header('ETag', resolved.etag).code(304).send();
      }
      const written = await feed.answer(resolved);
      const { answer, etag } = written;
      const lastModified = await feed.lastModified(resolved, written);
      reply.header('ETag', etag);
      reply.header('Last-Modified', httpDate(lastModifiedNow(lastModified)));
      // Compared with the date recorded, which may be a second ahead of the one sent.
      if (!noneMatch && notModifiedSince(request.headers, lastModified)) return reply.code(304).send();
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      if (answer.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('Content-Encoding', 'gzip').send(answer.gzipped);
      }
      return reply.send(answer.body);
    },
  );
}
