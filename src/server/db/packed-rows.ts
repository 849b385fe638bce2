import { Column, type GetColumnData, is, SQL, sql } from 'drizzle-orm';

// A list's rows sent by the database as one value (docs/decisions/035 'Update'): one JSON text, an
// array holding each row as an array of its columns. The rows are the ones a plain select of the same
// columns would give, in the same types; what the answer makes of them (status, order, records) stays
// with the services and src/shared. It saves what each row cost in Node: the driver's parsing of every
// field and drizzle's mapping of every column (a list of 200 games: 3,000 fields); JSON.parse of one
// string does the same work in a fraction of the time, and several lists come in one round trip.

/**
 * Column types whose JSON value is the value the driver hands drizzle (pg and PGlite parse these into
 * numbers and booleans). Every other column is sent as its text, which is what drizzle receives from
 * either driver for it (dates, times, timestamps and intervals are kept as text by drizzle's drivers),
 * and then goes through the column's own mapping, as a plain select's would.
 */
const SENT_AS_JSON = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgSmallSerial', 'PgBoolean']);

/** Columns that are text already: sent as JSON strings, no cast needed. */
const TEXT = new Set(['PgText', 'PgVarchar']);

/** json_build_array takes at most 100 arguments (PostgreSQL's FUNC_MAX_ARGS). */
const MAX_COLUMNS = 100;

/** A column, or an expression of text (`sql<string>\`...\``, aliased or not), sent as its text. */
type Field = Column | SQL<string> | SQL<string | null> | SQL.Aliased<string> | SQL.Aliased<string | null>;
type Fields = Record<string, Field>;

/**
 * The row a plain select of these fields gives. A column of a left-joined table may be null whatever
 * its own type says: the query then declares its row's type itself, as with a plain select.
 */
export type PackedRow<C extends Fields> = {
  [K in keyof C]: C[K] extends Column
    ? GetColumnData<C[K]>
    : C[K] extends SQL<infer T>
      ? T
      : C[K] extends SQL.Aliased<infer T>
        ? T
        : never;
};

export interface Pack<Row> {
  /**
   * The rows of the select it is used in, aggregated into one text: `[]` when there are none. In the
   * order of `orderBy` when given, otherwise in no particular order.
   */
  readonly value: SQL<string>;
  /** The rows out of that text. */
  unpack(text: string | null): Row[];
}

/**
 * Packs the rows of `fields` (a select's field names to columns, as `db.select` takes them): use its
 * `value` as the one field of a select, which then answers one row.
 */
export function pack<C extends Fields>(fields: C, orderBy?: SQL): Pack<PackedRow<C>> {
  const keys = Object.keys(fields);
  const list = Object.values(fields);
  if (list.length === 0 || list.length > MAX_COLUMNS) {
    throw new Error(`pack: ${list.length} columns (1 to ${MAX_COLUMNS})`);
  }
  // A literal's "__proto__" key would set the row's prototype instead of a field.
  if (keys.includes('__proto__')) throw new Error('pack: a field may not be named __proto__');
  const asJson = list.map((field) => is(field, Column) && SENT_AS_JSON.has(field.columnType));
  const cells = list.map((field, i) => {
    if (is(field, SQL)) return sql`(${field})::text`;
    if (!is(field, Column)) return sql`(${field.sql})::text`;
    return asJson[i] || TEXT.has(field.columnType) ? sql`${field}` : sql`${field}::text`;
  });
  // How each text is read: by the column's own mapping; text and an expression's text are the value.
  const decoders: (Column | undefined)[] = list.map((field, i) =>
    !asJson[i] && is(field, Column) && !TEXT.has(field.columnType) ? field : undefined,
  );
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  const value = sql<string>`coalesce(json_agg(json_build_array(${sql.join(cells, sql`, `)})${order}), '[]')::text`;
  // Each row is made by one object literal of the fields' keys (written once per pack, from the keys
  // of the code's own field map): the rows share one shape, which is quicker to build and to read than
  // an object filled key by key (200 rows of 16 columns: 65 against 97 µs with the JSON.parse).
  const cellsToRow = new Function(
    'decoders',
    `return (cells) => ({ ${keys
      .map((key, i) => {
        const cell = `cells[${i}]`;
        return `${JSON.stringify(key)}: ${decoders[i] ? `${cell} === null ? null : decoders[${i}].mapFromDriverValue(${cell})` : cell}`;
      })
      .join(', ')} });`,
  )(decoders) as (cells: unknown[]) => PackedRow<C>;
  return {
    value,
    unpack(text) {
      if (text === null) return [];
      const rows = JSON.parse(text) as unknown[][];
      const out = new Array<PackedRow<C>>(rows.length);
      for (let r = 0; r < rows.length; r += 1) out[r] = cellsToRow(rows[r] as unknown[]);
      return out;
    },
  };
}
