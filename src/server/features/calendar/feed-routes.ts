import type { FastifyInstance, FastifyReply } from 'fastify';
import { feedQuery } from '../../../shared/api/calendar.ts';
import { CALENDAR_MESSAGES } from '../../../shared/calendar.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { isId } from '../../params.ts';
import { acceptsGzip, type AnswerCache } from '../../plugins/answer-cache.ts';
import { createFeedService } from './feed-service.ts';

// GET /api/calendar/feed/{userId}/{token}.ics[?player_id=] (DECISIONS.md 'Calendar feed'): no bearer
// token, so it lives outside the signed-in scope; the secret in the path is the credential. A bad id,
// a malformed or wrong secret, another user's id and a player the user may not answer for all answer
// the same 404, so the answer tells a guesser nothing. The path is redacted from the logs (app.ts).

/** A secret is 32 bytes in base64url: exactly 43 characters. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim() === etag || candidate.trim() === '*');
}

export async function calendarFeedRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    config: Pick<Config, 'TEAM_TIME_ZONE' | 'PUBLIC_URL' | 'CLUB_NAME' | 'CALENDAR_FEED_PAST_MONTHS'>;
    answers: AnswerCache;
  },
) {
  const feed = createFeedService(options);
  const stop = await feed.start();
  app.addHook('onClose', stop);

  app.get<{ Params: { userId: string; file: string }; Querystring: Record<string, unknown> }>(
    '/calendar/feed/:userId/:file',
    async (request, reply: FastifyReply) => {
      const userId = /^\d{1,10}$/.test(request.params.userId) ? Number(request.params.userId) : 0;
      const token = FEED_FILE.exec(request.params.file)?.[1];
      if (!isId(userId) || !token) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      const query = feedQuery.safeParse(request.query ?? {});
      if (!query.success) throw badRequest('player_id must be a player id (a positive whole number)');

      const resolved = await feed.resolve(userId, token, query.data.player_id);
      if (!resolved) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      // Calendar apps keep it privately and ask again with If-None-Match.
      reply.header('Cache-Control', 'private, no-cache');
      reply.header('Vary', 'Accept-Encoding');
      if (matches(request.headers['if-none-match'], resolved.etag)) {
        return reply.header('ETag', resolved.etag).code(304).send();
      }
      const { answer, etag } = await feed.answer(resolved);
      reply.header('ETag', etag);
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      if (answer.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('Content-Encoding', 'gzip').send(answer.gzipped);
      }
      return reply.send(answer.body);
    },
  );
}
