// The thread that runs PGlite (started by pglite-thread.ts). PGlite executes every query
// synchronously inside WebAssembly: on the app's thread a list read stalled every other request for
// tens of milliseconds (docs/decisions/013). Here it stalls only this thread.
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { migrationsApplied, NEWEST_APPLIED_QUERY } from './migrations.ts';
import { errorFields, type Reply, type Request, type WorkerData } from './pglite-protocol.ts';

// V8 recompiles PGlite's busiest WebAssembly functions with its optimizing compiler on background
// threads, one per core by default; each thread's compiler memory stays in that thread's malloc arena
// once freed. One such thread: 20-50 MB less resident in the server (docs/decisions/034). Read when
// PGlite compiles its module, below (process-wide: it bounds only that background recompilation).
v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
// A function is recompiled once it has run for a while (V8's tiering budget). At 10 times V8's
// budget the start's one-off work (PostgreSQL's start, the catalog's first reads) is no longer
// recompiled on the second core while the app's own start needs it: 0.1-0.45 s off a healthy start in
// A/B runs on the busy 2-core machine; the queries a club runs all day still are, a little later
// (docs/decisions/034).
v8.setFlagsFromString('--wasm-tiering-budget=18000000');

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir, migrationsFolder, startParams, wasmModule } = workerData as WorkerData;

// Drizzle's PGlite driver asks for dates and times as the database's text (it parses them itself);
// its parsers are functions and cannot cross threads, so they are the same ones, here.
const asText = (value: string) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, asText],
  ),
);

const client = await PGlite.create(dataDir, {
  relaxedDurability: false,
  startParams,
  ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
});
// Most starts have nothing to apply: one query says so, and Drizzle's migrator (about 0.1 s of this
// thread to load, before its own statements) is loaded only when something is pending
// (db/migrations.ts).
const newest = await client.query<{ newest: string | null }>(NEWEST_APPLIED_QUERY).then(
  (result) => result.rows[0]?.newest,
  () => undefined,
);
if (!migrationsApplied(migrationsFolder, newest)) {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  await migrate(drizzle(client), { migrationsFolder });
}

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
}
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;
/** Thrown inside PGlite's transaction callback to make it roll back. */
const ROLL_BACK = Symbol('roll back');

function send(reply: Reply) {
  port?.postMessage(reply);
}

/** Opens a transaction that stays open (holding PGlite's lock) until its 'end' arrives. */
function begin(): Promise<{ tx: number; done: Promise<void> }> {
  return new Promise((opened, failed) => {
    const id = nextTransaction++;
    const done = client
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((end) => {
          transactions.set(id, { tx, end });
          opened({ tx: id, done });
        });
        if (!commit) throw ROLL_BACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLL_BACK) throw error;
      })
      .finally(() => transactions.delete(id));
    done.catch(failed);
  });
}

const finishing = new Map<number, Promise<void>>();

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? client : transactions.get(request.tx)?.tx;
      if (!target) throw new Error('The transaction has ended');
      const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: PARSERS,
      });
      return { rows, fields, affectedRows };
    }
    case 'begin': {
      const { tx, done } = await begin();
      finishing.set(tx, done);
      return tx;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      const done = finishing.get(request.tx);
      finishing.delete(request.tx);
      if (!open || !done) throw new Error('The transaction has ended');
      open.end(request.commit);
      await done;
      return null;
    }
    case 'listen':
      await client.listen(request.channel, (payload) => send({ notify: request.channel, payload }));
      return null;
    case 'close':
      if (!client.closed) await client.close();
      return null;
  }
}

port.on('message', ({ id, request }: { id: number; request: Request }) => {
  handle(request).then(
    (result) => send({ id, ok: true, result }),
    (error: unknown) => send({ id, ok: false, error: errorFields(error) }),
  );
});
send({ id: 0, ok: true, result: 'ready' });
