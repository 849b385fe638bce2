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

  it('lints the same layers the feature modules declare (eslint.config.js keeps a copy)', async () => {
    // A path in a variable: the config is JavaScript without types, loaded as it is.
    const config = '../../eslint.config.js';
    const { SERVER_LAYERS: linted } = (await import(config)) as {
      SERVER_LAYERS: Record<string, readonly string[]>;
    };
    const sorted = (layers: Readonly<Record<string, readonly string[]>>) =>
      Object.fromEntries(Object.entries(layers).map(([name, uses]) => [name, [...uses].sort()]));
    expect(sorted(linted)).toEqual(sorted(SERVER_LAYERS));
  });

  it('writes each route prefix once: in its feature module, not again in a route file', () => {
    const mounts = features.flatMap((feature) =>
      routesOf(feature).map((group) => `${group.scope} ${group.prefix}`),
    );
    for (const mount of mounts) expect(mount).toMatch(/^(public|signedIn) (\/[a-z-]+)*$/);
    const prefixes = features.flatMap((feature) => routesOf(feature).map((group) => group.prefix));
    expect(prefixes).toContain('/team-rsvp');
    const routeFiles = folders.flatMap((name) =>
      fs
        .readdirSync(`src/server/features/${name}`)
        .filter((file) => /routes\.ts$/.test(file))
        .map((file) => fs.readFileSync(`src/server/features/${name}/${file}`, 'utf8')),
    );
    // A prefix mounted by a module is not spelled again at the start of a path in a route file. Not yet
    // so: route groups mounted at the API's root whose paths start with another group's prefix.
    const spelledTwice: Record<string, string> = {
      '/teams': "joining's /teams/join and moderators' /teams/:teamId/potential-moderators",
      '/auth': "joining's /auth/setup-password",
      '/moderators': "the signed-in moderators' routes, mounted at the root beside potential-moderators",
    };
    for (const prefix of new Set(prefixes.filter((p) => p !== '' && !(p in spelledTwice)))) {
      for (const source of routeFiles) expect(source).not.toContain(`'${prefix}/`);
    }
  });
});
