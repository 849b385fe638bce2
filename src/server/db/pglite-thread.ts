import { Worker } from 'node:worker_threads';
import { fromDatabase } from './errors.ts';
import { errorFrom, type Reply, type Request, type WorkerData } from './pglite-protocol.ts';
import { RUNNING_TYPESCRIPT, siblingModule, tsxModule } from './sibling-module.ts';

// PGlite on a thread of its own (pglite-worker.ts), seen from the app's thread as the few methods
// Drizzle's PGlite driver calls: query, transaction, listen, close. Queries keep PGlite's order and
// its one lock: a transaction holds it from begin to end, and other queries wait in the worker.

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What a transaction's callback gets: queries inside that transaction. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
}

/**
 * The thread's JavaScript is PGlite's few calls and the rows of each answer: an 8 MB young generation
 * is plenty, where V8 would grow it to 48 MB and keep that resident (docs/decisions/034).
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * Starts the worker: the compiled module as it is (the bundle's sibling, or `compiled`), or the
 * TypeScript one through tsx's own API, since a worker thread does not inherit the `--import tsx` hooks
 * of the app's thread (nor vitest's).
 */
function startWorker(data: WorkerData, compiled?: URL): Worker {
  const options = { workerData: data, resourceLimits: THREAD_LIMITS };
  if (compiled) return new Worker(compiled, options);
  const entry = siblingModule('pglite-worker');
  if (!RUNNING_TYPESCRIPT) return new Worker(entry, options);
  const tsxApi = tsxModule('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(bootstrap, { eval: true, ...options });
}

const THREAD_STOPPED = 'The database thread stopped';

export class PGliteThread {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private failure: Error | undefined;
  private closing = false;
  private readonly failureListeners = new Set<(error: Error) => void>();
  closed = false;

  /**
   * Resolves once PGlite is open and migrated; rejects if it could not be. Calls made before wait in
   * the thread meanwhile.
   */
  readonly ready: Promise<void>;

  private constructor(readonly worker: Worker) {
    this.ready = new Promise<void>((resolve, reject) =>
      this.pending.set(0, { resolve: () => resolve(), reject }),
    );
    // Its failure is also every call's: whoever has not awaited it yet must not see it as unhandled.
    this.ready.catch(() => undefined);
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('messageerror', (error) => this.fail(error));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`${THREAD_STOPPED} (exit code ${code})`)));
  }

  /**
   * Calls `listener` once if the thread dies without being closed (PGlite out of memory, a bug): the
   * database is gone for good, and the process should stop so that a supervisor starts a new one.
   */
  onFailure(listener: (error: Error) => void): void {
    this.failureListeners.add(listener);
  }

  /**
   * Starts the thread, which opens PGlite in `dataDir` and applies the migrations (`ready`); calls
   * wait in the thread until then, so that the app's own set-up runs meanwhile (main.ts).
   * `compiled`: pglite-worker.ts compiled to JavaScript, for a process that runs the TypeScript sources
   * (the tests bundle it once per run rather than have tsx compile it for every thread).
   */
  static launch(data: WorkerData, compiled?: URL): PGliteThread {
    return new PGliteThread(startWorker(data, compiled));
  }

  /** Starts the thread and resolves once it is ready. */
  static async start(data: WorkerData, compiled?: URL): Promise<PGliteThread> {
    const thread = PGliteThread.launch(data, compiled);
    await thread.ready;
    return thread;
  }

  private receive(reply: Reply) {
    if ('notify' in reply) {
      this.listeners.get(reply.notify)?.forEach((listener) => listener(reply.payload));
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(errorFrom(reply.error));
  }

  private fail(error: Error) {
    const first = this.failure === undefined;
    // Every call fails with one error that says the database is gone (answered 503, db/errors.ts).
    this.failure ??= error.message.startsWith(THREAD_STOPPED)
      ? error
      : new Error(`${THREAD_STOPPED}: ${error.message}`, { cause: error });
    this.closed = true;
    if (first && !this.closing) this.failureListeners.forEach((listener) => listener(error));
    const failure = this.failure;
    for (const waiting of this.pending.values()) waiting.reject(failure);
    this.pending.clear();
  }

  /** Every failure of a call is the database's (db/errors.ts reads it as such). */
  private call<T>(request: Request): Promise<T> {
    return this.send<T>(request).catch((error: unknown) => {
      throw fromDatabase(error);
    });
  }

  private send<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ id, request });
      } catch (error) {
        // A parameter that cannot cross to the thread (a function, say): this call fails, nothing waits.
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object' });
  }

  /** Commits when `fn` resolves, rolls back when it throws (and rethrows), as PGlite's own does. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await fn({
        query: (sql, params = [], options = {}) =>
          this.call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', tx }),
      });
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Calls `listener` with each NOTIFY on `channel`; resolves to a function that stops it. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
