import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './connect.ts';

// Reads that do not depend on each other go out at once, each on a connection of the pool. A
// transaction has one connection, which runs one statement at a time: node-postgres queues a second
// statement sent meanwhile but warns that its next major version refuses it, so there they go one
// after the other (which is what the connection did anyway).

type Reads<T extends readonly unknown[]> = { readonly [K in keyof T]: () => PromiseLike<T[K]> };

/** Runs each read (a function, so nothing starts before its turn) and answers their results in order. */
export async function readTogether<const T extends readonly unknown[]>(db: Db, reads: Reads<T>): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
