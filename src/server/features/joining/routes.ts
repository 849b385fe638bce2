import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponse } from '../../../shared/api/auth.ts';
import {
  acceptInviteBody,
  approveJoinBody,
  joinBody,
  joinRequestSchema,
  joinResponse,
  rejectJoinBody,
  setupPasswordBody,
} from '../../../shared/api/teams.ts';
import { JOIN_MESSAGES } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import { idParam, teamParams } from '../../params.ts';
import type { JoiningService } from './service.ts';

// Joining a team (invite code, emailed invite) and the coaches' review of join requests. Registered
// under /api, since the paths span /auth, /teams and /join-requests.

const requestParams = z.object({ requestId: idParam('Join request id') });

export async function joiningRoutes(
  app: FastifyInstance,
  { joining, config }: { joining: JoiningService; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: app.authenticate };

  r.post(
    '/auth/setup-password',
    {
      schema: { body: setupPasswordBody, response: { 200: detailResponse } },
      // Guessing invite tokens is limited like guessing reset links: per address and per account.
      preHandler: app.limitBy([
        {
          name: 'setup:ip',
          max: config.RESET_LIMIT_PER_IP,
          windowMinutes: config.RECOVERY_WINDOW_MINUTES,
          key: (request) => request.ip,
        },
        {
          name: 'setup:account',
          max: config.RESET_LIMIT_PER_ACCOUNT,
          windowMinutes: config.RECOVERY_WINDOW_MINUTES,
          key: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
          },
        },
      ]),
    },
    async (request) => {
      await joining.setupPassword(request.body);
      return { detail: JOIN_MESSAGES.passwordSet };
    },
  );

  r.post(
    '/teams/join',
    { ...signedIn, schema: { body: joinBody, response: { 200: joinResponse } } },
    (request) => joining.join(request.user, request.body),
  );

  r.post(
    '/teams/accept-invite',
    { ...signedIn, schema: { body: acceptInviteBody, response: { 200: joinResponse } } },
    (request) => joining.acceptInvite(request.user, request.body),
  );

  r.get(
    '/join-requests/:teamId',
    { ...signedIn, schema: { params: teamParams, response: { 200: z.array(joinRequestSchema) } } },
    (request) => joining.list(request.user, request.params.teamId),
  );

  r.post(
    '/join-requests/:requestId/approve',
    {
      ...signedIn,
      schema: { params: requestParams, body: approveJoinBody, response: { 200: joinRequestSchema } },
    },
    (request) => joining.approve(request.user, request.params.requestId, request.body.player_id),
  );

  r.post(
    '/join-requests/:requestId/reject',
    {
      ...signedIn,
      schema: { params: requestParams, body: rejectJoinBody, response: { 200: joinRequestSchema } },
    },
    (request) => joining.reject(request.user, request.params.requestId, request.body),
  );
}
