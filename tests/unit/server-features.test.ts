import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_FEATURES, SERVER_LAYERS } from '../../src/server/features.ts';
import { routesOf, type ServerFeature } from '../../src/server/feature-module.ts';

// A feature is one folder plus one registration (docs/decisions/037): a folder without its module in
// the list would serve nothing, and a list whose layers point up or sideways would not be a layering.

const folders = fs
  .readdirSync('src/server/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const features = SERVER_FEATURES as readonly ServerFeature<object>[];

describe('the server features', () => {
  it('lists every feature folder once, each with its feature.ts', () => {
    expect(features.map((feature) => feature.name).sort()).toEqual(folders);
    for (const name of folders) expect(fs.existsSync(`src/server/features/${name}/feature.ts`)).toBe(true);
  });

  it('lets a feature use only features listed before it', () => {
    features.forEach((feature, at) => {
      const before = features.slice(0, at).map((earlier) => earlier.name);
      for (const used of feature.uses) expect(before, `${feature.name} uses ${used}`).toContain(used);
    });
    expect(SERVER_LAYERS['calendar']).toEqual(['auth', 'teams', 'invites', 'roster', 'events']);
  });

  // Loading the config loads ESLint's plugins: 1.5-2.3 s, and 5.6 s (past vitest's 5 s) with four workers
  // on a machine already busy (docs/decisions/044).
  it(
    'lints the same layers the feature modules declare (eslint.config.js keeps a copy)',
    { timeout: 60_000 },
    async () => {
      // A path in a variable: the config is JavaScript without types, loaded as it is.
      const config = '../../eslint.config.js';
      const { SERVER_LAYERS: linted } = (await import(config)) as {
        SERVER_LAYERS: Record<string, readonly string[]>;
      };
      const sorted = (layers: Readonly<Record<string, readonly string[]>>) =>
        Object.fromEntries(Object.entries(layers).map(([name, uses]) => [name, [...uses].sort()]));
      expect(sorted(linted)).toEqual(sorted(SERVER_LAYERS));
    },
  );

  it('writes each route prefix once: in its feature module, not again in a route file', () => {
    const mounts = features.flatMap((feature) =>
      routesOf(feature).map((group) => `${group.scope} ${group.prefix}`),
    );
    // Every group has its prefix: none is mounted at the API's root with its words in its paths.
    for (const mount of mounts) expect(mount).toMatch(/^(public|signedIn) (\/[a-z-]+)+$/);
    const prefixes = features.flatMap((feature) => routesOf(feature).map((group) => group.prefix));
    expect(prefixes).toContain('/team-rsvp');
    // Each route group's paths, read from its route file (the function a group mounts).
    const groups = folders.flatMap((name) =>
      fs
        .readdirSync(`src/server/features/${name}`)
        .filter((file) => /routes\.ts$/.test(file))
        .flatMap((file) => {
          const source = fs.readFileSync(`src/server/features/${name}/${file}`, 'utf8');
          return source
            .split(/^export (?:async )?function /m)
            .slice(1)
            .map((body) => ({
              where: `${name}/${file} ${body.slice(0, body.indexOf('('))}`,
              paths: [...body.matchAll(/\.(?:get|post|put|patch|delete)(?:<[^(]*>)?\(\s*'([^']*)'/g)].map(
                ([, path]) => path ?? '',
              ),
            }));
        }),
    );
    expect(groups.flatMap((group) => group.paths).length).toBeGreaterThan(80);
    for (const { where, paths } of groups) {
      for (const path of paths) {
        // A mounted prefix spelled again at the start of a path ('/messaging/...' in a route file).
        const again = prefixes.filter((prefix) => path === prefix || path.startsWith(`${prefix}/`));
        expect(again, `${where}: '${path}'`).toEqual([]);
      }
      // A word that begins several of a group's paths is part of its prefix ('/announcements/:id' and
      // '/announcements/:id/comments' under '/messaging'): it belongs in feature.ts.
      const firstWords = [...new Set(paths)].map((path) => path.split('/')[1] ?? '');
      const repeated = firstWords.filter(
        (word, at) => word !== '' && !word.startsWith(':') && firstWords.indexOf(word) !== at,
      );
      expect(repeated, `${where}: ${paths.join(' ')}`).toEqual([]);
    }
  });

  it("leaves loading a team's access to the signed-in scope (docs/decisions/036)", () => {
    const callers = folders.flatMap((name) =>
      fs
        .readdirSync(`src/server/features/${name}`)
        .filter((file) => file.endsWith('.ts'))
        .map((file) => `${name}/${file}`)
        .filter((file) => fs.readFileSync(`src/server/features/${file}`, 'utf8').includes('loadTeamAccess')),
    );
    expect(callers).toEqual(['teams/access.ts']);
  });
});
