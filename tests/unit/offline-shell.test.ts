import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_PLACEHOLDER, shellFiles, withShell, writeShell } from '../../scripts/vite-offline-shell.ts';

// The build writes this release's app shell into the service worker (docs/decisions/047).

describe('the offline shell the build writes into sw.js', () => {
  it('lists the page and the files it loads, not the worker, compressed copies, maps or the build manifest', () => {
    expect(
      shellFiles([
        'index.html',
        'sw.js',
        'sw.js.br',
        'favicon.svg',
        'manifest.webmanifest',
        'icons/icon-192.png',
        'assets/index-AbC123.js',
        'assets/index-AbC123.js.br',
        'assets/index-AbC123.js.gz',
        'assets/index-AbC123.js.map',
        'assets/index-Xy12.css',
        '.vite/manifest.json',
      ]),
    ).toEqual([
      '/assets/index-AbC123.js',
      '/assets/index-Xy12.css',
      '/favicon.svg',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
  });

  it('refuses a worker without the placeholder rather than ship one with no shell', () => {
    expect(() => withShell("self.addEventListener('push', () => {});", { version: 'x', files: [] })).toThrow(
      'sw.js has no shell placeholder to replace',
    );
  });

  it('names the release after its files: a changed file gives a new version, the same files the same', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '../../src/web/public/sw.js'), 'utf8');
    expect(source).toContain(SHELL_PLACEHOLDER);
    const build = (script: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-shell-'));
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/index-AbC123.js"></script>');
      fs.writeFileSync(path.join(dir, 'assets/index-AbC123.js'), script);
      fs.writeFileSync(path.join(dir, 'sw.js'), source);
      writeShell(dir);
      const worker = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
      fs.rmSync(dir, { recursive: true, force: true });
      const shell = /const SHELL = (\{.*\});/.exec(worker)?.[1];
      return JSON.parse(shell ?? 'null') as { version: string; files: string[] };
    };
    const first = build('export const a = 1;');
    expect(first.files).toEqual(['/assets/index-AbC123.js', '/index.html']);
    expect(first.version).toMatch(/^[0-9a-f]{16}$/);
    expect(build('export const a = 1;').version).toBe(first.version);
    expect(build('export const a = 2;').version).not.toBe(first.version);
  });
});
