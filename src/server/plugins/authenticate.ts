import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '../../shared/api/auth.ts';
import type { UserRow } from '../features/auth/queries.ts';
import type { AuthService } from '../features/auth/service.ts';
import { unauthorized } from '../http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the `authenticate` preHandler. */
    user: UserRow;
  }
  interface FastifyContextConfig {
    /**
     * The route also takes the token as `?token=` (a download opened as a link;
     * docs/product/accounts-and-sign-in.md).
     */
    queryToken?: boolean;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The bearer token of a request: the Authorization header, or `?token=` where a route allows it. */
export function bearerToken(request: FastifyRequest): string | undefined {
  // Exactly `Bearer <token>`: anything else (extra parts, a second space, no scheme) is refused.
  const match = /^bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]) return match[1];
  if (!request.routeOptions.config.queryToken) return undefined;
  const { token } = (request.query ?? {}) as { token?: unknown };
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export const authenticatePlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    reply.header('WWW-Authenticate', 'Bearer');
    if (!token) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
    const user = await options.auth.authenticate(token);
    if (!user) throw unauthorized(AUTH_MESSAGES.tokenInvalid);
    reply.removeHeader('WWW-Authenticate');
    request.user = user;
  });
});
