import type { TestProject } from 'vitest/node';
import { bundlePgliteWorker } from './compiled-thread.ts';
import {
  pgliteTemplate,
  postgresTemplate,
  removeAbandonedScratch,
  templateKey,
} from './database-templates.ts';

// Once per run of the API tests: the migrated databases each test app copies (docs/decisions/033).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of a migrated PGlite database, to copy to DATA_DIR/pgdata. */
    pgliteTemplate: string;
    /** The migrated template database on TEST_DATABASE_URL's server, when it is set. */
    postgresTemplate: string | undefined;
    /** db/pglite-worker.ts bundled for this run (compiled-thread.ts): its file URL. */
    pgliteWorker: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  removeAbandonedScratch();
  const key = templateKey();
  const postgresUrl = process.env['TEST_DATABASE_URL'];
  const [pglite, postgres, worker] = await Promise.all([
    pgliteTemplate(key),
    postgresUrl ? postgresTemplate(postgresUrl, key) : undefined,
    bundlePgliteWorker(),
  ]);
  project.provide('pgliteTemplate', pglite);
  project.provide('postgresTemplate', postgres);
  project.provide('pgliteWorker', worker);
}
