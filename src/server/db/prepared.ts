import type { Db } from './connect.ts';

// Prepared statements for the queries every request runs (the signed-in user, the team access): the
// database plans them once per connection instead of on every poll. Built lazily per database handle,
// since a statement belongs to the handle that prepared it.

export function preparedPerHandle<T>(build: (db: Db) => T): (db: Db) => T {
  const byHandle = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
