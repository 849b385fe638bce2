import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignModeratorBody,
  moderatorSchema,
  myPermissionsSchema,
  permissionDefinitionSchema,
  potentialModeratorSchema,
} from '../../../shared/api/moderators.ts';
import { MODERATOR_FLAGS } from '../../../shared/permissions.ts';
import { idParam, teamParams } from '../../params.ts';
import { teamInBody } from '../../plugins/team-scope.ts';
import { PERMISSION_LIST, type ModeratorService } from './service.ts';

// /api/moderators (docs/product/moderators-and-admin.md) and /api/teams/{teamId}/potential-moderators:
// a group per prefix, the prefixes written in feature.ts.

/** GET /api/moderators/permissions needs no sign-in (spec). */
export async function publicModeratorRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/permissions',
      { schema: { response: { 200: z.array(permissionDefinitionSchema) } } },
      () => PERMISSION_LIST,
    );
}

/** The signed-in routes; the signed-in scope loads the access to the :teamId or the body's team_id. */
export async function moderatorRoutes(
  app: FastifyInstance,
  { moderators }: { moderators: ModeratorService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/team/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(moderatorSchema) } } },
    (request) => moderators.list(request.teamAccess),
  );

  r.get(
    '/my-permissions/:teamId',
    { schema: { params: teamParams, response: { 200: myPermissionsSchema } } },
    (request) => moderators.mine(request.teamAccess),
  );

  r.post(
    '/assign',
    {
      schema: { body: assignModeratorBody, response: { 200: moderatorSchema } },
      config: { teamOf: teamInBody },
    },
    (request) => {
      const flags = MODERATOR_FLAGS.filter((flag) => request.body[flag] === true);
      return moderators.assign(request.teamAccess, request.body.user_id, flags);
    },
  );

  r.delete(
    '/revoke/:userId/:teamId',
    {
      schema: {
        params: z.object({ userId: idParam('User id'), teamId: idParam('Team id') }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    (request) => moderators.revoke(request.teamAccess, request.params.userId),
  );
}

/** The team's members who could be made moderators (/teams/:teamId/potential-moderators). */
export async function potentialModeratorRoutes(
  app: FastifyInstance,
  { moderators }: { moderators: ModeratorService },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/:teamId/potential-moderators',
      { schema: { params: teamParams, response: { 200: z.array(potentialModeratorSchema) } } },
      (request) => moderators.potential(request.teamAccess),
    );
}
