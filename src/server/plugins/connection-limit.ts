import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey, clientAddress } from '../client-address.ts';
import { HttpError } from '../http-error.ts';
import { rawAnswer } from './errors.ts';

// At most so many busy connections per client address (docs/decisions/026): one address holding
// hundreds of connections (slow bodies, connections that never send a request) made the server
// unreachable for everyone. Addresses are counted as every per-address limit counts them
// (client-address.ts): an IPv6 client per /64, which it holds whole.
// - With no proxy in front (TRUST_PROXY_HOPS=0) a connection is busy from the moment it opens until
//   its first request is answered, and again while each later request is in progress (a live stream
//   for as long as it is open). An idle keep-alive connection is not counted: 40 phones loading the app
//   behind one clubhouse router (a browser opens up to 6 connections each) must not meet the limit.
//   app.ts closes idle connections after KEEP_ALIVE_MS. A connection opening above the limit is
//   answered 429 {detail} at once and closed, whether or not it ever sends a request; a request on an
//   idle connection above the limit is answered 429 and its connection closed.
// - Behind proxies the connections are the proxies', so requests in progress are counted per client
//   address as X-Forwarded-For gives it (Fastify's request.ip), with the same limit.

export const TOO_MANY_CONNECTIONS =
  'Too many connections from your address. Please close some pages and try again in a moment.';
const RETRY_AFTER_SECONDS = 10;
/** How long a refused connection has to read its 429 before it is closed for good. */
const REFUSED_LINGER_MS = 1_000;

export interface ConnectionLimitOptions {
  maxPerAddress: number;
  trustProxyHops: number;
}

/** How many of something each address holds now; an address at zero is forgotten. */
class CountsPerAddress {
  private readonly counts = new Map<string, number>();

  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }

  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

function refuse(reply: FastifyReply): never {
  void reply.header('Connection', 'close');
  throw new HttpError(429, TOO_MANY_CONNECTIONS, RETRY_AFTER_SECONDS);
}

/** Answers a connection that just opened 429 and closes it, reading nothing it sends. */
function refuseConnection(socket: Socket): void {
  socket.pause();
  socket.end(rawAnswer(429, TOO_MANY_CONNECTIONS, { 'retry-after': String(RETRY_AFTER_SECONDS) }));
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}

interface Connection {
  key: string;
  counted: boolean;
  requestsInProgress: number;
}

export const connectionLimitPlugin = fp(async (app: FastifyInstance, options: ConnectionLimitOptions) => {
  const { maxPerAddress } = options;
  const busy = new CountsPerAddress();
  const refusedRequests = new WeakSet<IncomingMessage>();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (refusedRequests.has(request.raw)) refuse(reply);
  });

  if (options.trustProxyHops > 0) {
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const key = clientAddress(request);
      if (busy.of(key) >= maxPerAddress) refuse(reply);
      busy.add(key);
      // The answer's end or the connection's: a live stream counts for as long as it is open.
      reply.raw.once('close', () => busy.remove(key));
    });
    return;
  }

  const connections = new WeakMap<Socket, Connection>();
  const count = (connection: Connection, counted: boolean) => {
    if (connection.counted === counted) return;
    connection.counted = counted;
    if (counted) busy.add(connection.key);
    else busy.remove(connection.key);
  };

  app.server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? '');
    if (busy.of(key) >= maxPerAddress) {
      refuseConnection(socket);
      return;
    }
    const connection: Connection = { key, counted: false, requestsInProgress: 0 };
    connections.set(socket, connection);
    // Busy until its first request is answered.
    count(connection, true);
    socket.once('close', () => count(connection, false));
  });

  // Before Fastify's own listener, so that the onRequest hook above knows a refused request.
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    if (!connection.counted) {
      // An idle keep-alive connection asks again.
      if (busy.of(connection.key) >= maxPerAddress) refusedRequests.add(request);
      count(connection, true);
    }
    connection.requestsInProgress += 1;
    response.once('close', () => {
      connection.requestsInProgress -= 1;
      if (connection.requestsInProgress === 0) count(connection, false);
    });
  });
});
