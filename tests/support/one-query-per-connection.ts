import pg from 'pg';
import { afterEach, expect } from 'vitest';

// A pg connection runs one statement at a time. node-postgres still queues a second query sent while
// one runs, but warns that pg@9 will refuse it: a Promise.all of reads on a transaction's connection
// works today by luck. Every API test on PostgreSQL checks that nothing sent one.

interface Patched {
  __oneQueryGuard?: true;
}

// Vitest runs this file again before each test file of a worker; the prototype is patched once, so the
// queries it notes go to one list that every file's check reads.
const shared = globalThis as typeof globalThis & { __overlappingQueries?: string[] };
const overlapping = (shared.__overlappingQueries ??= []);
const proto = pg.Client.prototype as pg.Client &
  Patched & {
    _activeQuery?: unknown;
    _queryQueue?: unknown[];
  };

if (!proto.__oneQueryGuard) {
  const query = proto.query as (...args: unknown[]) => unknown;
  proto.query = function (this: typeof proto, ...args: unknown[]) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      overlapping.push(String(text).slice(0, 200));
    }
    return query.apply(this, args);
  } as typeof proto.query;
  proto.__oneQueryGuard = true;
}

afterEach(() => {
  const sent = overlapping.splice(0);
  expect(sent, 'queries sent on a connection while another ran').toEqual([]);
});
