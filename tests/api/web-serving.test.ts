import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../src/server/plugins/errors.ts';
import { securityPlugin } from '../../src/server/plugins/security.ts';
import { inlineScriptHashes, webPlugin } from '../../src/server/plugins/web.ts';
import { precompressDirectory } from '../../scripts/precompress.ts';

// How the built web app is served: compressed copies chosen by Accept-Encoding, hashed assets cached
// for a year, the page itself revalidated every time. A small built app in a temporary folder stands
// in for dist/web, precompressed by the same function the build uses.

const SCRIPT = `export const greeting = ${JSON.stringify('Welcome to the club. '.repeat(200))};\n`;
/** The page's one inline script, as the build writes its early reads (docs/decisions/052). */
const INLINE = '(()=>{window.__earlyReads={}})();';
const PAGE = `<!doctype html><html><head><title>Team</title><script type="module" src="/assets/index-AbC123.js"></script><script>${INLINE}</script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

const PUBLIC = path.join(import.meta.dirname, '../../src/web/public');

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.mkdirSync(path.join(root, '.vite'));
  fs.writeFileSync(path.join(root, 'index.html'), PAGE);
  fs.writeFileSync(path.join(root, 'assets/index-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(root, 'sw.js'), "self.addEventListener('push', () => {});\n");
  // The real web app manifest and its icons, as the build copies them from src/web/public.
  fs.copyFileSync(path.join(PUBLIC, 'manifest.webmanifest'), path.join(root, 'manifest.webmanifest'));
  fs.cpSync(path.join(PUBLIC, 'icons'), path.join(root, 'icons'), { recursive: true });
  fs.writeFileSync(
    path.join(root, '.vite/manifest.json'),
    '{"index.html":{"file":"assets/index-AbC123.js"}}',
  );
  precompressDirectory(root);

  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { scriptHashes: inlineScriptHashes(root) });
  await app.register(async (api) => api.get('/ping', async () => ({ ok: true })), { prefix: '/api' });
  await app.register(webPlugin, { root });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, encoding = 'gzip, deflate, br, zstd') =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('the built web app', () => {
  it('sends a hashed script as brotli to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-AbC123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the page revalidated on every visit, compressed, at / and at every page address', async () => {
    for (const url of ['/', '/index.html', '/user-guide', '/verify-email?token=x', '/forgot-password']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toBe(PAGE);
    }
  });

  it('lets the favicon be kept a short while', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker at /sw.js as a script, asked about again each time', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest as application/manifest+json, kept a short while, allowed by the CSP', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    // No manifest-src of its own: default-src 'self' lets the page load its own manifest.
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['content-security-policy']).not.toMatch(/manifest-src/);
    const manifest = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString()) as {
      icons: { src: string; sizes: string; type: string }[];
    };
    for (const icon of manifest.icons) {
      const image = await get(icon.src);
      expect(image.statusCode, icon.src).toBe(200);
      expect(image.headers['content-type'], icon.src).toBe(icon.type);
      // A PNG's width and height are the big-endian numbers at bytes 16 and 20.
      const size = `${image.rawPayload.readUInt32BE(16)}x${image.rawPayload.readUInt32BE(20)}`;
      expect(size, icon.src).toBe(icon.sizes);
    }
  });

  it("allows the page's inline script by its hash, and no other inline script", async () => {
    const response = await get('/');
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect(inlineScriptHashes(path.join(root, 'no-such-folder'))).toEqual([]);
  });

  it('answers a missing asset with a JSON 404, not the page', async () => {
    const response = await get('/assets/index-Old999.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'Not found' });
  });

  it('sends the compressed copies only in place of their file, not at addresses of their own', async () => {
    const response = await get('/assets/index-AbC123.js.br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found' });
  });

  it('does not publish the build manifest', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.body).not.toContain('index-AbC123.js');
  });

  it('keeps API answers out of every cache', async () => {
    const response = await get('/api/ping');
    expect(response.headers['cache-control']).toBe('no-store');
    const missing = await get('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toEqual({ detail: 'Not found' });
  });
});
