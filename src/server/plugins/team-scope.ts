import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connect.ts';
import { loadTeamAccess, TEAM_NOT_FOUND, type TeamAccess } from '../features/teams/access.ts';
import { notFound } from '../http-error.ts';
import { isId } from '../params.ts';
import { acceptsGzip, type AnswerCache, COMPRESS_FROM_BYTES, compress } from './answer-cache.ts';
import { namesTag, parseIfNoneMatch } from './conditional-get.ts';
import { JsonText, type KeptCompression } from './response-serializer.ts';

// The signed-in scope of the API: authentication is a hook of the scope (not a spread on each route),
// and a route with a :teamId parameter gets the caller's access to that team loaded once, before its
// handler, as `request.teamAccess` (a team the caller is not in answers 404 here).
//
// Its reads answer with an ETag built from the team's data_version (grown by the database on every
// change under the team, migration 0005), the caller and the address: a page polling an unchanged list
// gets 304 without the rows being read again, and an answer already sent under the same ETag is sent
// again from memory (answer-cache.ts; docs/decisions/013).
//
// A route whose path names no team (a conversation's messages) declares how its team is found instead:
// `config: { teamOf, teamNotFound }`. The resolver answers the team id, or undefined for 404 with
// `teamNotFound` (so a conversation the caller is not in is 'Conversation not found'); from there the
// route gets the same access loading, ETag and 304 as a :teamId route (docs/decisions/020); `visible`
// then says whether the caller may know the resource exists, before anything is answered. These are
// the only ways a route names its team: `:teamId`, or `teamOf` for a resource's id, a body field or
// `?team_id` (teamInQuery, teamInBody); its service receives `request.teamAccess` (docs/decisions/036).

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's standing on the team of the route's :teamId; set by the signed-in scope. */
    teamAccess: TeamAccess;
    /** Where this read's answer is kept (answer-cache.ts); null when it is not to be kept. */
    answerKey: string | null;
    /** Where the gzipped bytes of this read's answer text are kept, when the service keeps the text. */
    answerCompression: KeptCompression | null;
  }
  interface FastifyContextConfig {
    /** The read's answer is the same for every member of the team, so it is kept once for all. */
    sameAnswerForEveryMember?: boolean;
    /**
     * For a route without :teamId: the team the request is about (undefined: answer 404; null: this
     * request names no team, and the route reads across the caller's teams). Runs after authentication
     * and validation, so `request.user`, params and body are there.
     */
    teamOf?: (request: FastifyRequest) => Promise<number | null | undefined>;
    /** The 404 detail of a route with `teamOf` when there is no team to find or the caller is not in it. */
    teamNotFound?: string;
    /**
     * Whether the caller, with the access just loaded, may know the resource exists (false: 404 with
     * `teamNotFound`). Asked before any ETag, 304 or kept answer, so none of them tells a hidden id
     * apart from a missing one (a not-public document to a reader without view_private_documents).
     */
    visible?: (request: FastifyRequest) => Promise<boolean>;
    /**
     * A read whose answer changes without the team's data_version (a stream, the chat sender's status,
     * names of other users): no ETag, no 304, never kept. Its access is loaded all the same.
     */
    untagged?: boolean;
  }
}

export const teamAccessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('teamAccess', null as unknown as TeamAccess);
  app.decorateRequest('answerKey', null);
  app.decorateRequest('answerCompression', null);
});

/** `teamOf` of a route that names its team as `?team_id` (a team id by the route's querystring schema). */
export const teamInQuery = async (request: FastifyRequest): Promise<number> =>
  (request.query as { team_id: number }).team_id;

/** `teamOf` of a route that names its team as the body's `team_id` (an id no row can have: 404). */
export const teamInBody = async (request: FastifyRequest): Promise<number | undefined> => {
  const teamId = (request.body as { team_id: number }).team_id;
  return isId(teamId) ? teamId : undefined;
};

/** Answers that depend on the clock (an invite expiring) are never older than this behind a 304. */
const ETAG_PERIOD_MS = 10 * 60_000;

interface ReadTags {
  etag: string;
  /** Where the answer is kept: the ETag, or for a read that is the same for every member, without the reader. */
  answerKey: string;
}

/** The address part of the tags, per address: a poll asks the same few addresses again and again. */
const addressTags = new Map<string, string>();
const MAX_ADDRESS_TAGS = 10_000;

function addressTag(url: string): string {
  let tag = addressTags.get(url);
  if (tag === undefined) {
    tag = createHash('sha256').update(url).digest('base64url').slice(0, 16);
    if (addressTags.size >= MAX_ADDRESS_TAGS) addressTags.clear();
    addressTags.set(url, tag);
  }
  return tag;
}

function readTags(request: FastifyRequest, now: number): ReadTags {
  const { team, user } = request.teamAccess;
  const address = addressTag(request.url);
  const period = Math.floor(now / ETAG_PERIOD_MS);
  const etag = `W/"${team.id}.${team.dataVersion}.${user.id}.${user.tokenVersion}.${period}.${address}"`;
  const answerKey = request.routeOptions.config.sameAnswerForEveryMember
    ? `every member ${team.id}.${team.dataVersion}.${period}.${address}`
    : etag;
  return { etag, answerKey };
}

export function teamReadEtag(request: FastifyRequest, now = Date.now()): string {
  return readTags(request, now).etag;
}

/** Registers `routes` behind authentication and :teamId access loading. */
export function signedInScope(
  db: Db,
  answers: AnswerCache,
  routes: (scope: FastifyInstance) => Promise<void>,
) {
  return async (scope: FastifyInstance) => {
    scope.addHook('preHandler', scope.authenticate);
    scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const { teamId } = (request.params ?? {}) as { teamId?: unknown };
      if (typeof teamId === 'number') {
        request.teamAccess = await loadTeamAccess(db, request.user, teamId);
      } else {
        const { teamOf, teamNotFound = TEAM_NOT_FOUND } = request.routeOptions.config;
        if (!teamOf) return;
        const resolved = await teamOf(request);
        if (resolved === null) return;
        if (resolved === undefined) throw notFound(teamNotFound);
        request.teamAccess = await loadTeamAccess(db, request.user, resolved, teamNotFound);
      }
      const { visible, teamNotFound = TEAM_NOT_FOUND } = request.routeOptions.config;
      if (visible && !(await visible(request))) throw notFound(teamNotFound);
      if (request.method !== 'GET' || request.routeOptions.config.untagged) return;
      const { etag, answerKey } = readTags(request, Date.now());
      reply.header('ETag', etag);
      // Kept only by this browser, and always asked about again before use.
      reply.header('Cache-Control', 'private, no-cache');
      reply.header('Vary', 'Authorization, Accept-Encoding');
      // A tag the header names answers 304 at once (compared weakly: conditional-get.ts). `*` waits
      // for the read itself: only an answer that would be a 200 becomes a 304, never a 403 or a 400.
      if (namesTag(parseIfNoneMatch(request.headers['if-none-match']), etag)) {
        return reply.code(304).send();
      }
      const kept = answers.get(answerKey);
      if (kept === undefined) {
        request.answerKey = answerKey;
        return;
      }
      reply.header('Content-Type', 'application/json; charset=utf-8');
      if (kept.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
        return reply.header('Content-Encoding', 'gzip').send(kept.gzipped);
      }
      return reply.send(kept.body);
    });
    // An answer text the service keeps (a list kept under its rows' versions, db/row-fragments.ts)
    // brings where its gzipped bytes are kept: they are made once for all the reads of that text.
    scope.addHook('preSerialization', (request, _reply, payload, done) => {
      if (payload instanceof JsonText && payload.compressed) request.answerCompression = payload.compressed;
      done(null, payload);
    });
    // A successful read's serialised answer is kept (error answers are not), and a large one is sent
    // gzipped to a client that takes it.
    scope.addHook('onSend', async (request, reply, payload) => {
      const ifNoneMatch = request.headers['if-none-match'];
      if (
        ifNoneMatch !== undefined &&
        request.method === 'GET' &&
        reply.statusCode === 200 &&
        reply.hasHeader('ETag') &&
        parseIfNoneMatch(ifNoneMatch)?.any
      ) {
        reply.code(304).removeHeader('Content-Type').removeHeader('Content-Encoding');
        return null;
      }
      const key = request.answerKey;
      if (key === null || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      answers.set(key, payload);
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      if (payload.length < COMPRESS_FROM_BYTES || (!gzip && !answers.enabled)) return payload;
      const kept = request.answerCompression;
      const gzipped = kept?.gzipped ?? (await compress(payload));
      if (kept) kept.gzipped = gzipped;
      answers.set(key, payload, gzipped);
      if (!gzip) return payload;
      reply.header('Content-Encoding', 'gzip');
      return gzipped;
    });
    await routes(scope);
  };
}
