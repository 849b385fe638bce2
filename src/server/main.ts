import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// Entry point of `npm start`: one process serving the API and the built web app.

const config = loadConfig();
const app = await buildApp({ config });

let closing = false;
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
