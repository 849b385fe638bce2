import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/connect.ts';
import { idParam } from '../../params.ts';
import { teamInQuery } from '../../plugins/team-scope.ts';
import { LiveHub, startLiveHub, streamEndsAt } from './hub.ts';

// GET /api/messaging/stream?team_id=N (docs/decisions/021): server-sent events for the caller's changes
// on one team. Inside the signed-in scope (bearer token), which loads the caller's access to the team of
// ?team_id (404 for a team that is not theirs, as every team read answers); untagged, so that the
// scope's ETag and answer cache leave the stream alone.

export const LIVE_UNAVAILABLE = 'Live updates are unavailable for now';

const teamQuery = z.object({ team_id: idParam('Team id') });

const hubs = new WeakMap<Database, LiveHub>();

/** The hub of an app's database (tests and the bench look at it). */
export function liveHubOf(database: Database): LiveHub | undefined {
  return hubs.get(database);
}

/** The route and its hub: listening starts with the app; closing ends every stream, then listening. */
export async function liveRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const hub = new LiveHub();
  hubs.set(database, hub);
  // Listening is awaited before the app serves rather than while it is built: the app is built while
  // its database gets ready (docs/decisions/034).
  const listening = startLiveHub(database, hub);
  listening.catch(() => undefined);
  app.addHook('onReady', async () => void (await listening));
  // Before the server closes: it waits for open responses, and a stream never ends by itself.
  app.addHook('preClose', async () => hub.stop());
  app.addHook('onClose', async () => {
    hubs.delete(database);
    const stopListening = await listening.catch(() => undefined);
    await stopListening?.();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  // No HEAD twin: a HEAD would be held in the hub like a stream, writing nothing.
  const stream = {
    exposeHeadRoute: false,
    schema: { querystring: teamQuery },
    config: { teamOf: teamInQuery, untagged: true },
  };
  r.get('/stream', stream, async (request, reply) => {
    const teamId = request.teamAccess.team.id;
    // Not listening (the database connection is down): the page keeps polling and tries again later.
    if (!hub.live) {
      return reply.status(503).header('Retry-After', '5').send({ detail: LIVE_UNAVAILABLE });
    }
    const response = reply.raw;
    if (request.raw.destroyed || response.destroyed) return reply.hijack();
    reply.hijack();
    // The security headers set for every answer, then the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) response.setHeader(name, value);
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    response.socket?.setNoDelay(true);
    // The server closes connections idle for 20 s (app.ts); a stream is quiet between its pings.
    response.socket?.setTimeout(0);
    response.write(`event: ready\ndata: ${JSON.stringify({ team_id: teamId })}\n\n`);
    hub.add({ teamId, userId: request.user.id, response, endsAt: streamEndsAt() });
  });
}
