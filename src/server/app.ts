import path from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { ChatPostSender } from './features/announcements/chat-sender.ts';
import { startChangeCache } from './db/change-cache.ts';
import { configuredDatabase, type Database, type OpeningDatabase, startDatabase } from './db/connect.ts';
import { UPKEEP_EVERY_MS, UPKEEP_JOB, upkeepTask } from './db/upkeep.ts';
import { createAccessTokens } from './features/auth/access-tokens.ts';
import { createLinkSigner } from './features/auth/signed-links.ts';
import { readSigningSecret } from './features/auth/signing-secret.ts';
import type { BlobStore } from './blob-store/index.ts';
import { createHealthChecks } from './features/health/checks.ts';
import { MailStatus } from './mail/mail-status.ts';
import { MailSender } from './mail/sender.ts';
import { fileTransport, type MailTransport } from './mail/transport.ts';
import { AnswerCache } from './plugins/answer-cache.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { connectionLimitPlugin } from './plugins/connection-limit.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { pruneRateLimits, rateLimitPlugin } from './plugins/rate-limit.ts';
import { loggedUrl } from './plugins/request-log.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { securityPlugin } from './plugins/security.ts';
import { watchSlowBodies } from './plugins/slow-bodies.ts';
import { signedInScope, teamAccessPlugin } from './plugins/team-scope.ts';
import { inlineScriptHashes, WEB_ROOT, webPlugin } from './plugins/web.ts';
import { shortClubName } from './web-manifest.ts';
import { errorForLog } from './error-log.ts';
import { type RouteContext, type RouteScope, routesOf, type ServerFeature } from './feature-module.ts';
import { SERVER_FEATURES } from './features.ts';
import { NotificationSender } from './features/notifications/sender.ts';
import { Scheduler } from './scheduler.ts';
import { createServices, type Services } from './services.ts';

export interface AppOptions {
  config: Config;
  /** An already-open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /**
   * The configured database, already being opened (main.ts starts it before the app's modules load);
   * the app closes it, as one it opened itself.
   */
  opening?: OpeningDatabase;
  /** Start the background mail sender (off in tests that drain the outbox themselves). */
  startMailSender?: boolean;
  /** Start the background group-chat sender (off where startMailSender is, unless set). */
  startChatPostSender?: boolean;
  /** Start the scheduler (off where startMailSender is, unless set). */
  startScheduler?: boolean;
  /** Seconds before a failed cross-post is tried again (tests shorten it). */
  chatPostRetryDelay?: (attempts: number) => number;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export interface App extends FastifyInstance {
  database: Database;
  /** Polled team reads' answers kept under their ETag (plugins/answer-cache.ts). */
  answerCache: AnswerCache;
  mailSender: MailSender;
  chatPostSender: ChatPostSender;
  /** Runs each feature's due jobs (scheduler.ts; tests call drain()). */
  scheduler: Scheduler;
  /** Emails and pushes notifications (features/notifications/sender.ts; tests call drain()). */
  notificationSender: NotificationSender;
  /** Where document files live (blob-store/). */
  blobStore: BlobStore;
  /** Removes orphan blobs announced more than `olderThanMs` ago (hourly; tests call it). */
  sweepBlobs(olderThanMs?: number): Promise<number>;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

const BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_TIMEOUT_MS = 20_000;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/**
 * An idle keep-alive connection is closed after this long (plugins/connection-limit.ts does not count
 * it). Behind proxies, Fastify's 72 s stays: longer than a load balancer's own idle limit (60 s on
 * AWS), so a proxy never sends a request on a connection the app is closing.
 */
const KEEP_ALIVE_MS = 10_000;
const PROXY_KEEP_ALIVE_MS = 72_000;
const STARTUP_CHECK_MS = 10_000;

/**
 * Builds the app while its database gets ready (PGlite's thread starts PostgreSQL and checks the
 * migrations meanwhile: docs/decisions/034); resolves once both are, so nothing is served before the
 * database is.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const opening = options.database
    ? { database: Promise.resolve(options.database), ready: Promise.resolve() }
    : (options.opening ?? startDatabase(configuredDatabase(options.config)));
  // Awaited once the app is assembled: a failure meanwhile is not an unhandled one.
  opening.ready.catch(() => undefined);
  const database = await opening.database;
  try {
    const app = await assembleApp(options, database);
    await opening.ready;
    return app;
  } catch (error) {
    if (!options.database) await database.close().catch(() => undefined);
    // The database's own failure, when it is why the rest failed (its calls fail once its thread stopped).
    await opening.ready;
    throw error;
  }
}

async function assembleApp(options: AppOptions, database: Database): Promise<App> {
  const { config } = options;
  const { db } = database;

  const serializeAnswers = responseSerializerCompiler(config.NODE_ENV === 'test');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: {
              // No query string, no secret path part, no email or code (plugins/request-log.ts).
              req: (request) => ({
                method: request.method,
                url: loggedUrl(request),
                remoteAddress: request.ip,
              }),
              // No failed query's values, failing row or mail server's reply (error-log.ts).
              err: errorForLog,
            },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // Headers must arrive within about 20 s, and a connection on which nothing moves for 20 s is closed
    // (a stalled body with 408, plugins/slow-bodies.ts). A body that keeps arriving at a phone's pace
    // may take up to 10 minutes: a 10 MB document from a phone on a weak signal (80 s at 1 Mbit/s)
    // must not be cut; slower than 1 KB/s, or a JSON body not whole within 20 s, is cut with 408.
    // Node checks these timers only every connectionsCheckingInterval, so that runs every 2 s
    // (STACK-NOTES). The live stream, which must stay open, turns the idle limit off for itself.
    requestTimeout: UPLOAD_TIMEOUT_MS,
    keepAliveTimeout: config.TRUST_PROXY_HOPS === 0 ? KEEP_ALIVE_MS : PROXY_KEEP_ALIVE_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS,
    http: { connectionsCheckingInterval: 2_000, headersTimeout: REQUEST_TIMEOUT_MS },
    clientErrorHandler,
    frameworkErrors,
    // Trust X-Forwarded-For only from the configured number of proxies in front of the app.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    // Requests are checked by zod, and answers written from their schemas, under tests each one checked
    // by zod too (docs/decisions/035). Given here rather than set on the instance, so that Fastify
    // never loads its own validator and serializer (ajv and fast-json-stringify: about 100 modules to
    // read at every start, docs/decisions/034).
    schemaController: {
      // Typed for ajv's compilers; at run time what setValidatorCompiler and setSerializerCompiler install.
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializeAnswers,
      } as unknown as CompilersFactory,
    },
  }) as unknown as App;
  app.decorate('database', database);
  const stopWatchingBodies = watchSlowBodies(app.server);
  const answerCache = new AnswerCache();
  app.decorate('answerCache', answerCache);

  // The SMTP code loads only when SMTP_URL is set (docs/decisions/034).
  const transport: MailTransport = config.SMTP_URL
    ? (await import('./mail/smtp-transport.ts')).smtpTransport(config.SMTP_URL)
    : fileTransport(path.join(config.DATA_DIR, 'mail'), (message) => app.log.info(message));
  const mailStatus = new MailStatus((timeoutMs) => transport.verify(timeoutMs));
  const mailSender = new MailSender(
    db,
    transport,
    config,
    config.MAIL_POLL_SECONDS * 1000,
    app.log,
    mailStatus,
  );
  app.decorate('mailSender', mailSender);
  const chatPostSender = new ChatPostSender(
    db,
    {
      apiUrl: config.GROUPME_API_URL,
      pollMs: config.CHAT_POST_POLL_SECONDS * 1000,
      ...(options.chatPostRetryDelay ? { retryDelay: options.chatPostRetryDelay } : {}),
    },
    app.log,
  );
  app.decorate('chatPostSender', chatPostSender);

  const { secret: signingSecret, legacyRemoved } = await readSigningSecret(db, {
    configured: config.JWT_SECRET,
    database: database.kind,
    dataDir: config.DATA_DIR,
  });
  const tokens = createAccessTokens(signingSecret, config.ACCESS_TOKEN_TTL_HOURS);
  const links = createLinkSigner(signingSecret);
  const services = createServices({
    db,
    config,
    tokens,
    links,
    mailQueued: () => mailSender.nudge(),
    chatPostQueued: () => chatPostSender.nudge(),
    log: app.log,
  });
  const scheduler = new Scheduler(db, config.NOTIFY_POLL_SECONDS * 1000, app.log);
  for (const feature of SERVER_FEATURES as readonly ServerFeature<Services>[]) {
    for (const work of feature.jobs?.(services, config) ?? []) {
      if ('handler' in work) scheduler.register(work.job, work.handler);
      else scheduler.every(work.job, work.everyMs, work.run);
    }
  }
  const upkeep = upkeepTask(database);
  if (upkeep) scheduler.every(UPKEEP_JOB, UPKEEP_EVERY_MS, upkeep);
  app.decorate('scheduler', scheduler);
  const notificationSender = new NotificationSender({
    db,
    links,
    zone: config.TEAM_TIME_ZONE,
    pollMs: config.NOTIFY_POLL_SECONDS * 1000,
    log: app.log,
    mailQueued: () => mailSender.nudge(),
    push: services.pushChannel,
    // Going / Maybe / Can't go in an email, for each player the person has not answered for yet.
    answerPlayers: async (userId, event) =>
      (await services.rsvpReminders.unansweredPlayersOf(userId, event)).map((player) => ({
        playerId: player.id,
        name: player.name,
      })),
  });
  app.decorate('notificationSender', notificationSender);
  const blobGraceMs = config.BLOB_SWEEP_GRACE_MINUTES * 60_000;
  app.decorate('blobStore', services.blobs);
  // Orphan blobs (announced, named by no document) and what interrupted writes left in the store.
  const sweepBlobs = async (olderThanMs = blobGraceMs) =>
    (await services.documents.sweep(olderThanMs)) + (await services.blobs.sweepTemporary(olderThanMs));
  app.decorate('sweepBlobs', sweepBlobs);
  const health = createHealthChecks({
    database,
    blobStore: services.blobs,
    mail: mailStatus,
    log: app.log,
  });
  const routeContext: RouteContext = { config, database, answers: answerCache, health, signingSecret };

  // External plugins, then our own, then routes.
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(jsonBodyPlugin, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(errorsPlugin);
  const webRoot = config.WEB_DIR ?? WEB_ROOT;
  await app.register(securityPlugin, {
    scriptHashes: config.SERVE_WEB ? inlineScriptHashes(webRoot) : [],
  });
  await app.register(connectionLimitPlugin, {
    maxPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
    trustProxyHops: config.TRUST_PROXY_HOPS,
  });
  await app.register(rateLimitPlugin, { db });
  await app.register(authenticatePlugin, { auth: services.auth });
  await app.register(teamAccessPlugin);

  await app.register(
    async (api) => {
      await registerFeatureRoutes(api, 'public', routeContext, services);
      // Everything below needs a signed-in user; :teamId routes get the caller's team access loaded.
      await api.register(
        signedInScope(db, answerCache, (scope) =>
          registerFeatureRoutes(scope, 'signedIn', routeContext, services),
        ),
      );
    },
    { prefix: '/api' },
  );
  if (config.SERVE_WEB) {
    await app.register(webPlugin, {
      root: webRoot,
      club: {
        name: config.CLUB_NAME,
        shortName: config.CLUB_SHORT_NAME ?? shortClubName(config.CLUB_NAME),
        themeColor: config.CLUB_THEME_COLOR,
      },
    });
  } else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not found' }));

  const housekeeping = setInterval(
    () => {
      pruneRateLimits(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'rate-limit cleanup failed'),
      );
      sweepBlobs().catch((error: unknown) => app.log.warn({ err: error }, 'blob sweep failed'));
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();

  // The blob store is checked once at start: what is wrong is said plainly in the log, and the rest of
  // the app serves meanwhile (uploads and downloads answer 503 until the store is usable).
  app.addHook('onReady', async () => {
    void services.blobs.check({ timeoutMs: STARTUP_CHECK_MS }).then(
      () => app.log.info(`blob store check: ok (${services.blobs.kind})`),
      (error: unknown) =>
        app.log.error(
          `The blob store (${services.blobs.kind}) cannot be used: ${error instanceof Error ? error.message : String(error)}. ` +
            'Uploads and downloads answer 503 until this is fixed; everything else is served.',
        ),
    );
  });
  if (options.startMailSender !== false) app.addHook('onReady', async () => mailSender.start());
  if ((options.startChatPostSender ?? options.startMailSender) !== false) {
    app.addHook('onReady', async () => chatPostSender.start());
  }
  if ((options.startScheduler ?? options.startMailSender) !== false) {
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onReady', async () => notificationSender.start());
  }
  const stopChangeCache = await startChangeCache(database);
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    stopWatchingBodies();
    await stopChangeCache();
    await mailSender.stop();
    await chatPostSender.stop();
    await scheduler.stop();
    await notificationSender.stop();
    if (!options.database) await database.close();
  });
  await legacyRemoved;
  return app;
}

/** Every feature's route groups of `scope`, in the order of features.ts (docs/decisions/037). */
async function registerFeatureRoutes(
  api: FastifyInstance,
  scope: RouteScope,
  context: RouteContext,
  services: Services,
): Promise<void> {
  for (const feature of SERVER_FEATURES as readonly ServerFeature<Services>[]) {
    for (const group of routesOf(feature)) {
      if (group.scope === scope) await group.register(api, context, services);
    }
  }
}
