import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';

// At most so many connections from one client address (docs/decisions/026): one address holding
// hundreds of connections (slow bodies, idle keep-alives) made the server unreachable for everyone.
// The default is generous for a clubhouse where 40 phones share one router: each holds its live
// stream, a keep-alive connection for its reads and now and then a third.
// - With no proxy in front (TRUST_PROXY_HOPS=0) the address is the connection's: connections above
//   the limit are answered 429 {detail} on their first request and closed.
// - Behind proxies the connections are the proxies', so requests in progress are counted per client
//   address as X-Forwarded-For gives it (Fastify's request.ip), with the same limit.

export const TOO_MANY_CONNECTIONS =
  'Too many connections from your address. Please close some pages and try again in a moment.';
const RETRY_AFTER_SECONDS = 10;

export interface ConnectionLimitOptions {
  maxPerAddress: number;
  trustProxyHops: number;
}

function refuse(reply: FastifyReply): never {
  void reply.header('Connection', 'close');
  throw new HttpError(429, TOO_MANY_CONNECTIONS, RETRY_AFTER_SECONDS);
}

export const connectionLimitPlugin = fp(async (app: FastifyInstance, options: ConnectionLimitOptions) => {
  const { maxPerAddress } = options;

  if (options.trustProxyHops === 0) {
    const open = new Map<string, number>();
    const refused = new WeakSet<Socket>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = open.get(address) ?? 0;
      if (count >= maxPerAddress) {
        refused.add(socket);
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (refused.has(request.raw.socket)) refuse(reply);
    });
    return;
  }

  const inProgress = new Map<string, number>();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const address = request.ip;
    const count = inProgress.get(address) ?? 0;
    if (count >= maxPerAddress) refuse(reply);
    inProgress.set(address, count + 1);
    // The answer's end or the connection's: a live stream counts for as long as it is open.
    reply.raw.once('close', () => {
      const left = (inProgress.get(address) ?? 1) - 1;
      if (left > 0) inProgress.set(address, left);
      else inProgress.delete(address);
    });
  });
});
