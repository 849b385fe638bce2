import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const WEB_ROOT = path.resolve(import.meta.dirname, '../../../dist/web');

/**
 * Serves the built single-page app, and index.html for every other page address (/user-guide,
 * /reset-password, ...) so the page's own routing takes over. Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) {
    app.log.warn(`No built web app in ${WEB_ROOT}: run "npm run build". Serving the API only.`);
  } else {
    await app.register(fastifyStatic, { root: WEB_ROOT, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (wantsPage && fs.existsSync(path.join(WEB_ROOT, 'index.html'))) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Not found' });
  });
});
