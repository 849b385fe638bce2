import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponse } from '../../../shared/api/auth.ts';
import {
  acceptInviteBody,
  approveJoinBody,
  invitePreviewBody,
  invitePreviewResponse,
  joinBody,
  joinRequestSchema,
  joinResponse,
  myInviteSchema,
  myJoinRequestSchema,
  rejectJoinBody,
  setupPasswordBody,
} from '../../../shared/api/joining.ts';
import { JOIN_MESSAGES } from '../../../shared/teams.ts';
import { clientAddress } from '../../client-address.ts';
import type { Config } from '../../config.ts';
import { idParam, teamParams } from '../../params.ts';
import type { LimitRule } from '../../plugins/rate-limit.ts';
import { JOIN_REQUEST_NOT_FOUND, type JoiningService } from './service.ts';

// Joining a team (invite code, emailed invite) and the coaches' review of join requests. Registered
// under /api, since the paths span /auth, /teams and /join-requests.

const requestParams = z.object({ requestId: idParam('Join request id') });

export async function joiningRoutes(
  app: FastifyInstance,
  { joining, config }: { joining: JoiningService; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Invite tokens are guessed like reset links: the same allowance per address. */
  const guessesFromAddress = (name: string): LimitRule => ({
    name,
    max: config.RESET_LIMIT_PER_IP,
    windowMinutes: config.RECOVERY_WINDOW_MINUTES,
    key: clientAddress,
  });

  r.post(
    '/auth/setup-password',
    {
      schema: { body: setupPasswordBody, response: { 200: detailResponse } },
      // Guessing invite tokens is limited like guessing reset links: per address and per account.
      preHandler: app.limitBy([
        guessesFromAddress('setup:ip'),
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
    '/invites/preview',
    {
      schema: { body: invitePreviewBody, response: { 200: invitePreviewResponse } },
      // No sign-in: limited per address like the other invite-token guesses.
      preHandler: app.limitBy([guessesFromAddress('invite-preview:ip')]),
    },
    (request) => joining.previewInvite(request.body),
  );
}

/** The team's requests, inside the signed-in scope (access loaded once; polled reads answer 304). */
export async function joiningTeamRoutes(app: FastifyInstance, { joining }: { joining: JoiningService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/join-requests/:teamId/pending-count',
    { schema: { params: teamParams, response: { 200: z.object({ count: z.number().int() }) } } },
    (request) => joining.pendingCount(request.teamAccess),
  );

  r.get(
    '/join-requests/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(joinRequestSchema) } } },
    (request) => joining.list(request.teamAccess),
  );
}

/**
 * Joining as a signed-in user, and the coaches' decisions: inside the signed-in scope, which finds a
 * join request's team first (teamOf: another team's request is 'Join request not found').
 */
export async function joiningMemberRoutes(
  app: FastifyInstance,
  { joining, config }: { joining: JoiningService; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofRequest = {
    teamOf: (request: FastifyRequest) =>
      joining.teamOfRequest((request.params as z.output<typeof requestParams>).requestId),
    teamNotFound: JOIN_REQUEST_NOT_FOUND,
  };

  r.post(
    '/teams/join',
    {
      schema: { body: joinBody, response: { 200: joinResponse } },
      // Invite codes are guessable secrets: limit tries per account and per address.
      preHandler: app.limitBy([
        {
          name: 'join:account',
          max: config.JOIN_LIMIT_PER_ACCOUNT,
          windowMinutes: 60,
          key: (request) => String(request.user.id),
        },
        { name: 'join:ip', max: config.JOIN_LIMIT_PER_IP, windowMinutes: 60, key: clientAddress },
      ]),
    },
    (request) => joining.join(request.user, request.body),
  );

  r.post(
    '/teams/accept-invite',
    { schema: { body: acceptInviteBody, response: { 200: joinResponse } } },
    (request) => joining.acceptInvite(request.user, request.body),
  );

  // Registered before '/join-requests/:teamId' in meaning: 'mine' is not a team id (the router prefers
  // the static path).
  r.get('/join-requests/mine', { schema: { response: { 200: z.array(myJoinRequestSchema) } } }, (request) =>
    joining.myRequests(request.user),
  );

  r.get('/invites/mine', { schema: { response: { 200: z.array(myInviteSchema) } } }, (request) =>
    joining.myInvites(request.user),
  );

  r.post(
    '/invites/:inviteId/accept',
    {
      schema: { params: z.object({ inviteId: idParam('Invite id') }), response: { 200: joinResponse } },
    },
    (request) => joining.acceptMyInvite(request.user, request.params.inviteId),
  );

  r.post(
    '/join-requests/:requestId/approve',
    {
      schema: { params: requestParams, body: approveJoinBody, response: { 200: joinRequestSchema } },
      config: ofRequest,
    },
    (request) => joining.approve(request.teamAccess, request.params.requestId, request.body.player_id),
  );

  r.post(
    '/join-requests/:requestId/reject',
    {
      schema: { params: requestParams, body: rejectJoinBody, response: { 200: joinRequestSchema } },
      config: ofRequest,
    },
    (request) => joining.reject(request.teamAccess, request.params.requestId, request.body),
  );
}
