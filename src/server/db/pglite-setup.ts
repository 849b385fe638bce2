// First start on an empty data folder: creates the database (PGlite's initdb) and applies the
// migrations, in a short-lived child process (connect.ts; started with a small young generation, one
// WebAssembly compiler task and one malloc arena). PGlite's set-up runs a second
// PostgreSQL instance beside the first and never gives its memory back: in the server's process it
// stayed for good. Here it ends with the process; the server then opens a ready folder. Three things
// keep this process near 300 MB (it peaked at 730 MB; docs/decisions/034):
// - initdb writes the database straight into the folder: PGlite hands an in-memory file system to
//   initdb as it is, while for a folder it builds the whole database in memory, packs it into a tarball
//   and unpacks that (+110-190 MB). The folder is mounted under a MemoryFS, so initdb writes to disk.
// - initdb's copy of its helper's memory keeps only the pages that are not zero (initdb-heap.ts).
// - The database is built under `<folder>.partial` and renamed when complete: an interrupted set-up
//   never leaves a folder that looks ready (initdb writes PG_VERSION first).
// Arguments: one JSON object, SetupData. Writes one JSON line: its peak memory.
import fs from 'node:fs';
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { useSparseInitdbHeap } from './initdb-heap.ts';

export interface SetupData {
  dataDir: string;
  migrationsFolder: string;
  startParams: string[];
  initDbParams: string[];
}

type PostgresMod = PGlite['Module'];

/** Where PGlite's PostgreSQL keeps its data inside its own file system. */
const PGDATA = '/pglite/data';

/** An in-memory file system with `folder` mounted as the database's data directory. */
class FolderUnderMemoryFS extends MemoryFS {
  constructor(private readonly folder: string) {
    super();
  }

  override async init(pg: PGlite, options: Partial<PostgresMod>) {
    const { emscriptenOpts } = await super.init(pg, options);
    const mount = (mod: PostgresMod) => {
      mod.FS.mkdirTree(PGDATA);
      mod.FS.mount(mod.NODEFS, { root: this.folder }, PGDATA);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), mount] } };
  }
}

const { dataDir, migrationsFolder, startParams, initDbParams } = JSON.parse(
  process.argv[2] ?? '{}',
) as SetupData;

try {
  const partial = `${dataDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  useSparseInitdbHeap(PGlite);
  const client = await PGlite.create({
    fs: new FolderUnderMemoryFS(partial),
    relaxedDurability: false,
    startParams,
    initDbStartParams: initDbParams,
  });
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  // An empty folder left by an earlier attempt goes; one with anything in it stops the set-up.
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
  fs.renameSync(partial, dataDir);
  // The peak of this process's memory, for whoever wants it (the start-up test).
  process.stdout.write(`${JSON.stringify({ peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
