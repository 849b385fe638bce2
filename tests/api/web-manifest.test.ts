import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { shortClubName } from '../../src/server/web-manifest.ts';
import { BACKENDS, startTestApp, type TestApp } from '../support/test-app.ts';

// The web app manifest names and colours the installed app as the club (issue 20 'Installable',
// docs/decisions/047 'Update'): the server answers /manifest.webmanifest with the build's manifest
// (icons, start URL, display) and CLUB_NAME, CLUB_SHORT_NAME (or a shortening of the name) and
// CLUB_THEME_COLOR in place of its own. A small built app in a temporary folder stands in for dist/web,
// with the real manifest the build copies from src/web/public.

const PUBLIC = path.join(import.meta.dirname, '../../src/web/public');
const BUILT = JSON.parse(fs.readFileSync(path.join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as Record<
  string,
  unknown
>;

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-manifest-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Team</title><div id="root"></div>');
  fs.copyFileSync(path.join(PUBLIC, 'manifest.webmanifest'), path.join(root, 'manifest.webmanifest'));
  // A stale compressed copy of the build's: never sent in place of the club's.
  fs.writeFileSync(path.join(root, 'manifest.webmanifest.gz'), 'not the club manifest');
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.each(BACKENDS)('the web app manifest on $name', (backend) => {
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const t = await startTestApp(backend, { SERVE_WEB: 'true', WEB_DIR: root, ...env });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('names the app as the club, shortened to 12 characters, in the brand green when the club sets no colour', async () => {
    const t = await start({ CLUB_NAME: 'Riverside Youth Soccer Club' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    // The build's manifest otherwise: the icons, start URL, scope and display are the build's.
    expect(response.json()).toEqual({
      ...BUILT,
      name: 'Riverside Youth Soccer Club',
      short_name: 'Riverside',
      theme_color: '#065f46',
    });
  });

  it("takes the club's short name and theme colour when set", async () => {
    const t = await start({
      CLUB_NAME: 'Lakeside United Football Club',
      CLUB_SHORT_NAME: 'Lakeside FC',
      CLUB_THEME_COLOR: '#1D4ED8',
    });
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Lakeside United Football Club',
      short_name: 'Lakeside FC',
      theme_color: '#1d4ed8',
      display: 'standalone',
      start_url: '/',
    });
  });
});

describe("the club's short name and theme colour settings", () => {
  it('shortens a name to its leading words that fit in 12 characters', () => {
    expect(shortClubName('Riverside Youth Soccer Club')).toBe('Riverside');
    expect(shortClubName('FC Lakeside United')).toBe('FC Lakeside');
    expect(shortClubName('Test Valley FC')).toBe('Test Valley');
    expect(shortClubName('Hawks')).toBe('Hawks');
    // A first word longer than 12 characters: its first 12.
    expect(shortClubName('Wolverhamptonshire Juniors')).toBe('Wolverhampto');
  });

  it('takes a #rrggbb colour (any case) and a short name of 12 characters at most', () => {
    expect(loadConfig({}).CLUB_THEME_COLOR).toBe('#065f46');
    expect(loadConfig({}).CLUB_SHORT_NAME).toBeUndefined();
    expect(loadConfig({ CLUB_THEME_COLOR: '#A1B2C3' }).CLUB_THEME_COLOR).toBe('#a1b2c3');
    expect(loadConfig({ CLUB_SHORT_NAME: ' Lakeside FC ' }).CLUB_SHORT_NAME).toBe('Lakeside FC');
    for (const colour of ['065f46', '#065f4', '#065f46ff', 'green', '#06g f46', 'rgb(6,95,70)']) {
      expect(() => loadConfig({ CLUB_THEME_COLOR: colour }), colour).toThrow(
        'CLUB_THEME_COLOR must be a colour written #rrggbb',
      );
    }
    // Twelve characters as a reader counts them (and as the name's shortening does), 17 UTF-16 units.
    expect(loadConfig({ CLUB_SHORT_NAME: 'Río FC 🥅🥅🥅🥅🥅' }).CLUB_SHORT_NAME).toBe('Río FC 🥅🥅🥅🥅🥅');
    expect(() => loadConfig({ CLUB_SHORT_NAME: 'Lakeside United' })).toThrow(
      'CLUB_SHORT_NAME must be at most 12 characters',
    );
  });
});
