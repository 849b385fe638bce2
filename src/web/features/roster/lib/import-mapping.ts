import Papa from 'papaparse';
import { IMPORT_FIELDS, type ImportField, type ImportRow } from '../../../../shared/roster-rows.ts';

// The roster import's reading of a file or of rows pasted from a spreadsheet (docs/decisions/049):
// papaparse splits the text (tab or comma, whichever the text uses), the first row is a header when
// it names columns, and each column maps to one field of a row (or none). Loaded only with the import
// dialog.

/** The text split into rows of cells; lines with nothing in them are left out. */
export function parseSheet(text: string): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: ['\t', ','],
    skipEmptyLines: 'greedy',
  });
  return result.data.map((row) => row.map((cell) => cell.trim()));
}

/** Header words of each field, compared in lower case without punctuation. */
const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  player_name: ['player', 'player name', 'name', 'child', 'child name', 'full name', 'athlete', 'kid'],
  jersey_number: ['jersey', 'jersey number', 'number', '#', 'no', 'shirt', 'shirt number', 'jersey #'],
  position: ['position', 'pos'],
  age: ['age'],
  parent_name: ['parent', 'parent name', 'guardian', 'guardian name', 'contact', 'contact name'],
  parent_email: ['email', 'e mail', 'parent email', 'guardian email', 'contact email', 'email address'],
  parent_phone: ['phone', 'parent phone', 'mobile', 'cell', 'telephone', 'phone number', 'contact phone'],
  relationship: ['relationship', 'relation', 'relationship type'],
};

const headerWord = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();

/** The field a header cell names, if any. */
export function fieldOfHeader(cell: string): ImportField | null {
  const word = headerWord(cell);
  return IMPORT_FIELDS.find((field) => HEADER_NAMES[field].includes(word)) ?? null;
}

/** The first row is a header when at least two of its cells name a field (one for a single column). */
export function looksLikeHeader(first: readonly string[] | undefined): boolean {
  if (!first) return false;
  const named = first.filter((cell) => fieldOfHeader(cell) !== null).length;
  return named >= Math.min(2, first.length);
}

export type Mapping = (ImportField | null)[];

/**
 * The columns' fields: from the header's words; without a header, in the order of the fields
 * (player name, jersey, position, age, parent name, email, phone, relationship), except that a
 * column of email addresses is the parent email. A field is mapped once.
 */
export function guessMapping(rows: readonly string[][], hasHeader: boolean): Mapping {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const used = new Set<ImportField>();
  const take = (field: ImportField | null) => {
    if (field === null || used.has(field)) return null;
    used.add(field);
    return field;
  };
  if (hasHeader) {
    const header = rows[0] ?? [];
    return Array.from({ length: width }, (_, i) => take(fieldOfHeader(header[i] ?? '')));
  }
  const emailColumn = Array.from({ length: width }, (_, i) => i).find((i) =>
    rows.some((row) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row[i] ?? '')),
  );
  if (emailColumn !== undefined) used.add('parent_email');
  const rest = IMPORT_FIELDS.filter((field) => field !== 'parent_email' || emailColumn === undefined);
  let next = 0;
  return Array.from({ length: width }, (_, i) => {
    if (i === emailColumn) return 'parent_email';
    const field = rest[next];
    next += 1;
    return take(field ?? null);
  });
}

/** The data rows (after the header, when there is one) as the mapping reads them. */
export function mapRows(rows: readonly string[][], hasHeader: boolean, mapping: Mapping): ImportRow[] {
  return rows.slice(hasHeader ? 1 : 0).map((cells) => {
    const row: ImportRow = {};
    mapping.forEach((field, i) => {
      if (field) row[field] = cells[i] ?? '';
    });
    return row;
  });
}

/** A field may be chosen for one column only: choosing it again leaves the other column unmapped. */
export function remap(mapping: Mapping, column: number, field: ImportField | null): Mapping {
  return mapping.map((current, i) => {
    if (i === column) return field;
    return field !== null && current === field ? null : current;
  });
}
