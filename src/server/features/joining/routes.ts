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

// Joining a team (invite code, emailed invite) and the coaches' review of join requests. Its paths sit
// under several prefixes (/auth, /invites, /teams, /join-requests), so it has a group for each; the
// prefixes are written in feature.ts.

const requestParams = z.object({ requestId: idParam('Join request id') });

interface JoiningOptions {
  joining: JoiningService;
  config: Config;
}

/** Invite tokens are guessed like reset links: the same allowance per address. */
const guessesFromAddress = (config: Config, name: string): LimitRule => ({
  name,
  max: config.RESET_LIMIT_PER_IP,
  windowMinutes: config.RECOVERY_WINDOW_MINUTES,
  key: clientAddress,
});

/** /auth/setup-password: an invited person's first password, before sign-in. */
export async function setupPasswordRoutes(app: FastifyInstance, { joining, config }: JoiningOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/setup-password',
    {
      schema: { body: setupPasswordBody, response: { 200: detailResponse } },
      // Guessing invite tokens is limited like guessing reset links: per address and per account.
      preHandler: app.limitBy([
        guessesFromAddress(config, 'setup:ip'),
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
}

/** /invites/preview: what an invite link is for, before sign-in. */
export async function invitePreviewRoutes(app: FastifyInstance, { joining, config }: JoiningOptions) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/preview',
    {
      schema: { body: invitePreviewBody, response: { 200: invitePreviewResponse } },
      // No sign-in: limited per address like the other invite-token guesses.
      preHandler: app.limitBy([guessesFromAddress(config, 'invite-preview:ip')]),
    },
    (request) => joining.previewInvite(request.body),
  );
}

/** /teams/join and /teams/accept-invite: joining as a signed-in user. */
export async function joinTeamRoutes(app: FastifyInstance, { joining, config }: JoiningOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/join',
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
    '/accept-invite',
    { schema: { body: acceptInviteBody, response: { 200: joinResponse } } },
    (request) => joining.acceptInvite(request.user, request.body),
  );
}

/** /invites: the signed-in user's emailed invites. */
export async function myInviteRoutes(app: FastifyInstance, { joining }: { joining: JoiningService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/mine', { schema: { response: { 200: z.array(myInviteSchema) } } }, (request) =>
    joining.myInvites(request.user),
  );

  r.post(
    '/:inviteId/accept',
    {
      schema: { params: z.object({ inviteId: idParam('Invite id') }), response: { 200: joinResponse } },
    },
    (request) => joining.acceptMyInvite(request.user, request.params.inviteId),
  );
}

/**
 * /join-requests: the user's own requests, and the team's (access loaded once by the signed-in scope;
 * polled reads answer 304). A decision finds its request's team first (teamOf: another team's request
 * is 'Join request not found').
 */
export async function joinRequestRoutes(app: FastifyInstance, { joining }: { joining: JoiningService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofRequest = {
    teamOf: (request: FastifyRequest) =>
      joining.teamOfRequest((request.params as z.output<typeof requestParams>).requestId),
    teamNotFound: JOIN_REQUEST_NOT_FOUND,
  };

  // 'mine' is not a team id: the router prefers the static path to '/:teamId'.
  r.get('/mine', { schema: { response: { 200: z.array(myJoinRequestSchema) } } }, (request) =>
    joining.myRequests(request.user),
  );

  r.get(
    '/:teamId/pending-count',
    { schema: { params: teamParams, response: { 200: z.object({ count: z.number().int() }) } } },
    (request) => joining.pendingCount(request.teamAccess),
  );

  r.get(
    '/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(joinRequestSchema) } } },
    (request) => joining.list(request.teamAccess),
  );

  r.post(
    '/:requestId/approve',
    {
      schema: { params: requestParams, body: approveJoinBody, response: { 200: joinRequestSchema } },
      config: ofRequest,
    },
    (request) => joining.approve(request.teamAccess, request.params.requestId, request.body.player_id),
  );

  r.post(
    '/:requestId/reject',
    {
      schema: { params: requestParams, body: rejectJoinBody, response: { 200: joinRequestSchema } },
      config: ofRequest,
    },
    (request) => joining.reject(request.teamAccess, request.params.requestId, request.body),
  );
}
