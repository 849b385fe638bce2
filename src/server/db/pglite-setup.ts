// First start on an empty data folder: creates the database (PGlite's initdb) and applies the
// migrations, in a short-lived child process (connect.ts). PGlite's set-up runs a second PostgreSQL
// instance and keeps copies of its memory, and never gives that memory back: in the server's process it
// stayed for good (978 MB). Here it ends with the process; the server then opens a ready folder
// (docs/decisions/034). Arguments: one JSON object, SetupData.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

export interface SetupData {
  dataDir: string;
  migrationsFolder: string;
  startParams: string[];
  initDbParams: string[];
}

const { dataDir, migrationsFolder, startParams, initDbParams } = JSON.parse(
  process.argv[2] ?? '{}',
) as SetupData;

try {
  const client = await PGlite.create(dataDir, {
    relaxedDurability: false,
    startParams,
    initDbStartParams: initDbParams,
  });
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
