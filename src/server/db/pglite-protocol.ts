// The messages between the app's thread and the thread that runs PGlite (pglite-thread.ts,
// pglite-worker.ts). Values cross by structured clone, so a database error travels as plain fields.

export type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'close' };

export type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ErrorFields }
  | { notify: string; payload: string };

/** What code reading errors needs (db/errors.ts): SQLSTATE, constraint and the message. */
export interface ErrorFields {
  message: string;
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
}

export interface WorkerData {
  dataDir: string;
  migrationsFolder: string;
  startParams: string[];
  /** PGlite's WebAssembly, compiled once for many threads (tests start one per app); else each compiles it. */
  wasmModule?: WebAssembly.Module | undefined;
}

const ERROR_FIELDS = ['code', 'constraint', 'detail', 'table', 'column'] as const;

export function errorFields(error: unknown): ErrorFields {
  const source = (error ?? {}) as Record<string, unknown>;
  const fields: ErrorFields = { message: error instanceof Error ? error.message : String(error) };
  for (const key of ERROR_FIELDS) if (typeof source[key] === 'string') fields[key] = source[key];
  return fields;
}

/** An Error with the database's fields, as the PGlite driver's own error would carry them. */
export function errorFrom(fields: ErrorFields): Error {
  return Object.assign(new Error(fields.message), fields);
}
