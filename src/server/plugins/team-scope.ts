import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connect.ts';
import { loadTeamAccess, type TeamAccess } from '../features/teams/access.ts';

// The signed-in scope of the API: authentication is a hook of the scope (not a spread on each route),
// and a route with a :teamId parameter gets the caller's access to that team loaded once, before its
// handler, as `request.teamAccess` (a team the caller is not in answers 404 here).

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's standing on the team of the route's :teamId; set by the signed-in scope. */
    teamAccess: TeamAccess;
  }
}

export const teamAccessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('teamAccess', null as unknown as TeamAccess);
});

/** Registers `routes` behind authentication and :teamId access loading. */
export function signedInScope(db: Db, routes: (scope: FastifyInstance) => Promise<void>) {
  return async (scope: FastifyInstance) => {
    scope.addHook('preHandler', scope.authenticate);
    scope.addHook('preHandler', async (request: FastifyRequest) => {
      const { teamId } = (request.params ?? {}) as { teamId?: unknown };
      if (typeof teamId === 'number') request.teamAccess = await loadTeamAccess(db, request.user, teamId);
    });
    await routes(scope);
  };
}
