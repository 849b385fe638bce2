import { type Column, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// What a list read anew keeps of each row (docs/decisions/035, its 'rows kept by version' update): the
// row's part of the answer, already written, under a key that names the row version it was written
// from. A list read then asks the database only for the keys of its rows, in the list's order (or in
// none, when the service sorts the parts), reads the few rows whose key is not kept (those added or
// changed since), and joins the kept parts: the rows that did not change are neither sent, parsed,
// mapped nor written again. A list whose rows all are as they were is its whole answer kept
// (`ListAnswers`), compressed once.
//
// The key is the row's id, and the `xmin` and `ctid` of the row version: every insert and update makes
// a new version, written by its own transaction (xmin) in a slot of its own (ctid), so a changed row
// has a new key, in PostgreSQL as in PGlite; a deleted row's key is simply no longer asked for. Two
// versions share an xmin only when one transaction wrote both, and then not their ctid: the first
// version's slot is not freed while that transaction runs. A part that shows data of other rows is
// either not kept whole (a tournament's games are kept on their own keys, and joined at each read) or
// kept under a key that names those rows' versions too (a document's uploader and tournament).
//
// The keys name versions of one database, so the parts are kept per database handle
// (`preparedPerHandle`); nothing is ever invalidated, parts of old versions fall out of the budget,
// oldest first.

/**
 * The version key of `table`'s row as text (`id.xmin.(page,slot)`), for a select from `table`; with
 * the versions of the rows of `joined` tables whose data the part shows (`.xmin.(page,slot)` each, `.-`
 * for a left join's missing row, so that which of them is missing is in the key too). One concat_ws
 * rather than a chain of `||`: 500 documents' keys in 0.86 instead of 1.03 ms.
 */
export function rowVersion(table: PgTable, id: Column, joined: readonly PgTable[] = []): SQL<string> {
  const others = joined.map((other) => sql`, coalesce(${other}.xmin::text, '-'), ${other}.ctid`);
  return sql<string>`concat_ws('.', ${id}, ${table}.xmin, ${table}.ctid${sql.join(others)})`;
}

/** The keys of a list's rows in its order (none given: any), as one text (the keys hold no space). */
export function rowVersions(
  table: PgTable,
  id: Column,
  orderBy?: SQL,
  joined: readonly PgTable[] = [],
): SQL<string | null> {
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return sql<string | null>`string_agg(${rowVersion(table, id, joined)}, ' '${order})`;
}

/** The id in a version key. */
export const idOfVersion = (key: string): number => Number(key.slice(0, key.indexOf('.')));

/** Per kind of row and database handle: 8 MB holds some 8,000 documents or 10,000 games (about 1 KB and 0.8 KB each). */
const DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
/** What a Map entry, its key and its object cost beyond the part's characters. */
const ENTRY_OVERHEAD_BYTES = 200;

/** Kept parts of rows by version key, within a byte budget (strings counted at two bytes a character). */
export class RowFragments<V extends { readonly json: string }> {
  private readonly kept = new Map<string, V>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  get(key: string): V | undefined {
    return this.kept.get(key);
  }

  set(key: string, value: V): void {
    if (this.kept.has(key)) return;
    this.kept.set(key, value);
    this.bytes += sizeOf(key, value);
    for (const [oldKey, old] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(oldKey);
      this.bytes -= sizeOf(oldKey, old);
    }
  }

  get size(): number {
    return this.kept.size;
  }
}

const sizeOf = (key: string, value: { json: string; keptBytes?: number }) =>
  (key.length + value.json.length) * 2 + (value.keptBytes ?? 0) + ENTRY_OVERHEAD_BYTES;

/** The kept parts of a list's rows, by the keys `rowVersions` wrote (in their order), and those missing. */
export class KeptList<V extends { readonly json: string }> {
  private readonly keys: string[];
  private readonly values: (V | undefined)[];
  private missing: number[] = [];

  constructor(
    private readonly kept: RowFragments<V>,
    versions: string | null,
  ) {
    this.keys = versions === null || versions === '' ? [] : versions.split(' ');
    this.values = new Array<V | undefined>(this.keys.length);
    for (let i = 0; i < this.keys.length; i += 1) {
      const value = kept.get(this.keys[i] as string);
      this.values[i] = value;
      if (value === undefined) this.missing.push(i);
    }
  }

  /** The ids of the rows whose part is not kept. */
  get missingIds(): number[] {
    return this.missing.map((i) => idOfVersion(this.keys[i] as string));
  }

  /**
   * Keeps the parts of the rows read for `missingIds`, each under the key it was read with; false when
   * a row changed or went since the keys were read (it is then under another key, or absent).
   */
  fill(read: readonly { key: string; value: V }[]): boolean {
    if (this.missing.length === 0) return true;
    const fresh = new Map<string, V>();
    for (const { key, value } of read) {
      this.kept.set(key, value);
      fresh.set(key, value);
    }
    const still: number[] = [];
    for (const i of this.missing) {
      const value = fresh.get(this.keys[i] as string);
      if (value === undefined) still.push(i);
      else this.values[i] = value;
    }
    this.missing = still;
    return still.length === 0;
  }

  /** The parts in the keys' order, once nothing is missing. */
  get parts(): V[] {
    if (this.missing.length > 0) throw new Error('KeptList: rows are missing');
    return this.values as V[];
  }
}

/**
 * The kept parts of the rows whose keys `versions` lists (as `rowVersions` writes them), in that
 * order. The rows whose part is not kept are read by `read` (by id) with their keys, and kept; a row
 * that changed or went between the two reads comes back under another key or not at all, and the list
 * is then read again from its keys (at most `attempts` times; then undefined: the caller reads the list
 * the plain way).
 */
export async function keptRows<V extends { readonly json: string }>(
  kept: RowFragments<V>,
  versions: () => Promise<string | null>,
  read: (ids: number[]) => Promise<{ key: string; value: V }[]>,
  attempts = 3,
): Promise<V[] | undefined> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const list = new KeptList(kept, await versions());
    const ids = list.missingIds;
    if (ids.length === 0 || list.fill(await read(ids))) return list.parts;
  }
  return undefined;
}

/** Per kind of list and database handle: 8 MB holds some 20 answers of 500 documents (about 400 KB each). */
const LIST_ANSWERS_BUDGET_BYTES = 8 * 1024 * 1024;

/** A list's answer text, written from the rows of `versions`; its gzipped bytes are kept beside it once made. */
export interface KeptListAnswer {
  readonly versions: string;
  readonly text: string;
  readonly compressed: { gzipped?: Buffer };
}

/**
 * Whole answers of lists, each kept with the version keys of the rows it was written from (as
 * `rowVersions` wrote them): a list whose rows are all as they were is the same answer, and is neither
 * joined, written nor compressed again. A read after a change of another kind under the team (an RSVP
 * moves the team's data version, so the answer cache misses) then costs the keys' statement alone. A
 * list (`list`: the team and what of the reader the answer shows) keeps its latest answer only.
 */
export class ListAnswers {
  private readonly kept = new Map<string, KeptListAnswer>();
  private bytes = 0;

  constructor(private readonly budgetBytes = LIST_ANSWERS_BUDGET_BYTES) {}

  /** The answer kept for `list`, when it was written from exactly the rows of `versions`. */
  get(list: string, versions: string): KeptListAnswer | undefined {
    const kept = this.kept.get(list);
    if (kept?.versions !== versions) return undefined;
    // Read again: the last to go when the budget is full.
    this.kept.delete(list);
    this.kept.set(list, kept);
    return kept;
  }

  set(list: string, versions: string, text: string): KeptListAnswer {
    const answer: KeptListAnswer = { versions, text, compressed: {} };
    const old = this.kept.get(list);
    if (old) {
      this.kept.delete(list);
      this.bytes -= listAnswerSize(list, old);
    }
    const size = listAnswerSize(list, answer);
    if (size > this.budgetBytes / 4) return answer;
    this.kept.set(list, answer);
    this.bytes += size;
    for (const [oldList, oldAnswer] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(oldList);
      this.bytes -= listAnswerSize(oldList, oldAnswer);
    }
    return answer;
  }

  get size(): number {
    return this.kept.size;
  }
}

/** Strings at two bytes a character, and the gzipped bytes to come counted ahead at a quarter of the text. */
const listAnswerSize = (list: string, answer: KeptListAnswer) =>
  (list.length + answer.versions.length + answer.text.length) * 2 +
  Math.ceil(answer.text.length / 4) +
  ENTRY_OVERHEAD_BYTES;

/**
 * The answer of `list` (in `answers`) written by `write` from the kept parts of the rows whose keys
 * `versions` lists: the answer kept when those rows are all as they were, otherwise written anew from
 * `keptRows` (and kept). Undefined when the rows kept changing (the caller reads the list the plain way).
 */
export async function keptListAnswer<V extends { readonly json: string }>(
  answers: ListAnswers,
  list: string,
  kept: RowFragments<V>,
  versions: () => Promise<string | null>,
  read: (ids: number[]) => Promise<{ key: string; value: V }[]>,
  write: (parts: V[]) => string,
): Promise<KeptListAnswer | undefined> {
  let keys = await versions();
  const answer = answers.get(list, keys ?? '');
  if (answer) return answer;
  let first = true;
  const parts = await keptRows(
    kept,
    async () => {
      if (!first) keys = await versions();
      first = false;
      return keys;
    },
    read,
  );
  return parts && answers.set(list, keys ?? '', write(parts));
}
