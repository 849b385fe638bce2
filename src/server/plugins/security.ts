import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Security headers on every answer. The CSP allows only our own scripts and styles: the built SPA
// has no inline script, so 'unsafe-inline' is never needed.
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

  // API answers hold children's data: no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply, payload) => {
    // Nothing of the API is kept by a browser or proxy, except a polled read that carries an ETag:
    // the browser keeps that one privately and asks again with If-None-Match (team-scope.ts).
    if (reply.statusCode >= 400) reply.removeHeader('ETag');
    if (request.url.startsWith('/api/') && !reply.hasHeader('ETag'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
});
