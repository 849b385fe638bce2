import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PROJECT_ROOT } from '../project-root.ts';
import { type ClubIdentity, clubManifest } from '../web-manifest.ts';

export const WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');

/** Vite puts every hashed (content-named) file here: a new build gives changed files new names. */
const HASHED_DIR = 'assets';
const CACHE_HASHED = 'public, max-age=31536000, immutable';
/** The page names the current hashed files, so a browser asks each time whether it changed (304). */
const CACHE_PAGE = 'no-cache';
/** The service worker: a browser asks each time whether it changed, so a fix reaches every device. */
const SERVICE_WORKER = 'sw.js';
/** Unhashed public files (the favicon) may change under the same name. */
const CACHE_PUBLIC = 'public, max-age=3600';

/** The Cache-Control of a file in the built app, given its path relative to the root. */
export function webCacheControl(relativePath: string): string {
  const file = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file.startsWith(`${HASHED_DIR}/`)) return CACHE_HASHED;
  if (file.endsWith('.html') || file === SERVICE_WORKER) return CACHE_PAGE;
  return CACHE_PUBLIC;
}

/**
 * The CSP sources that allow the built page's inline scripts (its early reads, docs/decisions/052), read
 * from the page the server sends: none when there is no built page. A page rebuilt while the server runs
 * has a script the old hash refuses; the app then makes those reads itself.
 */
export function inlineScriptHashes(root: string = WEB_ROOT): string[] {
  let page: string;
  try {
    page = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

export interface WebPluginOptions {
  /** The built app; dist/web by default. */
  root?: string;
  /**
   * The club's name, short name and theme colour: with them, /manifest.webmanifest is the build's with
   * these in place of its own (web-manifest.ts); without, the build's file as it is.
   */
  club?: ClubIdentity;
}

/** The web app manifest's file in the build (from src/web/public). */
const MANIFEST = 'manifest.webmanifest';

/**
 * Serves the built single-page app, and index.html for every other page address (/user-guide,
 * /reset-password, ...) so the page's own routing takes over. The build writes brotli and gzip copies
 * beside each file; the one the browser accepts is sent (with `Vary: Accept-Encoding`). Unknown /api
 * paths and missing /assets files stay JSON 404s: a stale script name must fail as a script, not parse
 * the page as JavaScript.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebPluginOptions) => {
  const root = options.root ?? WEB_ROOT;
  const hasPage = () => fs.existsSync(path.join(root, 'index.html'));
  if (!hasPage()) {
    app.log.warn(`No built web app in ${root}: run "npm run build". Serving the API only.`);
  } else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // One route for each file the browser asks for: its compressed copies are sent in its place, and
      // need no routes (addresses) of their own, which were two thirds of the routes built at every
      // start (docs/decisions/034).
      globIgnore: options.club ? ['**/*.br', '**/*.gz', MANIFEST] : ['**/*.br', '**/*.gz'],
      cacheControl: false,
      // The build manifest (.vite/) is for the budget script, not for browsers.
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', webCacheControl(path.relative(root, filePath)));
      },
    });
  }
  const { club } = options;
  if (club && hasPage()) {
    // Read at each request as the static files are, so a release's manifest is the one sent: a few
    // hundred bytes, not worth compressing.
    app.get(`/${MANIFEST}`, async (_request, reply) => {
      let built: Record<string, unknown>;
      try {
        built = JSON.parse(await fs.promises.readFile(path.join(root, MANIFEST), 'utf8')) as Record<
          string,
          unknown
        >;
      } catch {
        return reply.status(404).send({ detail: 'Not found' });
      }
      return reply
        .header('Cache-Control', CACHE_PUBLIC)
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(clubManifest(built, club)));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith(`/${HASHED_DIR}/`);
    if (wantsPage && hasPage()) return reply.sendFile('index.html');
    return reply.status(404).send({ detail: 'Not found' });
  });
});
