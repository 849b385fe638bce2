import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// Security headers on every answer. The CSP allows only our own scripts and styles, and the page's one
// inline script (its early reads, docs/decisions/052) by its hash: 'unsafe-inline' is never needed.
const helmetOptions = (scriptHashes: readonly string[] = []): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets for these options, worked out once. They are the same for every answer (no
 * nonces), and @fastify/helmet rebuilt helmet and re-parsed the CSP on every request: a fifth of a
 * polled read's cost (docs/decisions/013).
 */
export function helmetHeaders(options: HelmetOptions = helmetOptions()): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export interface SecurityPluginOptions {
  /** CSP sources ('sha256-...') of the page's inline scripts (web.ts, inlineScriptHashes). */
  scriptHashes?: readonly string[];
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityPluginOptions) => {
  const headers = helmetHeaders(helmetOptions(options.scriptHashes));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // API answers hold children's data: no browser or proxy may keep a copy.
  app.addHook('onSend', (request, reply, payload, done) => {
    // Nothing of the API is kept by a browser or proxy, except a polled read that carries an ETag:
    // the browser keeps that one privately and asks again with If-None-Match (team-scope.ts).
    if (reply.statusCode >= 400) reply.removeHeader('ETag');
    if (request.url.startsWith('/api/') && !reply.hasHeader('ETag'))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
});
