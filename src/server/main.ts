import type { App } from './app.ts';
import { loadConfig } from './config.ts';
import { configuredDatabase, startDatabase } from './db/connect.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

// Entry point of `npm start`: one process serving the API and the built web app.

/** A start-up problem the operator fixes (bad setting, folder in use): its message, not a stack trace. */
function refuseToStart(error: unknown): never {
  const expected =
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'));
  if (!expected) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let app: App;
try {
  config = loadConfig();
  // The database opens while the app's modules load: PGlite's thread compiles and starts PostgreSQL
  // on a core of its own meanwhile (docs/decisions/034). Its failure (the folder in use) is awaited
  // by buildApp, and must not count as unhandled before that.
  const opening = startDatabase(configuredDatabase(config));
  opening.database.catch(() => undefined);
  const { buildApp } = await import('./app.ts');
  app = await buildApp({ config, opening });
} catch (error) {
  refuseToStart(error);
}

let closing = false;
// PGlite's thread died: this process can serve nothing any more. Stop (releasing the data folder) so
// that the supervisor starts a fresh one, rather than answer every request with an error.
app.database.onFailure((error) => {
  if (closing) return;
  closing = true;
  app.log.fatal({ err: error }, 'the database stopped; exiting');
  const exit = () => process.exit(1);
  setTimeout(exit, 5_000).unref();
  app.close().then(exit, exit);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // Closing drains requests in flight, stops the mail sender and closes the database (and its lock).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `${config.CLUB_NAME} is running at ${config.PUBLIC_URL} (database: ${app.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`})`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
