import type { FastifyInstance } from 'fastify';
import type { BlobStore } from './blob-store/index.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/connect.ts';
import type { AccessTokens } from './features/auth/access-tokens.ts';
import type { LinkSigner } from './features/auth/signed-links.ts';
import type { HealthChecks } from './features/health/checks.ts';
import type { AnswerCache } from './plugins/answer-cache.ts';
import type { JobHandler } from './scheduler.ts';

// What a server feature gives the app (docs/decisions/037): one module per feature folder
// (features/<name>/feature.ts), listed once in features.ts. It names the features it may use (the
// layer rule), makes its services from the shared dependencies (services.ts folds them together) and
// mounts its routes, each group under its prefix and in its scope (app.ts registers them in list order).

/** What createServices is given: the same for the app, the CLI and the demo seed. */
export interface ServiceDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  /** Signs links that work without signing in (RSVP answers from an email, unsubscribe). */
  links: LinkSigner;
  /** Tells the mail sender something was queued. */
  mailQueued: () => void;
  /** Tells the group-chat sender a cross-post was queued. */
  chatPostQueued?: () => void;
  /** Where document files go; by default the configured store (blob-store/index.ts). */
  blobs?: BlobStore;
  log?: { warn(object: object, message: string): void };
}

/** What a feature's service factory receives: the dependencies made whole, and what the composition root wires across layers. */
export interface FeatureDeps extends Omit<ServiceDeps, 'blobs' | 'chatPostQueued'> {
  blobs: BlobStore;
  chatPostQueued: () => void;
  /** Whether a team has this invite code (auth sits below teams, so it is handed this, services.ts). */
  inviteCodeExists: (code: string) => Promise<boolean>;
}

/** What the app hands route groups besides their feature's services. */
export interface RouteContext {
  config: Config;
  database: Database;
  /** Polled team reads' answers (plugins/answer-cache.ts). */
  answers: AnswerCache;
  health: HealthChecks;
  /** Signs access tokens and calendar-feed secrets (features/auth/signing-secret.ts). */
  signingSecret: string;
}

/**
 * 'public': answered before sign-in. 'signedIn': behind authentication, with :teamId (or `teamOf`)
 * access loading and the answer cache (plugins/team-scope.ts).
 */
export type RouteScope = 'public' | 'signedIn';

export interface FeatureRoutes<S> {
  scope: RouteScope;
  /** Where the group is mounted under /api: the one place its URL prefix is written. */
  prefix: string;
  register(api: FastifyInstance, context: RouteContext, services: S): Promise<unknown>;
}

/** Makes a route group: `plugin` mounted at `prefix`, its options made from the feature's services and the context. */
export type RouteGroupOf<S> = <O extends object>(
  scope: RouteScope,
  prefix: string,
  plugin: (app: FastifyInstance, options: O) => Promise<void>,
  options: (services: S, context: RouteContext) => O,
) => FeatureRoutes<S>;

function routeGroup<S>(...[scope, prefix, plugin, options]: Parameters<RouteGroupOf<S>>): FeatureRoutes<S> {
  return {
    scope,
    prefix,
    register: async (api, context, services) =>
      api.register(plugin, { ...options(services, context), ...(prefix === '' ? {} : { prefix }) }),
  };
}

export interface ServerFeature<S extends object = object> {
  /** The folder's name under src/server/features. */
  name: string;
  /** The other features this one may import (each lower in the layering); the layer rule reads them. */
  uses: readonly string[];
  /** Its services, from the shared dependencies and the services of the features listed before it. */
  services?: (deps: FeatureDeps, earlier: Readonly<Record<string, unknown>>) => S;
  /** Its route groups, registered in this order (made with `group`, which knows its services' type). */
  routes?: (group: RouteGroupOf<S>) => readonly FeatureRoutes<S>[];
  /** Work it does at a time (scheduler.ts): jobs run when due, or tasks run every so often. */
  jobs?: (services: S, config: Config) => readonly ScheduledWork[];
}

/** A job run when one of its rows falls due, or a task run about every `everyMs` (scheduler.ts). */
export type ScheduledWork =
  { job: string; handler: JobHandler } | { job: string; everyMs: number; run: () => Promise<void> };

/** A feature's route groups. */
export function routesOf<S extends object>(feature: ServerFeature<S>): readonly FeatureRoutes<S>[] {
  return feature.routes?.(routeGroup as RouteGroupOf<S>) ?? [];
}

/** Types a feature module (its services' type flows to its routes' options and to services.ts). */
export function defineFeature<S extends object = object>(feature: ServerFeature<S>): ServerFeature<S> {
  return feature;
}
